import FinanceCore

/// An account's balance as a statement states it at the end of a day: a closing balance (OFX
/// `LEDGERBAL`, CAMT `CLBD`, MT940 `:62F:`, a CSV's `Kontostand`), or the balance a CSV's Balance
/// column gives after the day's last row. Never worked out from transactions: a report's *net* is
/// income minus spending, and only these are balances.
public struct StatedAccountBalance: Hashable, Sendable {
    /// The account as its transactions name it; `nil` when the statement names none.
    public var account: String?
    /// The amount, and the day at whose end the account held it.
    public var balance: Balance
    /// Where it was stated.
    public var source: SourceLocation

    public var amount: Money { balance.amount }
    public var date: LocalDate { balance.date }

    public init(account: String?, balance: Balance, source: SourceLocation) {
        self.account = account
        self.balance = balance
        self.source = source
    }
}

extension MonthlyReport {
    /// Gives each summary the balances stated for its month and currency: per account, the
    /// latest (by date; of one date, the one given last). A balance of a month or currency without
    /// a summary (no transactions there) has no place and is left out.
    public mutating func attach(_ balances: [StatedAccountBalance]) {
        struct Key: Hashable {
            var month: YearMonth
            var currency: CurrencyCode?
        }
        var byMonth: [Key: [String?: StatedAccountBalance]] = [:]
        for balance in balances {
            let key = Key(month: YearMonth(balance.date), currency: balance.amount.currency)
            if let known = byMonth[key]?[balance.account], known.date > balance.date { continue }
            byMonth[key, default: [:]][balance.account] = balance
        }
        for i in summaries.indices {
            let found = byMonth[Key(month: summaries[i].month, currency: summaries[i].currency)] ?? [:]
            summaries[i].balances = found.values.sorted { ($0.account ?? "", $0.date) < ($1.account ?? "", $1.date) }
        }
    }
}
