import FinanceCore
import Testing

@testable import Reports

/// The balances statements state, given to the summaries of their month and currency: per
/// account the month's latest; none where the month has no summary in that currency.
@Suite struct StatedBalanceTests {
    typealias T = ReportTesting

    static func balance(_ account: String?, _ amount: String, _ currency: String, _ day: String, line: Int = 1) -> StatedAccountBalance {
        StatedAccountBalance(
            account: account, balance: Balance(amount: T.money(amount, currency), date: LocalDate(iso: day)!),
            source: SourceLocation(file: "statement.ofx", line: line))
    }

    @Test func eachSummaryGetsItsMonthsLatestBalancePerAccount() throws {
        var report = T.report([
            T.activity("2024-04-05", "-10.00"), T.activity("2024-05-05", "-20.00"),
            T.activity("2024-05-06", "-7.00", currency: "EUR"),
        ])
        report.attach([
            Self.balance("Checking", "1000.00", "USD", "2024-05-31", line: 9),
            Self.balance("Checking", "900.00", "USD", "2024-05-15", line: 5),
            Self.balance("Checking", "800.00", "USD", "2024-04-30"),
            Self.balance("Savings", "5000.00", "USD", "2024-05-31"),
            Self.balance("Giro", "300.00", "EUR", "2024-05-31"),
            // No summary in June: nowhere to show it.
            Self.balance("Checking", "1100.00", "USD", "2024-06-30"),
        ])
        let may = try #require(T.summary(report, "2024-05"))
        #expect(
            may.balances.map { "\($0.account ?? "-") \($0.amount.decimalString) \($0.date)" } == [
                "Checking 1000.00 2024-05-31", "Savings 5000.00 2024-05-31",
            ])
        #expect(try #require(T.summary(report, "2024-04")).balances.map(\.amount.decimalString) == ["800.00"])
        #expect(try #require(T.summary(report, "2024-05", "EUR")).balances.map(\.account) == ["Giro"])
        // The totals are the transactions' own: a balance adds nothing to them.
        #expect(may.net == T.money("-20"))
    }
}
