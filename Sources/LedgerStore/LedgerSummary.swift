import FinanceCore

/// The dashboard of `pfin summary`: totals per currency over a period, and the latest transactions.
public struct LedgerSummary: Sendable, Equatable {
    public var from: LocalDate?
    public var to: LocalDate?
    /// One entry per currency (unknown currency last), in code order.
    public var totals: [CurrencyTotals]
    /// The most recent transactions of the period, newest first.
    public var recent: [PaymentActivity]

    public init(from: LocalDate?, to: LocalDate?, totals: [CurrencyTotals], recent: [PaymentActivity]) {
        self.from = from
        self.to = to
        self.totals = totals
        self.recent = recent
    }
}

/// Income, expense and net in one currency, counted by `AccountingModel` as reports count them.
/// Signs as in `Reports.MonthlySummary`: `income` is the sum of the income side's amounts, `expense`
/// minus the sum of the spending side's (both normally positive; refunds lower `expense`), `net`
/// is `income - expense` (not an account's balance: `Ledger.latestBalances(through:)` gives the
/// balances the statements state). Transfers are counted apart and in neither.
public struct CurrencyTotals: Sendable, Equatable {
    public var currency: CurrencyCode?
    public var income: Money
    public var expense: Money
    public var net: Money
    public var incomeCount: Int
    public var expenseCount: Int
    public var transferCount: Int
    /// True when a total did not fit `Money` (amounts near 10^17 units, see `ExactSum`) and was
    /// clamped to the largest value it can hold: the totals of this line are then not to be shown
    /// as if they were right.
    public var isSaturated = false

    public init(
        currency: CurrencyCode?, income: Money, expense: Money, net: Money, incomeCount: Int,
        expenseCount: Int, transferCount: Int
    ) {
        self.currency = currency
        self.income = income
        self.expense = expense
        self.net = net
        self.incomeCount = incomeCount
        self.expenseCount = expenseCount
        self.transferCount = transferCount
    }
}
