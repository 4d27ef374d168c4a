import FinanceCore
import Testing

@testable import Reports

/// Recurring detection: intervals with their tolerance, amounts that stay close, and the changes
/// a person wants told: price, late income, missed, stopped, new.
struct RecurringDetectorTests {
    typealias T = ReportTesting

    static func report(_ activities: [PaymentActivity], asOf: String? = nil) -> RecurringReport {
        var detector = RecurringDetector()
        for activity in T.numbered(activities) { detector.add(activity) }
        return detector.finish(asOf: asOf.map(T.date))
    }

    /// Payments to `name` on `days` (ISO dates), all of `amount` unless `amounts` says otherwise.
    static func payments(
        _ name: String, _ days: [String], _ amount: String = "-10.00", amounts: [String]? = nil, category: String? = nil
    ) -> [PaymentActivity] {
        days.enumerated().map { i, day in T.activity(day, amounts?[i] ?? amount, category: category, name: name) }
    }

    static func monthly(_ day: Int, from month: Int = 1, count: Int, year: Int = 2024) -> [String] {
        (0..<count).map { i in
            let ordinal = year * 12 + month - 1 + i
            return String(format: "%04d-%02d-%02d", ordinal / 12, ordinal % 12 + 1, day)
        }
    }

    @Test func aMonthlyPaymentShiftedByWeekendsIsOneSeries() throws {
        // The 1st of each month, paid on the Monday after a weekend (June 1st 2024 is a Saturday).
        let days = ["2024-01-02", "2024-02-01", "2024-03-01", "2024-04-01", "2024-05-01", "2024-06-03", "2024-07-01"]
        let report = Self.report(Self.payments("HAUSVERWALTUNG BECKER", days, "-1150.00", category: "Housing:Rent"))
        let series = try #require(report.series.first)
        #expect(report.series.count == 1)
        #expect(series.interval == .monthly && series.usualDay == 1 && series.side == .spending)
        #expect(series.usualAmount.decimalString == "1150.00" && series.category == "Housing:Rent")
        #expect(series.nextExpected == T.date("2024-08-01"))
        #expect(series.changes.isEmpty, "\(series.changes)")
        #expect(series.yearlyAmount?.decimalString == "13800.00")
    }

    @Test func everyIntervalIsFound() throws {
        let weekly = (0..<8).map { T.date("2024-01-05").adding(days: 7 * $0).description }
        let fortnightly = (0..<6).map { T.date("2024-01-05").adding(days: 14 * $0).description }
        let quarterly = ["2023-01-02", "2023-04-03", "2023-07-03", "2023-10-02", "2024-01-02"]
        let yearly = ["2021-03-01", "2022-03-01", "2023-03-02", "2024-03-01"]
        let report = Self.report(
            Self.payments("Gym", weekly, "-9.00") + Self.payments("Cleaner", fortnightly, "-60.00")
                + Self.payments("Allianz", quarterly, "-45.30") + Self.payments("ADAC", yearly, "-94.00"),
            asOf: "2024-03-05")
        let found = Dictionary(uniqueKeysWithValues: report.series.map { ($0.key, $0.interval) })
        #expect(found == ["gym": .weekly, "cleaner": .fortnightly, "allianz": .quarterly, "adac": .yearly])
    }

    @Test func twoPaymentsAndIrregularShoppingAreNoSeries() throws {
        // Groceries on irregular days with amounts all over the place; a dentist twice.
        let groceries = ["2024-01-02", "2024-01-04", "2024-01-09", "2024-01-10", "2024-01-15", "2024-01-19", "2024-01-20", "2024-01-26"]
        let amounts = ["-55.32", "-12.10", "-80.40", "-33.00", "-94.10", "-20.00", "-61.75", "-15.30"]
        // Gaps of 30, 5, 31, 60 and 3 days: a month on the median, but only two gaps near one.
        let irregular = ["2024-01-03", "2024-02-02", "2024-02-07", "2024-03-09", "2024-05-08", "2024-05-11"]
        let report = Self.report(
            Self.payments("REWE Markt", groceries, amounts: amounts) + Self.payments("Zahnarzt Dr. Wolf", ["2023-05-09", "2024-02-20"], "-186.00")
                + Self.payments("Amazon", irregular, "-20.00")
                + Self.payments("Bakery", Self.monthly(5, count: 6), amounts: ["-3.00", "-40.00", "-2.50", "-55.00", "-4.00", "-60.00"]))
        #expect(report.series.isEmpty, "\(report.series.map(\.key))")
        let reasons = Dictionary(uniqueKeysWithValues: report.candidates.map { ($0.key, $0.reason ?? "") })
        #expect(reasons["rewe markt"] == "payments 4 days apart on the median: no regular interval")
        #expect(reasons["zahnarzt dr wolf"] == "only 2 payments (a series needs 3)")
        #expect(reasons["amazon"] == "irregular: 2 of 5 gaps near a month")
        #expect(reasons["bakery"] == "amounts vary too much: 2.50 to 60.00")
    }

