import FinanceCore

/// Turns every amount into one currency, for a report in that currency (`--convert-to`).
///
/// An amount already in the currency stays as it is. Otherwise the file's own statement wins:
/// a card payment booked in CHF whose file states the original EUR 12.00 counts as EUR 12.00
/// (or, when the file states only the rate, the booked amount divided by it). The rest is
/// converted at the latest market price on or before the payment's date (`PriceList`).
///
/// The converted amount is exact, or rounded half to even at the 18th decimal place (or
/// fewer, for amounts too large for that), never at the cent: totals are summed from these and
/// rounded once, as hledger's `--value` does, so that a report of many small conversions does
/// not drift a cent from the sum of its parts converted one by one.
public struct CurrencyConverter: Sendable {
    public let target: CurrencyCode
    public let prices: PriceList

    /// What a conversion went by.
    public enum Basis: Hashable, Sendable {
        /// The amount was in the target currency already.
        case unchanged
        /// The file stated the payment's amount in the target currency.
        case statedAmount
        /// The file stated the rate between the booked amount and the target currency.
        case statedRate
        /// A market price from the prices file.
        case price(PriceQuote)
    }

    /// Why an amount could not be converted.
    public enum Failure: Error, Hashable, Sendable {
        /// The amount's source names no currency.
        case noCurrency
        /// The prices file has no price for this currency into the target on or before the date.
        case noPrice(CurrencyCode)
        /// The converted amount does not fit `Money`.
        case tooLarge(CurrencyCode)
    }

    public init(target: CurrencyCode, prices: PriceList) {
        self.target = target
        self.prices = prices
    }

    /// `activity` with its amount in the target currency and, when it changed, the amount the
    /// bank booked as `original` (so a converted view can still show it); or why it cannot be.
    public func convert(_ activity: PaymentActivity) -> Result<(PaymentActivity, Basis), Failure> {
        let booked = activity.amount
        if booked.currency == target { return .success((activity, .unchanged)) }
        guard let currency = booked.currency else { return .failure(.noCurrency) }
        var converted: Money?
        let basis: Basis
        if let original = activity.original, original.currency == target, let amount = original.amount {
            converted = Money(units: amount.units, scale: amount.scale, currency: target)
            basis = .statedAmount
        } else if let original = activity.original, original.currency == target, let rate = original.rate {
            converted = Self.divide(booked, by: rate).flatMap { Self.money($0, currency: target) }
            basis = .statedRate
        } else if let quote = prices.quote(currency, in: target, on: activity.date) {
            let value = quote.isReversed ? Self.divide(booked, by: quote.price.rate) : Self.multiply(booked, by: quote.price.rate)
            converted = value.flatMap { Self.money($0, currency: target) }
            basis = .price(quote)
        } else {
            return .failure(.noPrice(currency))
        }
        guard let converted else { return .failure(.tooLarge(currency)) }
        var result = activity
        result.amount = converted
        result.original = OriginalAmount(currency: currency, amount: booked)
        return .success((result, basis))
    }

    // MARK: Exact arithmetic, in units of 10^-18

    /// `amount × rate` in units of 10^-18, rounded half to even there; `nil` beyond 128 bits.
    static func multiply(_ amount: Money, by rate: ExchangeRate) -> Int128? {
        // Both below 2^63: the product is below 2^126.
        let product = Int128(amount.units) * Int128(rate.units)
        let scale = Int(amount.scale) + Int(rate.scale)
        if scale <= 18 {
            let (value, overflow) = product.multipliedReportingOverflow(by: ExactSum.factors[scale])
            return overflow ? nil : value
        }
        return ExactSum.halfEven(product, ExactSum.factors[36 - scale])
    }

    /// `amount ÷ rate` in units of 10^-18, rounded half to even there; `nil` beyond 128 bits.
    static func divide(_ amount: Money, by rate: ExchangeRate) -> Int128? {
        // amount.units × 10^(18 − scale + rate.scale) ÷ rate.units
        var exponent = 18 - Int(amount.scale) + Int(rate.scale)
        var numerator = Int128(amount.units)
        var shortfall = 0
        while exponent > 0 {
            let (next, overflow) = numerator.multipliedReportingOverflow(by: 10)
            if overflow { break }
            numerator = next
            exponent -= 1
        }
        shortfall = exponent
        var value = ExactSum.halfEven(numerator, Int128(rate.units))
        // Digits the numerator had no room for: the quotient is large, so these are far below a cent.
        while shortfall > 0 {
            let (next, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = next
            shortfall -= 1
        }
        return value
    }

    /// A value in units of 10^-18 as `Money` in `currency`, at the most digits `Int64` units
    /// allow (18 for amounts below 9.2), trailing zeros dropped down to the currency's minor digits.
    static func money(_ value: Int128, currency: CurrencyCode) -> Money? {
        let floor = currency.minorDigits
        var scale = 18
        while scale >= floor {
            let units = ExactSum.halfEven(value, ExactSum.factors[scale])
            if let exact = Int64(exactly: units) { return Money(units: exact, scale: UInt8(scale), currency: currency).canonical }
            scale -= 1
        }
        return nil
    }
}

extension Money {
    /// The amount rounded half to even to its currency's minor digits (two when unknown); itself
    /// when it has no more digits than those.
    public var roundedToMinorDigits: Money {
        let digits = UInt8(currency?.minorDigits ?? 2)
        guard scale > digits else { return self }
        let units = ExactSum.halfEven(Int128(units), ExactSum.factors[18 - Int(scale - digits)])
        // Fewer digits: the magnitude only shrinks, so it fits.
        return Money(units: Int64(units), scale: digits, currency: currency)
    }
}

extension MonthlyReport {
    /// The listed transactions (largest, every one of a month) with their amounts rounded to
    /// their currency's minor digits: a converted report's are exact to 18 places, its totals
    /// rounded once from those.
    mutating func roundListedAmounts() {
        for i in summaries.indices {
            for j in summaries[i].largest.indices { summaries[i].largest[j].amount = summaries[i].largest[j].amount.roundedToMinorDigits }
            for j in summaries[i].transactions.indices {
                summaries[i].transactions[j].amount = summaries[i].transactions[j].amount.roundedToMinorDigits
            }
        }
    }
}
