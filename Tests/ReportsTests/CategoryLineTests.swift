import FinanceCore
import Testing

@testable import Reports

/// Category lines: the hierarchy rolled up, tree order, the uncategorised line and shares.
@Suite struct CategoryLineTests {
    typealias T = ReportTesting

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var activities: [PaymentActivity]
        var expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "children roll up into their parent",
            activities: [
                T.activity("2024-05-01", "-10.00", category: "Food:Groceries"),
                T.activity("2024-05-02", "-5.00", category: "Food:Restaurants"),
                T.activity("2024-05-03", "-1.00", category: "Food"),
            ],
            expected: ["Food 16.00", "  Food:Groceries 10.00", "  Food:Restaurants 5.00"]),
        Case(
            name: "siblings by amount, parents before children, ties by path",
            activities: [
                T.activity("2024-05-01", "-10.00", category: "Home:Rent"),
                T.activity("2024-05-02", "-30.00", category: "Food:Groceries"),
                T.activity("2024-05-02", "-30.00", category: "Food:Bakery"),
                T.activity("2024-05-03", "-50.00", category: "Home:Energy"),
                T.activity("2024-05-04", "-2.00", category: "Books"),
            ],
            // Home and Food tie at 60.00, as do Bakery and Groceries: ties go by path.
            expected: [
                "Food 60.00", "  Food:Bakery 30.00", "  Food:Groceries 30.00", "Home 60.00",
                "  Home:Energy 50.00", "  Home:Rent 10.00", "Books 2.00",
            ]),
        Case(
            name: "three levels, and a parent seen only through its child",
            activities: [
                T.activity("2024-05-01", "-4.00", category: "Car:Fuel:Diesel"),
                T.activity("2024-05-02", "-6.00", category: "Car:Insurance"),
            ],
            expected: ["Car 10.00", "  Car:Insurance 6.00", "  Car:Fuel 4.00", "    Car:Fuel:Diesel 4.00"]),
        Case(
            name: "uncategorised is a top-level line like any other",
            activities: [
                T.activity("2024-05-01", "-4.00"), T.activity("2024-05-02", "-6.00", category: "Food"),
                T.activity("2024-05-03", "-1.00", category: ""),
            ],
            expected: ["Food 6.00", "Uncategorised 5.00"]),
        Case(
            name: "a refund can make a category negative; it sorts last",
            activities: [
                T.activity("2024-05-01", "-4.00", category: "Food"),
                T.activity("2024-05-02", "9.00", .expense, category: "Shoes"),
            ],
            expected: ["Food 4.00", "Shoes -9.00"]),
        Case(
            name: "transfers are in no category list",
            activities: [
                T.activity("2024-05-01", "-4.00", .transfer, category: "Savings"),
                T.activity("2024-05-02", "-1.00", category: "Food"),
            ],
            expected: ["Food 1.00"]),
    ]

    @Test(arguments: cases)
    func expenseTree(_ c: Case) throws {
        let summary = try #require(T.summary(T.report(c.activities), "2024-05"))
        #expect(T.outline(summary.expenseCategories) == c.expected)
    }

    @Test func linesCarryNameDepthCountAndShare() throws {
        let summary = try #require(
            T.summary(
                T.report([
                    T.activity("2024-05-01", "-10.00", category: "Food:Groceries"),
                    T.activity("2024-05-02", "-20.00", category: "Food:Groceries"),
                    T.activity("2024-05-03", "-30.00", category: "Rent"),
                    T.activity("2024-05-03", "-30.00"),
                ]), "2024-05"))
        let lines = summary.expenseCategories
        // All three top-level lines are 30.00: by path.
        #expect(lines.map(\.name) == ["Food", "Groceries", "Rent", "Uncategorised"])
        let groceries = try #require(lines.first { $0.path == "Food:Groceries" })
        #expect(groceries.depth == 1 && groceries.count == 2 && groceries.amount == T.money("30"))
        #expect(groceries.share?.description == "33.33%")
        let uncategorized = try #require(lines.first { $0.isUncategorized })
        #expect(uncategorized.path == MonthlySummary.uncategorizedName && uncategorized.count == 1)
        #expect(lines.filter(\.isUncategorized).count == 1)
    }

    @Test func incomeLinesComeFromIncomeCategoriesOnly() throws {
        let summary = try #require(
            T.summary(
                T.report([
                    T.activity("2024-05-01", "3000.00", category: "Income:Salary"),
                    T.activity("2024-05-01", "500.00", category: "Income:Salary:Bonus"),
                    T.activity("2024-05-02", "-20.00", category: "Income:Salary"),  // income given back: lowers income
                    T.activity("2024-05-03", "100.00", .transfer, category: "Income:Salary"),  // a transfer, never income
                    T.activity("2024-05-04", "40.00", category: "Gifts"),  // not under Income: a refund of spending
                ]), "2024-05"))
        #expect(T.outline(summary.incomeCategories) == ["Income 3480.00", "  Income:Salary 3480.00", "    Income:Salary:Bonus 500.00"])
        #expect(summary.income == T.money("3480.00"))
        #expect(T.outline(summary.expenseCategories) == ["Gifts -40.00"])
        #expect(summary.refunds == T.money("40.00") && summary.refundCount == 1)
        #expect(summary.transfers.moneyIn == T.money("100.00"))
    }

    /// CONTRACT.md's worked example: a -100.00 purchase and a +30.00 refund in Shopping are 70.00 of
    /// Shopping spending, whatever type the refund carries.
    @Test func aRefundLowersItsCategorysSpending() throws {
        for refundType in [nil, PaymentType.income, .expense] {
            let summary = try #require(
                T.summary(
                    T.report([
                        T.activity("2024-05-01", "-100.00", category: "Shopping"),
                        T.activity("2024-05-09", "30.00", refundType, category: "Shopping", line: 2),
                        T.activity("2024-05-10", "2000.00", category: "Income:Salary", line: 3),
                    ]), "2024-05"))
            #expect(summary.income == T.money("2000.00"))
            #expect(summary.expense == T.money("70.00"))
            #expect(summary.refunds == T.money("30.00") && summary.refundCount == 1)
            #expect(T.outline(summary.expenseCategories) == ["Shopping 70.00"])
            #expect(summary.net == T.money("1930.00"))
        }
    }

    @Test func noShareOfAZeroTotal() throws {
        let summary = try #require(
            T.summary(
                T.report([
                    T.activity("2024-05-01", "-5.00", category: "Food"), T.activity("2024-05-02", "5.00", .expense, category: "Fun"),
                ]), "2024-05"))
        #expect(summary.expense.isZero)
        #expect(summary.expenseCategories.allSatisfy { $0.share == nil })
    }
}
