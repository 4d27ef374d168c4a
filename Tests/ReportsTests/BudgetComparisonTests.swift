import FinanceCore
import Testing

@testable import Reports

/// Budget vs actual: each line's figures from the report's own category sums, carries within a
/// year, yearly targets spread, and a warning for each line that compares with nothing.
struct BudgetComparisonTests {
    typealias T = ReportTesting

    static func budget(_ text: String) -> BudgetFile {
        let (file, errors) = BudgetParser.parse(text, file: "b.budget")
        #expect(errors.isEmpty, "\(errors)")
        return file
    }

    static func compare(_ activities: [PaymentActivity], _ text: String) -> BudgetReport? {
        T.report(T.numbered(activities)).comparing(with: budget(text)).first
    }

    /// A line's figures in one month as `"budgeted actual left"`.
    static func figures(_ report: BudgetReport?, _ month: String, _ category: String) -> String? {
        guard let line = report?.month(T.month(month))?.lines.first(where: { $0.category == category }) else { return nil }
        return "\(line.budgeted.decimalString) \(line.actual.decimalString) \(line.left.decimalString)"
    }

    @Test func aParentCoversItsChildrenAndRefundsLowerSpending() throws {
        let report = Self.compare(
            [
                T.activity("2024-05-02", "-120.00", category: "Food:Groceries"),
                T.activity("2024-05-03", "-30.50", category: "Food:Restaurants"),
                T.activity("2024-05-04", "20.00", category: "Food:Groceries"),  // a refund
                T.activity("2024-05-05", "-500.00", category: "Transfers:Savings"),
                T.activity("2024-05-06", "-12.99", category: "Subscriptions:Music"),
                T.activity("2024-05-07", "-40.00"),  // no category
                T.activity("2024-05-25", "4800.00", category: "Income:Salary"),
            ],
            """
            budget "Home" currency USD
              monthly "Food:Groceries" 450.00
              monthly "Food" 100.00
              monthly "Subscriptions" 10
              monthly "Income:Salary" 5200.00
            """)
        let may = try #require(report?.month(T.month("2024-05")))
        #expect(may.lines.map { "\($0.depth) \($0.category)" } == ["0 Food", "1 Food:Groceries", "0 Subscriptions", "0 Income:Salary"])
        #expect(Self.figures(report, "2024-05", "Food") == "100.00 130.50 -30.50")
        #expect(Self.figures(report, "2024-05", "Food:Groceries") == "450.00 100.00 350.00")
        #expect(Self.figures(report, "2024-05", "Subscriptions") == "10.00 12.99 -2.99")
        #expect(Self.figures(report, "2024-05", "Income:Salary") == "5200.00 4800.00 400.00")
        #expect(may.lines.map(\.status) == [.over, .within, .over, .short])
        #expect(may.lines.first?.used == Share(basisPoints: 13_050))
        // Covered: Food and Subscriptions, the outermost lines; the uncategorised 40 is not.
        #expect(may.spending.budgeted.decimalString == "110.00" && may.spending.actual.decimalString == "143.49")
        #expect(may.unbudgeted.decimalString == "40.00")
        #expect(may.income.actual.decimalString == "4800.00")
        #expect(report?.warnings.isEmpty == true)
    }

    @Test func rolloverCarriesWhatIsLeftWithinTheYearOnly() throws {
        let report = Self.compare(
            [
                T.activity("2024-10-10", "-300.00", category: "Groceries"),  // 100 left, carried
                T.activity("2024-11-10", "-600.00", category: "Groceries"),  // over by 100: nothing carried
                T.activity("2024-12-10", "-350.00", category: "Groceries"),  // 50 left, not carried into January
                T.activity("2025-01-10", "-400.00", category: "Groceries"),
                T.activity("2024-10-11", "-300.00", category: "Fuel"),
                T.activity("2024-11-11", "-100.00", category: "Fuel"),
            ],
            """
            budget "Home" currency USD
              monthly "Groceries" 400.00
              monthly "Fuel" 400.00
              rollover "groceries"
            """)
        #expect(Self.figures(report, "2024-10", "Groceries") == "400.00 300.00 100.00")
        #expect(Self.figures(report, "2024-11", "Groceries") == "500.00 600.00 -100.00")
        #expect(Self.figures(report, "2024-12", "Groceries") == "400.00 350.00 50.00")
        #expect(Self.figures(report, "2025-01", "Groceries") == "400.00 400.00 0.00")
        #expect(report?.month(T.month("2024-11"))?.lines.first { $0.category == "Groceries" }?.carried.decimalString == "100.00")
        // Without rollover nothing carries.
        #expect(Self.figures(report, "2024-11", "Fuel") == "400.00 100.00 300.00")
        // The year to date counts targets, not carries: October to December of 2024, from October
        // (the report's first month); January starts a new year.
        let december = try #require(report?.month(T.month("2024-12"))?.lines.first { $0.category == "Groceries" })
        #expect(december.yearToDate.from == T.month("2024-10"))
        #expect(december.yearToDate.budgeted.decimalString == "1200.00" && december.yearToDate.actual.decimalString == "1250.00")
        #expect(december.yearToDate.left.decimalString == "-50.00")
        let january = try #require(report?.month(T.month("2025-01"))?.lines.first { $0.category == "Groceries" })
        #expect(january.yearToDate.from == T.month("2025-01") && january.carried.isZero)
    }

