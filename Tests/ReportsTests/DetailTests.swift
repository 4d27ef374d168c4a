import FinanceCore
import Testing

@testable import Reports

/// The detail lists of a summary: top payees, largest transactions and the transactions in order.
@Suite struct DetailTests {
    typealias T = ReportTesting

    @Test func topPayeesBySpendingThenName() throws {
        let summary = try #require(
            T.summary(
                T.report(
                    [
                        T.activity("2024-05-01", "-10.00", name: "Bakery"), T.activity("2024-05-02", "-15.00", name: "Bakery"),
                        T.activity("2024-05-03", "-25.00", name: "Amazon"), T.activity("2024-05-04", "-40.00", name: "Rent Co"),
                        T.activity("2024-05-05", "5.00", .expense, name: "Rent Co"),  // a refund lowers the payee's spending
                        T.activity("2024-05-06", "900.00", name: "Employer"),  // income: not a payee line
                        T.activity("2024-05-07", "-500.00", .transfer, name: "Savings"),  // transfer: not a payee line
                        T.activity("2024-05-08", "-1.00", name: "Kiosk"),
                    ], ReportOptions(topCount: 3)), "2024-05"))
        #expect(
            summary.topPayees == [
                PayeeLine(name: "Rent Co", amount: T.money("35"), count: 2),
                PayeeLine(name: "Amazon", amount: T.money("25"), count: 1),
                PayeeLine(name: "Bakery", amount: T.money("25"), count: 2),
            ])
    }

    @Test func largestByMagnitudeThenNewerThenSourceOrder() throws {
        let activities = T.numbered([
            T.activity("2024-05-01", "-50.00"), T.activity("2024-05-02", "3000.00"),
            T.activity("2024-05-03", "-50.00"), T.activity("2024-05-03", "50.00"),
            T.activity("2024-05-04", "-9000.00", .transfer), T.activity("2024-05-05", "-7.00"),
        ])
        let summary = try #require(T.summary(T.report(activities, ReportOptions(topCount: 4)), "2024-05"))
        #expect(summary.largest.map(\.source.line) == [2, 3, 4, 1])
        let none = try #require(T.summary(T.report(activities, ReportOptions(topCount: 0)), "2024-05"))
        #expect(none.largest.isEmpty && none.topPayees.isEmpty)
    }

    struct Order: CustomTestStringConvertible, Sendable {
        var name: String
        /// (date, line) in input order
        var input: [(String, Int)]
        var testDescription: String { name }
    }

    static let orders: [Order] = [
        Order(name: "oldest first", input: [("2024-05-01", 1), ("2024-05-01", 2), ("2024-05-02", 3), ("2024-05-03", 4)]),
        Order(name: "newest first", input: [("2024-05-03", 4), ("2024-05-02", 3), ("2024-05-01", 1), ("2024-05-01", 2)]),
        Order(
            name: "two exports concatenated",
            input: [("2024-05-01", 1), ("2024-05-03", 4), ("2024-05-01", 2), ("2024-05-02", 3)]),
        Order(name: "one day", input: [("2024-05-01", 1), ("2024-05-01", 2), ("2024-05-01", 3)]),
    ]

    /// Newest first; within a day, the later input first. Lines are numbered so that the expected
    /// order is always by line, descending, where a larger line is later input within a day.
    @Test(arguments: orders)
    func transactionsNewestFirst(_ order: Order) throws {
        let activities = order.input.map { T.activity($0.0, "-1.00", line: $0.1) }
        let summary = try #require(T.summary(T.report(activities), "2024-05"))
        #expect(summary.transactions.map(\.source.line) == order.input.map(\.1).sorted(by: >))
    }

    @Test func transactionsOfEveryTypeAreKeptUnlessToldNot() throws {
        let activities = [
            T.activity("2024-05-01", "-1.00"), T.activity("2024-05-02", "2.00", .transfer),
            T.activity("2024-05-03", "3.00"),
        ]
        let kept = try #require(T.summary(T.report(activities), "2024-05"))
        #expect(kept.transactions.count == 3)
        let dropped = try #require(T.summary(T.report(activities, ReportOptions(keepTransactions: false)), "2024-05"))
        #expect(dropped.transactions.isEmpty)
        // The aggregates do not depend on keeping them.
        #expect(dropped.largest == kept.largest && dropped.topPayees == kept.topPayees)
        #expect(dropped.expenseCategories == kept.expenseCategories && dropped.income == kept.income)
    }

    @Test func aBuilderCanBeReusedAfterFinish() {
        var builder = ReportBuilder(options: ReportOptions())
        builder.add(T.activity("2024-05-01", "-1.00"))
        #expect(builder.finish().summaries.count == 1)
        #expect(builder.finish().summaries.isEmpty)
    }
}
