import FinanceCore
import Foundation
import TestSupport

@testable import LedgerStore

/// A fresh ledger file in `directory`, under directories that do not exist yet (`Ledger` makes
/// parent directories). The test holds `directory` (`TemporaryDirectory("ledger-tests")`),
/// declared before its ledgers, which removes it all when the test ends.
func temporaryLedgerPath(in directory: TemporaryDirectory) -> String {
    directory.path("\(UUID().uuidString)/sub/ledger.sqlite")
}

func makeLedger(in directory: TemporaryDirectory) throws -> Ledger {
    try Ledger(path: temporaryLedgerPath(in: directory))
}

func date(_ iso: String) -> LocalDate {
    LocalDate(iso: iso)!
}

/// An activity with the fields tests care about; cents in EUR unless said.
func activity(
    _ id: UInt64, _ name: String = "Coffee", cents: Int64 = -350, on day: String = "2024-05-03",
    account: String? = "Giro", currency: String = "EUR", category: String? = nil, memo: String? = nil,
    type: PaymentType? = nil
) -> PaymentActivity {
    PaymentActivity(
        id: ActivityID(value: id), account: account, date: date(day), name: name,
        amount: Money(units: cents, scale: 2, currency: CurrencyCode(currency)), memo: memo, type: type,
        category: category, source: SourceLocation(file: "test.csv", line: Int(id % 1000)))
}

/// A ledger file as an earlier pfin left it: the migrations before the first one that contains
/// `marker`, with one imported transaction ('Old row', id 7, from old.csv); in `directory`.
func ledgerBeforeMigration(containing marker: String, in directory: TemporaryDirectory) throws -> String {
    let path = temporaryLedgerPath(in: directory)
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let old = try SQLiteConnection(path: path, create: true, busyTimeoutMilliseconds: 1000)
    guard let index = LedgerSchema.migrations.firstIndex(where: { $0.contains(marker) }) else {
        throw LedgerError.invalid("no migration contains \(marker)")
    }
    try old.execute(LedgerSchema.migrations[..<index].joined(separator: ";\n") + "; PRAGMA user_version = \(index)", "test")
    try old.execute(
        """
        INSERT INTO imports(id, file, started_at, inserted) VALUES (1, 'old.csv', '2024-01-01T00:00:00Z', 1);
        INSERT INTO transactions(id, day, name, amount_units, amount_scale, type, source_line, import_id)
        VALUES (7, 19800, 'Old row', -100, 2, 0, 2, 1);
        """, "test")
    return path
}
