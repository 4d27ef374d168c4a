import FinanceCore

/// Budget vs actual of one budget, month by month: what `pfin report --budget` and `pfin budget`
/// render. Computed by `MonthlyReport.comparing(with:)` from the report's category sums, so the
/// actual amounts are the report's own (`AccountingModel`: spending net of refunds, transfers
/// never counted).
public struct BudgetReport: Sendable, Equatable {
    public var name: String
    /// The budget's currency: only the report's amounts in it are compared.
    public var currency: CurrencyCode?
    /// Where the budget's header is.
    public var source: SourceLocation
    /// One per month of the report, oldest first.
    public var months: [BudgetMonth]
    /// Lines that compare with nothing: a transfer category, a category no transaction of the
    /// budget's currency has, a currency the report has no amounts in.
    public var warnings: [Diagnostic]
    /// True when an amount did not fit `Money` and was clamped (see `MonthlyReport.totalErrors`).
    public var isSaturated: Bool

    public init(
        name: String, currency: CurrencyCode?, source: SourceLocation, months: [BudgetMonth], warnings: [Diagnostic],
        isSaturated: Bool = false
    ) {
        self.name = name
        self.currency = currency
        self.source = source
        self.months = months
        self.warnings = warnings
        self.isSaturated = isSaturated
    }

    /// The same budget over the months of `range` only (their figures, carries and years to date
    /// stay those computed over the whole report).
    public func restricted(to range: ClosedRange<YearMonth>) -> BudgetReport {
        var copy = self
        copy.months = months.filter { range.contains($0.month) }
        return copy
    }

    /// The month `month`, if the report covers it.
    public func month(_ month: YearMonth) -> BudgetMonth? {
        months.first { $0.month == month }
    }
}

/// One month of a budget: a result per budget line, and what the lines leave out.
public struct BudgetMonth: Sendable, Equatable {
    public var month: YearMonth
    /// Spending lines first, then income lines; within each, in tree order (a parent before its
    /// children, siblings by path ignoring case).
    public var lines: [BudgetResult]
    /// The lines whose category is inside no other line of the same kind: their figures add up
    /// without counting anything twice.
    public var spending: BudgetTotals
    public var income: BudgetTotals
    /// Spending in categories no line covers, uncategorised spending included: the month's
    /// spending minus `spending.actual`.
    public var unbudgeted: Money

    public init(month: YearMonth, lines: [BudgetResult], spending: BudgetTotals, income: BudgetTotals, unbudgeted: Money) {
        self.month = month
        self.lines = lines
        self.spending = spending
        self.income = income
        self.unbudgeted = unbudgeted
    }
}

/// Budgeted against actual, summed over lines.
public struct BudgetTotals: Sendable, Equatable {
    public var budgeted: Money
    public var actual: Money

    public init(budgeted: Money, actual: Money) {
        self.budgeted = budgeted
        self.actual = actual
    }
}

/// One budget line in one month.
///
/// Signs: every amount is positive for money spent (spending lines) or received (income lines),
/// as in `CategoryLine`; refunds lower `actual`, and `left` is negative when a spending line is
/// over its budget.
public struct BudgetResult: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case spending
        case income
    }

    public enum Status: String, Sendable, Equatable {
        /// Spending at most the budget, or income at least the target.
        case within
        /// Spending beyond the budget.
        case over
        /// Income below the target (so far: the month may not be over).
        case short
    }

    /// As the budget file spells it.
    public var category: String
    /// The category without the part its enclosing line names (`Groceries` for `Food:Groceries`
    /// under a `Food` line); the whole category at depth 0.
    public var name: String
    public var kind: Kind
    /// How many other lines of the budget, of the same kind, contain this one (`Food:Groceries`
    /// under `Food` is at depth 1).
    public var depth: Int
    /// The file's amount for this month (a yearly line's share of the year).
    public var target: Money
    /// What the previous month left, carried in by `rollover` (zero without it, and in January).
    public var carried: Money
    /// `target + carried`.
    public var budgeted: Money
    /// Spent, net of refunds (spending lines), or received (income lines), the subcategories
    /// included.
    public var actual: Money
    /// `budgeted - actual`.
    public var left: Money
    /// `actual / budgeted`; `nil` when nothing is budgeted this month.
    public var used: Share?
    public var status: Status
    public var rollover: Bool
    public var yearToDate: BudgetToDate
    /// The line of the budget file.
    public var source: SourceLocation

    public init(
        category: String, name: String, kind: Kind, depth: Int, target: Money, carried: Money, budgeted: Money, actual: Money,
        left: Money, used: Share?, status: Status, rollover: Bool, yearToDate: BudgetToDate, source: SourceLocation
    ) {
        self.category = category
        self.name = name
        self.kind = kind
        self.depth = depth
        self.target = target
        self.carried = carried
        self.budgeted = budgeted
        self.actual = actual
        self.left = left
        self.used = used
        self.status = status
        self.rollover = rollover
        self.yearToDate = yearToDate
        self.source = source
    }
}

/// A line from the first month of its year that the report covers (January, or the report's
/// first month when it starts later in the year) through the month.
public struct BudgetToDate: Sendable, Equatable {
    public var from: YearMonth
    /// The targets of those months (carries are inside the year, so they do not add to it).
    public var budgeted: Money
    public var actual: Money
    /// `budgeted - actual`.
    public var left: Money

    public init(from: YearMonth, budgeted: Money, actual: Money, left: Money) {
        self.from = from
        self.budgeted = budgeted
        self.actual = actual
        self.left = left
    }
}
