import FinanceCore

/// Which currency a report covers: all of them (each in its own summaries), or only one.
///
/// An enum rather than a `CurrencyCode??`: "no filter" and "only the amounts without a currency"
/// are both real choices, and `.only(nil)` says the second plainly where `.some(nil)` would not.
///
///     ReportOptions(currency: .only(CurrencyCode("EUR")))
public enum CurrencyFilter: Hashable, Sendable {
    /// Every currency, each summarised apart (amounts without a currency form their own group).
    case all
    /// Only amounts in this currency; `.only(nil)` keeps only the amounts whose source named none.
    case only(CurrencyCode?)

    /// Whether an amount in `currency` passes the filter.
    public func admits(_ currency: CurrencyCode?) -> Bool {
        switch self {
        case .all: return true
        case .only(let wanted): return wanted == currency
        }
    }
}
