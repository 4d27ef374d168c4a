import FinanceCore
import Testing

@testable import Reports

/// A month's view of the recurring payments (the month page's section): the series paid in it
/// with exact sums, the changes dated in it, a payment due and not paid, the largest first, and
/// the yearly total of the active spending series; `through` leaves out what came after.
struct RecurringMonthTests {
    typealias T = ReportTesting
    typealias D = RecurringDetectorTests

    static let history: [PaymentActivity] =
        D.payments("HAUSVERWALTUNG BECKER", D.monthly(1, count: 6), "-1150.00", category: "Housing:Rent")
        + D.payments(
            "NETFLIX.COM", D.monthly(7, count: 6), amounts: ["-15.49", "-15.49", "-17.99", "-17.99", "-17.99", "-17.99"],
            category: "Subscriptions")
        // Cancelled after March: April and May are due and do not come.
        + D.payments("ADOBE", D.monthly(12, count: 3), "-23.79")
        + D.payments("CLEANER", (0..<12).map { T.date("2024-01-05").adding(days: 14 * $0).description }, "-60.00")
        + D.payments("ACME PAYROLL", ["2024-01-25", "2024-02-23", "2024-03-25", "2024-04-30", "2024-05-24", "2024-06-25"], "3000.00")
        + [T.activity("2024-03-09", "-42.10", name: "REWE"), T.activity("2024-03-09", "-500.00", .transfer, name: "Savings")]

    static func report(through: String? = nil) -> RecurringReport {
        var detector = RecurringDetector(through: through.map(T.date))
        for activity in T.numbered(history) { detector.add(activity) }
        return detector.finish()
    }

    static let march = YearMonth(year: 2024, month: 3)!
    static let usd = CurrencyCode("USD")

    @Test func theSeriesPaidInAMonthWithTheirChangesAndTotal() throws {
        let march = Self.report().month(Self.march, currency: Self.usd)
        // The largest payment first: rent, the cleaner's three, Netflix's new price, Adobe.
        #expect(march.spending.map(\.series.key) == ["hausverwaltung becker", "cleaner", "adobe", "netflix.com"])
        #expect(march.spending.map { $0.paid?.decimalString } == ["1150.00", "180.00", "23.79", "17.99"])
        let cleaner = try #require(march.spending.first { $0.series.key == "cleaner" })
        #expect(cleaner.payments.map(\.date.description) == ["2024-03-01", "2024-03-15", "2024-03-29"])
        let netflix = try #require(march.spending.first { $0.series.key == "netflix.com" })
        #expect(netflix.changes.map(\.kind) == [.price] && netflix.changes.first?.to?.decimalString == "17.99")
        // Exactly the sum of the payments listed; no transfer, no one-off shopping.
        #expect(march.spent?.decimalString == "1371.78")
        #expect(march.income.map(\.series.key) == ["acme payroll"] && march.income.first?.paid?.decimalString == "3000.00")
        #expect(Self.report().month(Self.march, currency: CurrencyCode("EUR")).isEmpty)
    }

    @Test func aPaymentDueAndNotPaidIsShownInItsMonth() throws {
        let april = Self.report().month(YearMonth(year: 2024, month: 4)!, currency: Self.usd)
        let adobe = try #require(april.spending.first { $0.series.key == "adobe" })
        #expect(adobe.payments.isEmpty && adobe.paid?.isZero == true && adobe.wentUnpaid)
        #expect(adobe.changes.map(\.kind) == [.stopped] && adobe.changes.first?.date == T.date("2024-04-12"))
        // Listed after the series that were paid; not in the month's total.
        #expect(april.spending.last?.series.key == "adobe")
        #expect(april.spent?.decimalString == "1287.99")
        let salary = try #require(april.income.first)
        #expect(salary.changes.map(\.kind) == [.late] && salary.changes.first?.count == 5)
        // Nothing of it in June: it stopped.
        let june = Self.report().month(YearMonth(year: 2024, month: 6)!, currency: Self.usd)
        #expect(!june.spending.contains { $0.series.key == "adobe" })
    }

    @Test func theYearlyTotalOfTheActiveSpendingSeries() throws {
        let report = Self.report()
        #expect(report.activeSpending(in: Self.usd).map(\.key) == ["hausverwaltung becker", "cleaner", "netflix.com"])
        // 12 × 1150.00 + 26 × 60.00 + 12 × 17.99, Adobe (stopped) and the salary left out.
        #expect(report.yearlySpending(in: Self.usd)?.decimalString == "15575.88")
        #expect(report.yearlySpending(in: CurrencyCode("EUR")) == nil)
    }

    @Test func throughLeavesOutWhatCameLater() throws {
        let report = Self.report(through: "2024-03-31")
        #expect(report.asOf == T.date("2024-03-31"))
        let netflix = try #require(report.series.first { $0.key == "netflix.com" })
        #expect(netflix.last == T.date("2024-03-07") && netflix.payments.count == 3)
        // Adobe's last payment was in March: at the end of March nothing is missing yet.
        let adobe = try #require(report.series.first { $0.key == "adobe" })
        #expect(!adobe.hasStopped && adobe.changes.isEmpty)
    }
}
