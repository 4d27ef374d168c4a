import FinanceCore
import Testing

@testable import Reports

/// Comparisons with earlier months: the previous month and the trailing average, clipped to the
/// data of the same currency, capped at 12 months, over the months that have data (three at
/// least), and fed by months outside the range.
@Suite struct ComparisonTests {
    typealias T = ReportTesting

    @Test func previousMonthTotals() throws {
        let report = T.report([
            T.activity("2024-01-05", "100.00"), T.activity("2024-01-06", "-40.00"),
            T.activity("2024-02-05", "-10.00"), T.activity("2024-04-05", "-1.00"),
            T.activity("2024-04-05", "-7.00", currency: "EUR"),
        ])
        #expect(try #require(T.summary(report, "2024-01")).previous == nil, "no data before January")
        let february = try #require(T.summary(report, "2024-02"))
        #expect(february.previous == MonthTotals(income: T.money("100"), expense: T.money("40"), net: T.money("60")))
        // March had no activity but lies within the data: April compares with zeros.
        let april = try #require(T.summary(report, "2024-04"))
        #expect(april.previous == MonthTotals(income: T.money("0"), expense: T.money("0"), net: T.money("0")))
        // Euros start in April: no previous month in that currency.
        #expect(try #require(T.summary(report, "2024-04", "EUR")).previous == nil)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// (month, spending on Food or nil for other spending only)
        var months: [(String, String?)]
        var month: String
        /// previous, change from previous, trailing average, change from average
        var expected: (String?, String?, String?, String?)
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "first month of data has nothing to compare with",
            months: [("2024-01", "30.00")], month: "2024-01", expected: (nil, nil, nil, nil)),
        Case(
            name: "one earlier month is too few for an average",
            months: [("2024-01", "40.00"), ("2024-02", "50.00")], month: "2024-02",
            expected: ("40.00", "25.00%", nil, nil)),
        Case(
            name: "two earlier months are too few too",
            months: [("2024-01", "30.00"), ("2024-02", "60.00"), ("2024-03", "10.00")], month: "2024-03",
            expected: ("60.00", "-83.33%", nil, nil)),
        Case(
            name: "three earlier months make an average, clipped at the first month of data",
            months: [("2024-01", "30.00"), ("2024-02", "60.00"), ("2024-03", "10.00"), ("2024-04", "20.00")], month: "2024-04",
            expected: ("10.00", "100.00%", "33.33", "-39.99%")),
        Case(
            name: "a month with data but without the category counts as zero",
            months: [("2024-01", "30.00"), ("2024-02", nil), ("2024-03", "10.00"), ("2024-04", "10.00")], month: "2024-04",
            expected: ("10.00", "0.00%", "13.33", "-24.98%")),
        Case(
            name: "a month without any data does not count",
            months: [("2024-01", "30.00"), ("2024-03", "10.00"), ("2024-04", "20.00"), ("2024-05", "15.00")], month: "2024-05",
            expected: ("20.00", "-25.00%", "20.00", "-25.00%")),
        Case(
            name: "two months of data a year apart give no average, not +9,900%",
            months: [("2023-06", "1.00"), ("2024-05", "100.00")], month: "2024-05",
            expected: ("0.00", nil, nil, nil)),
        Case(
            name: "the average looks back 12 months, no more",
            months: [("2023-01", "1200.00")] + (2...12).map { (String(format2023: $0), "12.00") }
                + [("2024-01", "12.00"), ("2024-02", "100.00")],
            month: "2024-02", expected: ("12.00", "733.33%", "12.00", "733.33%")),
        Case(
            name: "the average rounds half away from zero",
            months: [("2024-01", "0.02"), ("2024-02", nil), ("2024-03", nil), ("2024-04", nil), ("2024-05", "1.00")], month: "2024-05",
            expected: ("0.00", nil, "0.01", "9900.00%")),
        Case(
            name: "negative averages round away from zero too",
            months: [("2024-01", "-0.02"), ("2024-02", nil), ("2024-03", nil), ("2024-04", nil), ("2024-05", "1.00")], month: "2024-05",
            expected: ("0.00", nil, "-0.01", "-10100.00%")),
    ]

    @Test(arguments: cases)
    func categoryComparisons(_ c: Case) throws {
        var activities: [PaymentActivity] = []
        for (month, food) in c.months {
            activities.append(T.activity("\(month)-10", "-1.00", category: "Rent"))
            if let food {
                // A negative spending is a refund typed as expense.
                let amount = food.hasPrefix("-") ? String(food.dropFirst()) : "-" + food
                activities.append(T.activity("\(month)-11", amount, .expense, category: "Food"))
            }
        }
        let summary = try #require(T.summary(T.report(activities), c.month))
        let food = try #require(summary.expenseCategories.first { $0.path == "Food" })
        #expect(T.text(food.previous) == c.expected.0)
        #expect(food.changeFromPrevious?.description == c.expected.1)
        #expect(T.text(food.trailingAverage) == c.expected.2)
        #expect(food.changeFromAverage?.description == c.expected.3)
    }

    @Test func theRangeKeepsItsMonthsButComparesWithEarlierData() throws {
        let activities = [
            T.activity("2023-12-10", "-15.00", category: "Food", line: 0),
            T.activity("2024-01-10", "-30.00", category: "Food", line: 1),
            T.activity("2024-02-10", "-60.00", category: "Food", line: 2),
            T.activity("2024-02-11", "500.00", line: 3),
            T.activity("2024-03-10", "-10.00", category: "Food", line: 4),
            T.activity("2024-04-10", "-99.00", category: "Food", line: 5),
        ]
        let report = T.report(activities, ReportOptions(months: T.month("2024-03")...T.month("2024-03")))
        #expect(report.months == [T.month("2024-03")])
        #expect(report.summaries.count == 1)
        let march = try #require(T.summary(report, "2024-03"))
        #expect(march.transactions.map(\.source.line) == [4])
        #expect(march.previous?.income == T.money("500"))
        let food = try #require(march.expenseCategories.first)
        #expect(T.text(food.previous) == "60.00")
        #expect(T.text(food.trailingAverage) == "35.00")
        #expect(march.averageMonths == 3)
    }

    @Test func comparisonsUseTheSameCurrencyOnly() throws {
        let report = T.report([
            T.activity("2024-01-10", "-30.00", category: "Food", currency: "EUR"),
            T.activity("2024-02-10", "-60.00", category: "Food", currency: "USD"),
            T.activity("2024-03-10", "-30.00", category: "Food", currency: "USD"),
            T.activity("2024-04-10", "-20.00", category: "Food", currency: "USD"),
            T.activity("2024-05-10", "-10.00", category: "Food", currency: "USD"),
        ])
        let food = try #require(T.summary(report, "2024-05")?.expenseCategories.first)
        #expect(T.text(food.trailingAverage) == "36.67", "euros of January do not count, nor start the dollar data")
    }
}

