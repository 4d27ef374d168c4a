import FinanceCore

/// One market price: on `date`, one unit of `base` was worth `rate` units of `quote`. hledger's
/// `P 2024-05-01 USD 0.9225 EUR` is base USD, quote EUR, rate 0.9225.
public struct MarketPrice: Hashable, Sendable {
    public var date: LocalDate
    public var base: CurrencyCode
    public var quote: CurrencyCode
    public var rate: ExchangeRate
    /// The line of the prices file that states it.
    public var location: SourceLocation

    public init(date: LocalDate, base: CurrencyCode, quote: CurrencyCode, rate: ExchangeRate, location: SourceLocation) {
        self.date = date
        self.base = base
        self.quote = quote
        self.rate = rate
        self.location = location
    }
}

/// The price that converts one currency into another on a day, and which way round it was stated.
public struct PriceQuote: Hashable, Sendable {
    public var price: MarketPrice
    /// `true` when the file states the other direction (`P … EUR 1.0840 USD` used for USD → EUR):
    /// the amount is divided by the rate rather than multiplied.
    public var isReversed: Bool
}

/// The prices of a prices file, found by pair and date.
///
/// A conversion uses the latest price on or before the payment's date, stated either way round
/// (as hledger uses a price and its reverse); on the same day a price stated in the direction of
/// the conversion wins, and of two for the same pair and day, the later line. A price after the
/// date is never used: a report of May must not change when June's prices are added.
public struct PriceList: Sendable {
    private struct Pair: Hashable {
        var base: CurrencyCode
        var quote: CurrencyCode
    }

    /// Each pair's prices, by date; a later line on the same date replaces an earlier one.
    private var prices: [Pair: [MarketPrice]] = [:]

    public init(_ list: [MarketPrice] = []) {
        var grouped: [Pair: [MarketPrice]] = [:]
        for price in list { grouped[Pair(base: price.base, quote: price.quote), default: []].append(price) }
        for (pair, list) in grouped {
            // Stable: of equal dates the later line comes last, and the lookup takes the last.
            let sorted = list.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
            prices[pair] = sorted
        }
    }

    /// How many prices the list holds.
    public var count: Int { prices.values.reduce(0) { $0 + $1.count } }

    /// Every price, by pair (base, then quote) and date; of one pair and date, in the file's order.
    public var all: [MarketPrice] {
        prices.keys.sorted { ($0.base, $0.quote) < ($1.base, $1.quote) }
            .flatMap { prices[$0] ?? [] }
    }

    /// The price that turns `base` into `quote` on `date`, or `nil` when the list has none on or
    /// before that day.
    public func quote(_ base: CurrencyCode, in quote: CurrencyCode, on date: LocalDate) -> PriceQuote? {
        let direct = Self.latest(prices[Pair(base: base, quote: quote)], onOrBefore: date)
        let reverse = Self.latest(prices[Pair(base: quote, quote: base)], onOrBefore: date)
        switch (direct, reverse) {
        case (let d?, let r?): return r.date > d.date ? PriceQuote(price: r, isReversed: true) : PriceQuote(price: d, isReversed: false)
        case (let d?, nil): return PriceQuote(price: d, isReversed: false)
        case (nil, let r?): return PriceQuote(price: r, isReversed: true)
        case (nil, nil): return nil
        }
    }

    /// The last of `sorted` dated on or before `date` (binary search).
    private static func latest(_ sorted: [MarketPrice]?, onOrBefore date: LocalDate) -> MarketPrice? {
        guard let sorted else { return nil }
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].date <= date { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : sorted[low - 1]
    }
}