    @Test func aYearlyLineIsSpreadOverItsMonths() throws {
        let report = Self.compare(
            [
                T.activity("2024-01-15", "-10.00", category: "Travel"),
                T.activity("2024-06-15", "-1200.00", category: "Travel"),
                T.activity("2024-06-20", "-140.00", category: "Insurance"),
            ],
            """
            budget "Home" currency USD
              yearly "Travel" 1000.00
              yearly "Insurance" 300 in jun, dec
            """)
        #expect(Self.figures(report, "2024-01", "Travel") == "83.34 10.00 73.34")
        #expect(Self.figures(report, "2024-05", "Travel") == "83.33 0.00 83.33")
        #expect(Self.figures(report, "2024-01", "Insurance") == "0.00 0.00 0.00")
        #expect(Self.figures(report, "2024-06", "Insurance") == "150.00 140.00 10.00")
        let june = try #require(report?.month(T.month("2024-06"))?.lines.first { $0.category == "Travel" })
        // 83.34 × 4 + 83.33 × 2
        #expect(june.yearToDate.budgeted.decimalString == "500.02" && june.yearToDate.actual.decimalString == "1210.00")
        #expect(june.status == .over)
        let january = try #require(report?.month(T.month("2024-01"))?.lines.first { $0.category == "Insurance" })
        #expect(january.used == nil && january.status == .within)
    }

    @Test func linesThatCompareWithNothingAreWarnedAt() throws {
        let report = try #require(
            Self.compare(
                [T.activity("2024-05-02", "-120.00", category: "Food:Groceries")],
                """
                budget "Home" currency USD
                  monthly "Food:Grocery" 450.00
                  monthly "Transfers:Savings" 500.00
                """))
        // In the file's order.
        #expect(report.warnings.map(\.code) == ["budget.unknown-category", "budget.transfer"])
        let unknown = try #require(report.warnings.first)
        #expect(unknown.location.line == 2 && unknown.severity == .warning)
        #expect(unknown.notes == ["did you mean \"Food:Groceries\"?"])
        // The transfer line is left out; the misspelt one is compared, with nothing spent.
        #expect(report.months.first?.lines.map(\.category) == ["Food:Grocery"])
        #expect(Self.figures(report, "2024-05", "Food:Grocery") == "450.00 0.00 450.00")

        let elsewhere = try #require(
            Self.compare(
                [T.activity("2024-05-02", "-120.00", category: "Food", currency: "CHF")],
                "budget \"Home\" currency EUR\n  monthly \"Food\" 450.00"))
        #expect(elsewhere.warnings.map(\.code) == ["budget.no-data"])
        #expect(elsewhere.warnings.first?.location.line == 1)
        #expect(elsewhere.warnings.first?.notes.first?.contains("CHF") == true)
    }

    @Test func aRestrictedReportKeepsTheFiguresOfTheWholeYear() throws {
        var report = T.report(
            T.numbered([
                T.activity("2024-01-10", "-100.00", category: "Groceries"),
                T.activity("2024-02-10", "-100.00", category: "Groceries"),
                T.activity("2024-03-10", "-100.00", category: "Groceries"),
            ]))
        report.budgets = report.comparing(with: Self.budget("budget \"B\" currency USD\nmonthly \"Groceries\" 150\nrollover \"Groceries\""))
        let march = report.restricted(to: T.month("2024-03")...T.month("2024-03"))
        let line = try #require(march.budgets.first?.months.first?.lines.first)
        #expect(march.budgets.first?.months.count == 1)
        #expect(line.carried.decimalString == "100.00" && line.yearToDate.actual.decimalString == "300.00")
        #expect(line.yearToDate.from == T.month("2024-01"))
    }

    @Test func figuresBeyondMoneyAreAnErrorNotAClampedNumber() throws {
        var report = T.report(T.numbered([T.activity("2024-01-10", "-1.00", category: "All")]))
        report.budgets = report.comparing(
            with: Self.budget(
                "budget \"B\" currency USD\nmonthly \"All\" 92233720368547758.07\nmonthly \"Other\" 92233720368547758.07"))
        // Each line fits; their sum in `spending.budgeted` does not.
        #expect(report.budgets.first?.isSaturated == true)
        #expect(report.totalErrors.map(\.code) == ["total.out-of-range"])
        #expect(report.totalErrors.first?.message.contains("\"B\"") == true)
    }
}