/// What stopped shows beside what started: a category of the previous month with nothing this
/// month is a line of zero (gone), under its parent, after the month's own lines.
@Suite struct GoneCategoryTests {
    typealias T = ReportTesting

    @Test func aCategoryThatStoppedIsALineOfZero() throws {
        let report = T.report([
            T.activity("2024-04-02", "-50.00", category: "Food:Groceries"),
            T.activity("2024-04-03", "-20.00", category: "Food:Bakery"),
            T.activity("2024-04-04", "-300.00", category: "Travel"),
            T.activity("2024-05-02", "-40.00", category: "Food:Groceries"),
            T.activity("2024-05-03", "-9.00", category: "Books"),
        ])
        let may = try #require(T.summary(report, "2024-05"))
        let lines = may.expenseCategories.map { "\($0.path) \(T.text($0.amount) ?? "") \($0.count)" }
        #expect(lines == ["Food 40.00 1", "Food:Groceries 40.00 1", "Food:Bakery 0.00 0", "Books 9.00 1", "Travel 0.00 0"])
        let travel = try #require(may.expenseCategories.first { $0.path == "Travel" })
        #expect(T.text(travel.previous) == "300.00")
        #expect(travel.changeFromPrevious?.basisPoints == -10_000)
        // The totals are the month's own: a gone line adds nothing.
        #expect(may.expense == T.money("49"))
        // April has no month before it in the data: nothing is gone there.
        #expect(try #require(T.summary(report, "2024-04")).expenseCategories.allSatisfy { $0.count > 0 })
    }
}

extension String {
    /// `2023-MM` for a month number.
    fileprivate init(format2023 month: Int) {
        self = "2023-" + (month < 10 ? "0" : "") + String(month)
    }
}
