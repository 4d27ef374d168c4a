import FinanceCore
import Testing

@testable import Reports

/// Month totals: signs, exact sums over mixed scales, transfers apart, currencies apart.
@Suite struct TotalsTests {
    typealias T = ReportTesting

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var activities: [PaymentActivity]
        var currency: String? = "USD"
        /// income, expense, net, savings rate (nil for none)
        var expected: (String, String, String, String?)
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "salary and groceries",
            activities: [T.activity("2024-05-01", "3000.00"), T.activity("2024-05-03", "-54.20")],
            expected: ("3000.00", "54.20", "2945.80", "98.19%")),
        Case(
            name: "-54.2 and -54.200 dollars add exactly, shown at two digits",
            activities: [
                T.activity("2024-05-03", "-54.2"), T.activity("2024-05-04", "-54.200"),
                T.activity("2024-05-05", "100"),
            ],
            expected: ("100.00", "108.40", "-8.40", "-8.40%")),
        Case(
            name: "a third digit that is not zero is kept",
            activities: [T.activity("2024-05-03", "-0.005"), T.activity("2024-05-04", "-1.10")],
            expected: ("0.000", "1.105", "-1.105", nil)),
        Case(
            name: "yen have no minor digits",
            activities: [
                T.activity("2024-05-03", "-1200", currency: "JPY"),
                T.activity("2024-05-04", "250000", currency: "JPY"),
            ],
            currency: "JPY", expected: ("250000", "1200", "248800", "99.52%")),
        Case(
            name: "a refund typed as expense lowers expense",
            activities: [T.activity("2024-05-03", "-80.00"), T.activity("2024-05-09", "30.00", .expense)],
            expected: ("0.00", "50.00", "-50.00", nil)),
        Case(
            name: "negative savings rate",
            activities: [T.activity("2024-05-01", "1000.00"), T.activity("2024-05-03", "-1500.00")],
            expected: ("1000.00", "1500.00", "-500.00", "-50.00%")),
        Case(
            name: "no savings rate when income is negative",
            activities: [T.activity("2024-05-01", "-10.00", .income), T.activity("2024-05-03", "-5.00")],
            expected: ("-10.00", "5.00", "-15.00", nil)),
        Case(
            name: "transfers stay out of income and expense",
            activities: [
                T.activity("2024-05-01", "500.00", .transfer), T.activity("2024-05-02", "-200.00", .transfer),
                T.activity("2024-05-03", "-20.00"),
            ],
            expected: ("0.00", "20.00", "-20.00", nil)),
    ]

    @Test(arguments: cases)
    func totals(_ c: Case) throws {
        let report = T.report(c.activities)
        let summary = try #require(T.summary(report, "2024-05", c.currency))
        #expect(summary.income.decimalString == c.expected.0)
        #expect(summary.expense.decimalString == c.expected.1)
        #expect(summary.net.decimalString == c.expected.2)
        #expect(summary.savingsRate?.description == c.expected.3)
        #expect(!summary.isSaturated)
    }

    @Test func transfersAreCountedApart() throws {
        let report = T.report([
            T.activity("2024-05-01", "500.00", .transfer), T.activity("2024-05-02", "-200.00", .transfer),
            T.activity("2024-05-02", "-0.5", .transfer), T.activity("2024-05-03", "-20.00"),
        ])
        let summary = try #require(T.summary(report, "2024-05"))
        #expect(summary.transfers == TransferTotals(moneyIn: T.money("500"), moneyOut: T.money("200.5"), count: 3))
        #expect(summary.incomeCount == 0)
        #expect(summary.expenseCount == 1)
        #expect(summary.incomeCategories.isEmpty)
        #expect(summary.expenseCategories.map(\.path) == [MonthlySummary.uncategorizedName])
    }

    @Test func uncategorizedCountsEveryType() throws {
        let report = T.report([
            T.activity("2024-05-01", "500.00", .transfer), T.activity("2024-05-02", "10.00"),
            T.activity("2024-05-02", "-3.00", category: ""), T.activity("2024-05-03", "-20.00", category: "Food"),
            T.activity("2024-05-03", "-1.00", .transfer, category: "Savings"),
        ])
        #expect(try #require(T.summary(report, "2024-05")).uncategorizedCount == 3)
    }

    @Test func currenciesAreNeverAdded() {
        let report = T.report([
            T.activity("2024-05-01", "-10.00", currency: "USD"), T.activity("2024-05-02", "-20.00", currency: "EUR"),
            T.activity("2024-05-02", "-5.00", currency: nil), T.activity("2024-04-30", "-1.00", currency: nil),
            T.activity("2024-05-03", "-30.00", currency: "EUR"),
        ])
        #expect(
            report.summaries.map { "\($0.month) \($0.currency?.description ?? "-") \($0.expense.decimalString)" } == [
                "2024-04 - 1.00", "2024-05 EUR 50.00", "2024-05 USD 10.00", "2024-05 - 5.00",
            ])
        #expect(report.currencies == [CurrencyCode("EUR"), CurrencyCode("USD"), nil])
    }

    @Test(
        "currency filter",
        arguments: [
            (CurrencyFilter.all, ["EUR", "USD", "-"]), (.only(CurrencyCode("EUR")), ["EUR"]), (.only(nil), ["-"]),
            (.only(CurrencyCode("GBP")), []),
        ] as [(CurrencyFilter, [String])])
    func currencyFilter(_ filter: CurrencyFilter, _ expected: [String]) {
        let report = T.report(
            [
                T.activity("2024-05-01", "-10.00", currency: "USD"),
                T.activity("2024-05-02", "-20.00", currency: "EUR"),
                T.activity("2024-06-02", "-5.00", currency: nil),
            ],
            ReportOptions(currency: filter))
        #expect(report.summaries.map { $0.currency?.description ?? "-" } == expected)
        // The range follows the data that passed the filter.
        if filter == .only(nil) { #expect(report.months == [T.month("2024-06")]) }
    }

    @Test func everyMonthOfTheRangeIsListed() {
        let report = T.report([T.activity("2024-01-15", "-1.00"), T.activity("2024-04-15", "-1.00")])
        #expect(report.months.map(\.description) == ["2024-01", "2024-02", "2024-03", "2024-04"])
        #expect(report.summaries.map(\.month.description) == ["2024-01", "2024-04"])

        let given = T.report(
            [T.activity("2024-01-15", "-1.00")],
            ReportOptions(months: T.month("2023-11")...T.month("2024-02")))
        #expect(given.months.map(\.description) == ["2023-11", "2023-12", "2024-01", "2024-02"])
        #expect(given.summaries.count == 1)
    }

    @Test func noActivityGivesAnEmptyReport() {
        let report = T.report([])
        #expect(report.months.isEmpty && report.summaries.isEmpty)
    }

    @Test func overflowSaturatesAndFlags() throws {
        let huge = Money(units: Int64.max, scale: 0, currency: CurrencyCode("USD"))
        let activities = (1...3).map { i in
            PaymentActivity(
                id: ActivityID(value: UInt64(i)), account: nil, date: T.date("2024-05-01"), name: "Big",
                amount: huge, source: SourceLocation(file: "t", line: i))
        }
        let summary = try #require(T.summary(T.report(activities), "2024-05"))
        #expect(summary.isSaturated)
        #expect(summary.income.units == Int64.max)
        #expect(summary.incomeCount == 3)
        let errors = T.report(activities).totalErrors
        #expect(errors.map(\.code) == ["total.out-of-range"])
        #expect(errors.first?.message.contains("2024-05 in USD") == true)
        #expect(errors.first?.location.file == "t")
    }

    @Test func periodTotalsAddTheMonthsExactly() {
        let report = T.report([
            T.activity("2024-05-01", "3000.00"), T.activity("2024-05-03", "-54.2"), T.activity("2024-06-03", "-0.005"),
            T.activity("2024-06-04", "10", currency: "EUR"),
        ])
        let usd = report.periodTotals(in: CurrencyCode("USD"))
        #expect(usd.income?.decimalString == "3000.000" && usd.expense?.decimalString == "54.205" && usd.net?.decimalString == "2945.795")
        #expect(report.periodTotals(in: CurrencyCode("EUR")).income == Money(units: 10, scale: 0, currency: CurrencyCode("EUR")))
        #expect(report.periodTotals(in: CurrencyCode("GBP")).income == Money(units: 0, scale: 0, currency: CurrencyCode("GBP")))
    }

    @Test func periodTotalsBeyondMoneyAreNone() {
        let big = (1...2).map { T.activity("2024-0\($0)-01", "92233720368547758.00", line: $0) }
        let totals = T.report(big).periodTotals(in: CurrencyCode("USD"))
        #expect(totals.income == nil && totals.net == nil)
        #expect(totals.expense?.isZero == true)
    }

    @Test func totalsThatFitHaveNoErrors() {
        let report = T.report([T.activity("2024-05-01", "3000.00"), T.activity("2024-05-03", "-54.20")])
        #expect(report.totalErrors.isEmpty)
    }
}
