import FinanceCore

/// A budget file as values: one or more named budgets, each a list of category targets
/// (`pfin report --budget FILE`). Parsed by `BudgetParser`; the syntax is in CONTRACT.md.
public struct BudgetFile: Sendable, Equatable {
    public var budgets: [Budget]

    public init(budgets: [Budget]) {
        self.budgets = budgets
    }
}

/// One `budget "NAME" [currency CODE]` block.
public struct Budget: Sendable, Equatable {
    public var name: String
    /// The currency of every amount of the budget; nil when the header names none (the budget
    /// then applies to amounts without a currency).
    public var currency: CurrencyCode?
    public var lines: [BudgetLine]
    public var source: SourceLocation

    public init(name: String, currency: CurrencyCode?, lines: [BudgetLine], source: SourceLocation) {
        self.name = name
        self.currency = currency
        self.lines = lines
        self.source = source
    }

    /// The line budgeting `category` (compared ignoring case), if any.
    public func line(for category: String) -> BudgetLine? {
        let key = category.lowercased()
        return lines.first { $0.category.lowercased() == key }
    }
}

/// A target for one category: an amount per month, or per year spread over its months.
/// A category's target covers its subcategories (`Food` covers `Food:Groceries`); an `Income:`
/// category's is an income target.
public struct BudgetLine: Sendable, Equatable {
    public enum Period: Sendable, Equatable {
        case monthly
        /// Spread over `months` (1…12, ascending; all twelve unless the line says `in …`).
        case yearly(months: [Int])
    }

    public var category: String
    public var period: Period
    /// As written: a month's amount, or the year's.
    public var amount: Money
    /// Whether what is left of a month carries into the next (`rollover "CATEGORY"`).
    public var rollover: Bool
    public var source: SourceLocation

    public init(category: String, period: Period, amount: Money, rollover: Bool = false, source: SourceLocation) {
        self.category = category
        self.period = period
        self.amount = amount
        self.rollover = rollover
        self.source = source
    }

    /// The amount budgeted for `month` (1…12). A yearly amount is split into equal parts at its
    /// own decimals; the cents that do not divide go to the earliest months, so that the parts
    /// add up to the year exactly (`1000.00` over 12 months: 83.34 four times, then 83.33).
    public func amount(inMonth month: Int) -> Money {
        switch period {
        case .monthly:
            return amount
        case .yearly(let months):
            guard let index = months.firstIndex(of: month) else { return Money(units: 0, scale: amount.scale, currency: amount.currency) }
            let count = Int64(months.count)
            let (share, remainder) = amount.units.quotientAndRemainder(dividingBy: count)
            return Money(units: share + (Int64(index) < remainder ? 1 : 0), scale: amount.scale, currency: amount.currency)
        }
    }
}
