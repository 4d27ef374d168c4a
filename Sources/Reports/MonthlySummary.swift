import FinanceCore

/// One month in one currency, as plain data: every renderer (text, CSV, JSON, HTML) reads only this.
///
/// Amounts of different currencies are never added together; a month with activity in two
/// currencies has two summaries. Transfers stay out of income and expense and are shown apart.
///
/// Which transactions count where is `AccountingModel`'s decision, the same for every output.
/// Signs: `income` is the sum of the amounts on the income side and `expense` minus the sum of the
/// amounts on the spending side, so both are normally positive; a refund (money back in a spending
/// category) lowers `expense` and is also shown on its own in `refunds`. `net` is `income - expense`.
public struct MonthlySummary: Sendable {
    public var month: YearMonth
    /// `nil` when the source did not say (such amounts are summed together, apart from all others).
    public var currency: CurrencyCode?

    public var income: Money
    public var expense: Money
    public var net: Money
    /// `net / income`; `nil` when income was not positive or less than a tenth of the spending
    /// (`SavingsRate`: the ratio would say nothing then).
    public var savingsRate: Share?
    public var incomeCount: Int
    public var expenseCount: Int
    public var transfers: TransferTotals

    /// The previous month's totals in this currency, when the data reaches back that far (all
    /// zero when that month had no activity in this currency).
    public var previous: MonthTotals?

    /// Income by category, the hierarchy rolled up (`Salary:Bonus` also counts under `Salary`),
    /// in tree order: each parent before its children, siblings by amount, largest first.
    public var incomeCategories: [CategoryLine]
    /// Spending by category, laid out as `incomeCategories`.
    public var expenseCategories: [CategoryLine]

    /// Payees by spending (expense-type transactions), largest first.
    public var topPayees: [PayeeLine]
    /// The largest income and expense transactions by magnitude, largest first (transfers excluded).
    public var largest: [PaymentActivity]

    /// Transactions (income, expense or transfer) that no rule or source gave a category.
    public var uncategorizedCount: Int

    /// Every transaction of the month in this currency, newest first (same-day order: latest
    /// in the source first). Empty when the builder was told not to keep them; only the newest
    /// `ReportOptions.transactionLimit` with a limit.
    public var transactions: [PaymentActivity]
    /// How many transactions the month had in this currency (income, spending and transfers):
    /// more than `transactions` holds when a limit cut the list.
    public var transactionCount = 0
    /// How many of the 12 months before this one have data in this currency: the months the
    /// category lines' `trailingAverage` is over (none is given below three).
    public var averageMonths = 0
    /// The fewest months with data a trailing average is given over: over one or two, a single
    /// unusual month passes for the usual.
    public static let minimumAverageMonths = 3

    /// True when a sum of this month did not fit `Money` (amounts near 10^17 dollars, or an absurd
    /// number of decimals) and was clamped to the largest value it can hold: the amounts of this
    /// summary are then not to be trusted. Added for the builder, which never traps on input.
    public var isSaturated = false

    /// The balances the statements state for this month's end days, per account (the latest of
    /// each in the month, in this currency): empty unless `MonthlyReport.attach(_:)` gave some.
    public var balances: [StatedAccountBalance] = []

    /// The refunds among the spending: the sum of the positive amounts on the spending side, already
    /// taken off `expense` (zero when there were none), and how many there were.
    public var refunds = Money.zero(nil)
    public var refundCount = 0

    public init(
        month: YearMonth, currency: CurrencyCode?, income: Money, expense: Money, net: Money,
        savingsRate: Share?, incomeCount: Int, expenseCount: Int, transfers: TransferTotals,
        previous: MonthTotals?, incomeCategories: [CategoryLine], expenseCategories: [CategoryLine],
        topPayees: [PayeeLine], largest: [PaymentActivity], uncategorizedCount: Int,
        transactions: [PaymentActivity]
    ) {
        self.month = month
        self.currency = currency
        self.income = income
        self.expense = expense
        self.net = net
        self.savingsRate = savingsRate
        self.incomeCount = incomeCount
        self.expenseCount = expenseCount
        self.transfers = transfers
        self.previous = previous
        self.incomeCategories = incomeCategories
        self.expenseCategories = expenseCategories
        self.topPayees = topPayees
        self.largest = largest
        self.uncategorizedCount = uncategorizedCount
        self.transactions = transactions
    }
}

/// Income, expense and net of one month in one currency (see `MonthlySummary` for the signs).
public struct MonthTotals: Hashable, Sendable {
    public var income: Money
    public var expense: Money
    public var net: Money

    public init(income: Money, expense: Money, net: Money) {
        self.income = income
        self.expense = expense
        self.net = net
    }
}

/// Money moved between the user's own accounts: kept out of income and expense.
public struct TransferTotals: Hashable, Sendable {
    /// The sum of the positive transfer amounts.
    public var moneyIn: Money
    /// Minus the sum of the negative transfer amounts (so positive).
    public var moneyOut: Money
    public var count: Int

    public init(moneyIn: Money, moneyOut: Money, count: Int) {
        self.moneyIn = moneyIn
        self.moneyOut = moneyOut
        self.count = count
    }
}

/// One category of a month, with its subcategories rolled up into it.
public struct CategoryLine: Hashable, Sendable {
    /// The full path, `Food:Groceries`; `MonthlySummary.uncategorizedName` for transactions without one.
    public var path: String
    /// The last component, `Groceries`.
    public var name: String
    /// 0 for a top-level category, 1 for its children, and so on.
    public var depth: Int
    /// Positive for money earned (income lines) or spent (expense lines), as `MonthlySummary`.
    public var amount: Money
    public var count: Int
    /// Of the month's income (income lines) or expense (expense lines); `nil` when that total is zero.
    public var share: Share?
    /// The same category in the previous month (zero when it had none there); `nil` when the data
    /// does not reach back to the previous month.
    public var previous: Money?
    /// `(amount - previous) / previous`; `nil` when there is no previous amount or it was zero.
    public var changeFromPrevious: Share?
    /// The mean of this category over the months with data among the up to 12 before this one
    /// (`MonthlySummary.averageMonths`; a month with data but none of this category counts as
    /// zero, a month with no data at all does not count), rounded half away from zero at the
    /// amount's scale; `nil` with fewer than three such months.
    public var trailingAverage: Money?
    /// `(amount - trailingAverage) / trailingAverage`; `nil` when there is no average or it is zero.
    public var changeFromAverage: Share?
    /// True for the line that gathers transactions without a category.
    public var isUncategorized: Bool

    public init(
        path: String, name: String, depth: Int, amount: Money, count: Int, share: Share?, previous: Money?,
        changeFromPrevious: Share?, trailingAverage: Money?, changeFromAverage: Share?, isUncategorized: Bool
    ) {
        self.path = path
        self.name = name
        self.depth = depth
        self.amount = amount
        self.count = count
        self.share = share
        self.previous = previous
        self.changeFromPrevious = changeFromPrevious
        self.trailingAverage = trailingAverage
        self.changeFromAverage = changeFromAverage
        self.isUncategorized = isUncategorized
    }
}

/// A payee's spending in one month.
public struct PayeeLine: Hashable, Sendable {
    public var name: String
    /// Spent: minus the sum of the payee's expense-type amounts.
    public var amount: Money
    public var count: Int

    public init(name: String, amount: Money, count: Int) {
        self.name = name
        self.amount = amount
        self.count = count
    }
}

extension MonthlySummary {
    /// The category line that gathers transactions without a category.
    public static let uncategorizedName = "Uncategorised"
}
