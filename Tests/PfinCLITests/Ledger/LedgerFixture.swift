import FinanceCore
import Foundation
import LedgerStore
import TestSupport

/// A ledger in a temporary directory, and `pfin` run against it with `--db`.
final class LedgerFixture {
    let directory: TemporaryDirectory
    let path: String

    /// An empty directory; the ledger file does not exist until something creates it.
    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("ledger.sqlite")
    }

    /// `pfin ARGUMENTS --db PATH`.
    func pfin(_ arguments: [String], environment: [String: String] = [:]) throws -> PfinProcess.Result {
        try PfinProcess.run(arguments + ["--db", path], environment: environment)
    }

    /// Stores `activities` as one import, in order (the ledger's storage order), without transfer matching.
    func store(_ activities: [PaymentActivity], file: String = "fixture.csv") throws {
        let ledger = try Ledger(path: path)
        _ = try ledger.importActivities(activities, file: file, options: ImportOptions(matchTransfers: false))
    }

    /// Nine transactions with fixed ids in two currencies and three accounts: ids `3f…` and `9c…`
    /// share their first two digits, for the prefix tests.
    static func standard() throws -> LedgerFixture {
        let fixture = try LedgerFixture()
        try fixture.store(standardActivities)
        return fixture
    }

    static let standardActivities: [PaymentActivity] = [
        activity(
            0x3f2a_9c0d_0000_0001, "2024-05-03", "Corner Bakery", "-4.50", "USD", .expense, "Food:Coffee", "Checking",
            address: "12 Main St", memo: "flat white", line: 2),
        activity(0x3f2b_0000_0000_0002, "2024-05-03", "Whole Foods Market", "-54.20", "USD", .expense, "Food:Groceries", "Checking", line: 3),
        activity(0x7b1e_04aa_0000_0003, "2024-05-31", "ACME Corp Payroll", "3200.00", "USD", .income, "Income:Salary", "Checking", line: 4),
        activity(0x9c00_0000_0000_0004, "2024-05-15", "Transfer to savings", "-500.00", "USD", .transfer, nil, "Checking", line: 5),
        activity(0x9c01_0000_0000_0005, "2024-05-15", "Transfer from checking", "500.00", "USD", .transfer, nil, "Savings", line: 6),
        activity(
            0xa100_0000_0000_0006, "2024-04-28", "City Power", "-120.00", "USD", .expense, "Bills:Electricity", "Checking",
            memo: "April bill", line: 7),
        activity(0xb200_0000_0000_0007, "2024-06-02", "Café Lumière", "-3.80", "EUR", .expense, "Food:Coffee", "Card", line: 8),
        activity(0xc300_0000_0000_0008, "2024-06-05", "Bookshop", "-25.00", "EUR", .expense, nil, "Card", address: "Rue X", line: 9),
        activity(0xd400_0000_0000_0009, "2024-06-10", "Refund Bookshop", "25.00", "EUR", .income, "Shopping", "Card", line: 10),
    ]

    static func activity(
        _ id: UInt64, _ date: String, _ name: String, _ amount: String, _ currency: String?,
        _ type: PaymentType, _ category: String?, _ account: String?, address: String? = nil,
        memo: String? = nil, line: Int
    ) -> PaymentActivity {
        PaymentActivity(
            id: ActivityID(value: id), account: account, date: LocalDate(iso: date)!, name: name,
            address: address, amount: money(amount, currency), memo: memo, type: type, category: category,
            source: SourceLocation(file: "fixture.csv", line: line))
    }

    /// `-54.20` as exact money.
    static func money(_ text: String, _ currency: String?) -> Money {
        let parts = text.split(separator: ".")
        let scale = parts.count == 2 ? parts[1].count : 0
        return Money(units: Int64(parts.joined())!, scale: UInt8(scale), currency: currency.flatMap { CurrencyCode($0) })
    }

    /// Today in the local time zone, as `pfin` sees it.
    static var today: (year: Int, month: Int, day: Int) {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return (parts.year!, parts.month!, parts.day!)
    }

    static func iso(_ year: Int, _ month: Int, _ day: Int) -> String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }
}
