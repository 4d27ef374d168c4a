import FinanceCore
import Reports
import TestSupport
import Testing

/// `ReportOptions.transactionLimit`: a month keeps only its newest transactions (what an HTML
/// page lists), in the order an unlimited report lists them, while every total stays the one of
/// all of them.
@Suite struct TransactionLimitTests {
    /// A month of `count` transactions in a shuffled date order, some on the same day, in two
    /// currencies, with income, spending and transfers.
    static func activities(count: Int, seed: UInt64) -> [PaymentActivity] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { line in
            let day = 1 + Int(random.next() % 28)
            let cents = Int(random.next() % 50_000) - 40_000
            let type: PaymentType? = line % 17 == 0 ? .transfer : nil
            let amount = (cents < 0 ? "-" : "") + "\(abs(cents) / 100)." + (abs(cents) % 100 < 10 ? "0" : "") + "\(abs(cents) % 100)"
            return ReportTesting.activity(
                "2024-05-\(day < 10 ? "0" : "")\(day)", amount, type, category: line % 5 == 0 ? nil : "Food:Groceries",
                name: "Shop \(line % 40)", currency: line % 9 == 0 ? "EUR" : "USD", line: line + 1)
        }
    }

    static func report(_ activities: [PaymentActivity], limit: Int?) -> MonthlyReport {
        var builder = ReportBuilder(options: ReportOptions(keepTransactions: true, transactionLimit: limit))
        for activity in activities { builder.add(activity) }
        return builder.finish()
    }

    @Test(arguments: [(0, 1), (5, 2), (100, 3), (999, 4), (1_000, 5), (3_000, 6)])
    func theNewestAreKeptAndTheTotalsCountAll(limit: Int, seed: UInt64) throws {
        let activities = Self.activities(count: 1_500, seed: seed)
        let all = Self.report(activities, limit: nil)
        let cut = Self.report(activities, limit: limit)
        #expect(all.summaries.count == 2 && cut.summaries.count == 2)
        for (full, limited) in zip(all.summaries, cut.summaries) {
            #expect(limited.transactions.map(\.source) == full.transactions.prefix(limit).map(\.source))
            #expect(limited.transactionCount == full.transactions.count)
            #expect(full.transactionCount == full.transactions.count)
            #expect(limited.income == full.income && limited.expense == full.expense && limited.net == full.net)
            #expect(limited.expenseCategories == full.expenseCategories && limited.topPayees == full.topPayees)
            #expect(limited.largest.map(\.source) == full.largest.map(\.source))
            #expect(limited.transfers == full.transfers && limited.uncategorizedCount == full.uncategorizedCount)
        }
    }

    @Test func sameDayTransactionsKeepTheLaterInTheInputFirst() {
        let activities = (1...6).map { ReportTesting.activity("2024-05-03", "-1.00", line: $0) }
        let report = Self.report(activities, limit: 4)
        #expect(report.summaries.first?.transactions.map(\.source.line) == [6, 5, 4, 3])
        #expect(report.summaries.first?.transactionCount == 6)
    }
}