    @Test func aPriceThatMovesAndStaysIsAChangeAOneOffIsNot() throws {
        let days = Self.monthly(7, count: 9)
        let netflix = ["-15.49", "-15.49", "-15.49", "-15.49", "-17.99", "-17.99", "-17.99", "-17.99", "-17.99"]
        let energy = ["-86.00", "-86.00", "-91.20", "-86.00", "-86.00", "-86.00", "-86.00", "-86.00", "-86.00"]
        let report = Self.report(Self.payments("NETFLIX.COM", days, amounts: netflix) + Self.payments("Stadtwerke", days, amounts: energy))
        let series = Dictionary(uniqueKeysWithValues: report.series.map { ($0.key, $0) })
        let change = try #require(series["netflix.com"]?.changes.first)
        #expect(series["netflix.com"]?.changes.count == 1)
        #expect(change.kind == .price && change.date == T.date("2024-05-07"))
        #expect(change.from?.decimalString == "15.49" && change.to?.decimalString == "17.99")
        #expect(change.share == Share(basisPoints: 1614))
        #expect(series["netflix.com"]?.usualAmount.decimalString == "17.99")
        #expect(series["stadtwerke"]?.changes.isEmpty == true)
    }

    @Test func lateIncomeMissedAndStopped() throws {
        var salaryDays = Self.monthly(25, count: 8)
        salaryDays[5] = "2024-06-30"  // five days after the usual 25th
        let report = Self.report(
            Self.payments("Nordlicht Software", salaryDays, "3850.00", category: "Income:Salary")
                + Self.payments("Spotify", Self.monthly(21, count: 7), "-10.99")  // July missing on Aug 31
                + Self.payments("Adobe", Self.monthly(12, count: 3), "-23.79")  // nothing after March
                + [T.activity("2024-08-31", "-1.00", name: "Kiosk")],
            asOf: "2024-08-31")
        let series = Dictionary(uniqueKeysWithValues: report.series.map { ($0.key, $0) })
        let salary = try #require(series["nordlicht software"])
        #expect(salary.side == .income && salary.changes.map(\.kind) == [.late])
        #expect(salary.changes.first?.date == T.date("2024-06-30") && salary.changes.first?.count == 5)
        let spotify = try #require(series["spotify"])
        #expect(spotify.changes.map(\.kind) == [.missed] && spotify.changes.first?.date == T.date("2024-08-21"))
        #expect(spotify.nextExpected == T.date("2024-08-21"))
        let adobe = try #require(series["adobe"])
        #expect(adobe.hasStopped && adobe.nextExpected == nil)
        #expect(adobe.changes.first?.date == T.date("2024-04-12") && adobe.changes.first?.count == 5)
        // Stopped series come last.
        #expect(report.series.last?.key == "adobe")
    }

    @Test func aSeriesThatBeginsLateInTheDataIsNew() throws {
        let report = Self.report(
            Self.payments("Rent", Self.monthly(1, from: 1, count: 12), "-900.00")
                + Self.payments("Disney Plus", Self.monthly(18, from: 8, count: 5), "-8.99"))
        let series = Dictionary(uniqueKeysWithValues: report.series.map { ($0.key, $0) })
        #expect(series["disney plus"]?.changes.map(\.kind) == [.new])
        #expect(series["disney plus"]?.changes.first?.date == T.date("2024-08-18"))
        #expect(series["rent"]?.changes.isEmpty == true)
    }

    @Test func transfersAndRefundsAreNoPayments() throws {
        let days = Self.monthly(26, count: 6)
        let report = Self.report(
            days.map { T.activity($0, "-300.00", .transfer, category: "Transfers:Savings", name: "Sparkonto") }
                + days.map { T.activity($0, "20.00", category: "Shopping", name: "Returns Desk") })
        #expect(report.series.isEmpty)
        #expect(report.candidates.isEmpty)
    }

    @Test func seriesAreJudgedAtTheEndOfTheirOwnAccountsData() throws {
        // One export ends in May, another account's in December: the first's series goes on.
        var may = Self.payments("Salary", (0..<6).map { T.date("2024-03-01").adding(days: 14 * $0).description }, "2000.00")
        for i in may.indices { may[i].account = "checking" }
        var december = [T.activity("2024-12-20", "-5.00", name: "Coffee")]
        december[0].account = "card"
        let report = Self.report(may + december)
        let salary = try #require(report.series.first)
        #expect(salary.changes.isEmpty && salary.nextExpected == T.date("2024-05-24"))
        #expect(report.asOf == T.date("2024-12-20"))
    }

    /// One bank text in two currencies, and on both sides, makes a series of each; the
    /// category is the one most payments have, a one-off other category aside.
    @Test func oneNameInTwoCurrenciesAndOnBothSidesMakesASeriesOfEach() throws {
        let days = Self.monthly(5, count: 6)
        var dollars = Self.payments("Wise Transfer Fee", days, "-2.00", category: "Fees")
        dollars[2].category = "Shopping"
        let euros = days.map { T.activity($0, "-3.00", category: "Fees", name: "Wise Transfer Fee", currency: "EUR") }
        let income = days.map { T.activity($0, "50.00", .income, category: "Income:Cashback", name: "Wise Transfer Fee") }
        // Interleaved, so that every row's pair differs from the one before.
        let rows = (0..<6).flatMap { [dollars[$0], euros[$0], income[$0]] }
        let report = Self.report(rows)
        let found = report.series.map { "\($0.currency?.description ?? "-") \($0.side.word) \($0.usualAmount.decimalString) \($0.category ?? "-")" }
        #expect(found.sorted() == ["EUR spending 3.00 Fees", "USD income 50.00 Income:Cashback", "USD spending 2.00 Fees"])
    }
}
