import FinanceCore
import Testing

@testable import Reports

/// `budget suggest`: medians over the last months (absent months count as zero), whole units
/// rounded the safe way, a yearly total for what is irregular, and a file that reads back.
struct BudgetSuggestionTests {
    typealias T = ReportTesting

    /// Spending of `amounts` (one per month from January 2024) in `category`.
    static func months(_ category: String, _ amounts: [String?]) -> [PaymentActivity] {
        amounts.enumerated().compactMap { index, amount in
            amount.map { T.activity(String(format: "2024-%02d-10", index + 1), $0, category: category) }
        }
    }

    static func suggestion(_ activities: [PaymentActivity], months: Int = 12) throws -> BudgetSuggestion {
        try #require(T.report(T.numbered(activities)).suggestedBudgets(monthCount: months).first)
    }

    @Test func theMedianMonthRoundedUpForSpendingAndDownForIncome() throws {
        let s = try Self.suggestion(
            Self.months("Food:Groceries", ["-400.10", "-420.00", "-380.00", "-500.00", "-410.00", "-399.99"])
                + Self.months("Income:Salary", ["3000.80", "3000.80", "3000.80", "3000.80", "3100.00", "3000.80"]))
        #expect(s.monthCount == 6 && s.months == T.month("2024-01")...T.month("2024-06"))
        let lines = s.lines.map { "\($0.depth) \($0.line.category) \($0.line.amount.decimalString) \($0.median.decimalString)" }
        // Groceries sorted: 380.00 399.99 400.10 410.00 420.00 500.00: the median is (400.10 + 410.00) / 2.
        #expect(lines == ["0 Food 406.00 405.05", "1 Food:Groceries 406.00 405.05", "0 Income 3000.00 3000.80", "1 Income:Salary 3000.00 3000.80"])
        #expect(s.lines.allSatisfy { $0.line.period == .monthly && $0.activeMonths == 6 })
    }

    @Test func monthsWithoutTheCategoryCountAsZeroAndIrregularOnesGetAYear() throws {
        let s = try Self.suggestion(
            Self.months("Groceries", Array(repeating: "-100.00", count: 12))
                + Self.months("Insurance", ["-412.60", nil, nil, "-45.30", nil, nil, "-45.30", nil, nil, "-45.30", nil, nil])
                + Self.months("Coffee", ["-3.00", nil, "-3.00", nil, "-3.00", nil, "-3.00", nil, "-3.00", nil, "-3.00", nil])
                + Self.months("Returns", ["20.00", nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil]))
        let byName = Dictionary(uniqueKeysWithValues: s.lines.map { ($0.line.category, $0) })
        #expect(byName["Groceries"]?.line.period == .monthly && byName["Groceries"]?.line.amount.decimalString == "100.00")
        // Four of twelve months: the year's total, 548.50, rounded up.
        #expect(byName["Insurance"]?.line.period == .yearly(months: Array(1...12)))
        #expect(byName["Insurance"]?.line.amount.decimalString == "549.00" && byName["Insurance"]?.activeMonths == 4)
        // Half the months: still monthly; the median of six 3.00 and six zeros is 1.50, so 2.
        #expect(byName["Coffee"]?.line.period == .monthly && byName["Coffee"]?.line.amount.decimalString == "2.00")
        // Only money back: nothing to budget.
        #expect(byName["Returns"] == nil)
        #expect(s.lines.map(\.line.category) == ["Groceries", "Insurance", "Coffee"])
    }

    @Test func onlyTheLastMonthsCount() throws {
        let s = try Self.suggestion(Self.months("Rent", ["-900.00", "-900.00", "-1000.00", "-1000.00"]), months: 2)
        #expect(s.months == T.month("2024-03")...T.month("2024-04"))
        #expect(s.lines.first?.line.amount.decimalString == "1000.00")
    }

    @Test func theTextReadsBackAsTheTopLevelLines() throws {
        let s = try Self.suggestion(
            Self.months("Food:Groceries", ["-400.00", "-420.00"]) + Self.months("Food \"Out\"", ["-20.00", "-30.00"])
                + Self.months("Income:Salary", ["3000.00", "3000.00"]))
        let (file, errors) = BudgetParser.parse(s.text, file: "suggested.budget")
        #expect(errors.isEmpty, "\(errors)")
        let budget = try #require(file.budgets.first)
        #expect(budget.currency == CurrencyCode("USD"))
        #expect(budget.lines.map { "\($0.category) \($0.amount.decimalString)" } == ["Food 410.00", "Food \"Out\" 25.00", "Income 3000.00"])
        #expect(s.text.contains("  # monthly \"Food:Groceries\" 410.00"))
    }
}
