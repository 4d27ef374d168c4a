/// Which way round a stated exchange rate goes, when the file does not say.
///
/// SWIFT's `/EXCH/` codeword and the "Exchange rate" columns of bank and payment-service exports
/// (Wise writes units of the target currency per unit of the source; others the reverse) leave the
/// direction to the writer. With both amounts stated, the amounts tell: the rate is taken as
/// account-currency units per unit of the original currency (`OriginalAmount.rate`) when the
/// original amount times it comes nearer the booked amount than the booked amount times it comes to
/// the original, as its reciprocal (at ten decimal places) when the other way is nearer, and not at
/// all when neither comes within a tenth (charges and rounding differ, never by that much).
public enum RateOrientation {
    /// How far a converted amount may be from the other one, in parts per million: a tenth.
    public static let tolerance: Int128 = 100_000

    /// `rate` as account-currency units per unit of the original currency, given the booked and
    /// the original amount (either sign, any scale); `nil` when it fits neither way.
    public static func perOriginalUnit(_ rate: Money, booked: Money, original: Money) -> ExchangeRate? {
        guard rate.units > 0 else { return nil }
        let bookedMagnitude = booked.magnitude ?? booked
        let originalMagnitude = original.magnitude ?? original
        let stated = error(originalMagnitude, times: rate, against: bookedMagnitude)
        let reversed = error(bookedMagnitude, times: rate, against: originalMagnitude)
        if let stated, stated <= tolerance, stated <= reversed ?? .max { return ExchangeRate(rate) }
        if let reversed, reversed <= tolerance { return ExchangeRate.reciprocal(of: rate, decimals: 10) }
        return nil
    }

    /// |a × rate − b| / b in parts per million (all unsigned), in exact integers; `nil` when `b`
    /// is zero or the numbers are too large for any real payment.
    static func error(_ a: Money, times rate: Money, against b: Money) -> Int128? {
        // a·rate at scale (a.scale + rate.scale) against b at b.scale, brought to one scale.
        let productScale = Int(a.scale) + Int(rate.scale)
        let common = max(productScale, Int(b.scale))
        guard common <= 30, b.units > 0, a.units >= 0 else { return nil }
        let (product, o1) = Int128(a.units).multipliedReportingOverflow(by: Int128(rate.units))
        let (p, o2) = product.multipliedReportingOverflow(by: power(common - productScale))
        let (q, o3) = Int128(b.units).multipliedReportingOverflow(by: power(common - Int(b.scale)))
        let (scaled, o4) = (p > q ? p - q : q - p).multipliedReportingOverflow(by: 1_000_000)
        guard !o1, !o2, !o3, !o4 else { return nil }
        return scaled / q
    }

    /// 10^`exponent`, for exponents up to 36.
    private static func power(_ exponent: Int) -> Int128 {
        var result: Int128 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
