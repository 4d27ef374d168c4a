/// A payment made in a currency other than the account's, as the bank stated it: a card payment
/// in USD booked on a EUR account. The account-currency amount stays `PaymentActivity.amount`;
/// this keeps what the file said about the other currency (OFX `ORIGCURRENCY`, CAMT `InstdAmt`
/// and `CcyXchg`), either part of which a file may leave out.
public struct OriginalAmount: Hashable, Sendable {
    /// The payment's own currency.
    public var currency: CurrencyCode
    /// The amount in `currency` (its `currency` set), signed like the account amount; `nil` when
    /// the file states only the rate.
    public var amount: Money?
    /// Account-currency units per unit of `currency`, when the file states it.
    public var rate: ExchangeRate?

    public init(currency: CurrencyCode, amount: Money? = nil, rate: ExchangeRate? = nil) {
        self.currency = currency
        self.amount = amount.map { Money(units: $0.units, scale: $0.scale, currency: currency) }
        self.rate = rate
    }
}

/// An exchange rate, exact: `units` × 10^-`scale`, always positive.
public struct ExchangeRate: Hashable, Sendable, CustomStringConvertible {
    public var units: Int64
    public var scale: UInt8

    /// A rate from its decimal value; `nil` unless it is positive.
    public init?(_ value: Money) {
        guard value.units > 0 else { return nil }
        units = value.units
        scale = value.scale
    }

    /// `1 / rate`, rounded half to even at `decimals` places; `nil` when that is zero or too large.
    public static func reciprocal(of rate: Money, decimals: Int) -> ExchangeRate? {
        guard rate.units > 0, decimals >= 0, decimals <= 18 else { return nil }
        // 10^(scale + decimals) / units, in 128 bits: the scale and the decimals are at most 18 each.
        let numerator = UInt128(10).power(Int(rate.scale) + decimals)
        let denominator = UInt128(rate.units)
        var quotient = numerator / denominator
        let remainder = numerator % denominator
        if remainder * 2 > denominator || remainder * 2 == denominator && quotient % 2 == 1 { quotient += 1 }
        guard quotient > 0, quotient <= UInt128(Int64.max) else { return nil }
        return ExchangeRate(Money(units: Int64(quotient), scale: UInt8(decimals)))
    }

    /// `amount` × this rate in `currency`, rounded half away from zero to the currency's minor
    /// digits (whole yen, cents, fils): what a bank charges for a payment in another currency;
    /// `nil` when the product does not fit.
    public func convert(_ amount: Money, to currency: CurrencyCode) -> Money? {
        let scale = Int(amount.scale) + Int(scale)
        let target = currency.minorDigits
        guard scale <= 36 else { return nil }
        let (product, overflow) = Int128(amount.units).multipliedReportingOverflow(by: Int128(units))
        guard !overflow else { return nil }
        var value = product
        if scale > target {
            let divisor = Int128(UInt128(10).power(scale - target))
            let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
            value = quotient
            if remainder.magnitude * 2 >= divisor.magnitude { value += product < 0 ? -1 : 1 }
        } else if scale < target {
            let (scaled, overflow) = value.multipliedReportingOverflow(by: Int128(UInt128(10).power(target - scale)))
            guard !overflow else { return nil }
            value = scaled
        }
        guard let units = Int64(exactly: value) else { return nil }
        return Money(units: units, scale: UInt8(target), currency: currency)
    }

    /// The rate as a plain decimal (`0.9225`), trailing zeros dropped down to two decimals (`1.10`).
    public var description: String { Money(units: units, scale: scale).canonical.decimalString }

    /// Whether two rates are the same number (`0.90` and `0.9`).
    public static func == (lhs: ExchangeRate, rhs: ExchangeRate) -> Bool {
        Money(units: lhs.units, scale: lhs.scale) == Money(units: rhs.units, scale: rhs.scale)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(Money(units: units, scale: scale))
    }
}

extension UInt128 {
    fileprivate func power(_ exponent: Int) -> UInt128 {
        var result: UInt128 = 1
        for _ in 0..<exponent { result *= self }
        return result
    }
}
