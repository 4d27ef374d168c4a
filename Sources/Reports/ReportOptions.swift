import FinanceCore

/// What `ReportBuilder` computes: which months, which currency, and how much detail to keep.
public struct ReportOptions: Sendable {
    /// The months the report covers, every one listed even when empty; `nil` for the first to the
    /// last month of the (filtered) data. Earlier data still feeds the comparisons with previous
    /// months and trailing averages; later data is ignored.
    public var months: ClosedRange<YearMonth>?
    /// Which currency to report; amounts of other currencies are ignored entirely.
    public var currency: CurrencyFilter
    /// Whether summaries carry every transaction of their month (the HTML month pages list them);
    /// turn off to keep only aggregates in memory.
    public var keepTransactions: Bool
    /// With `keepTransactions`: at most this many transactions kept per month and currency, the
    /// newest (`MonthlySummary.transactions`), so that memory and a month page stay bounded
    /// whatever the month holds; `nil` keeps them all. Every total still counts every one.
    public var transactionLimit: Int?
    /// How many payees (`topPayees`) and transactions (`largest`) each summary lists; negative
    /// counts as zero.
    public var topCount: Int
    /// Whether amounts may carry more digits than their currency's and the totals are to be
    /// rounded, once each, to the currency's minor digits (half to even): set for a report of
    /// converted amounts (`CurrencyConverter`), whose exact values have up to 18 decimals. The
    /// listed transactions are rounded the same way for showing. Off, a summary keeps every
    /// digit an amount was written with.
    public var roundsTotals: Bool

    public init(
        months: ClosedRange<YearMonth>? = nil, currency: CurrencyFilter = .all, keepTransactions: Bool = true,
        topCount: Int = 10, roundsTotals: Bool = false, transactionLimit: Int? = nil
    ) {
        self.transactionLimit = transactionLimit
        self.months = months
        self.currency = currency
        self.keepTransactions = keepTransactions
        self.topCount = topCount
        self.roundsTotals = roundsTotals
    }
}
