import FinanceCore
import Foundation

@testable import LedgerStore

/// A fresh ledger file in its own temporary directory (created by `Ledger` itself, which makes
/// parent directories).
func temporaryLedgerPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("pfin-ledger-tests-\(UUID().uuidString)/sub/ledger.sqlite").path
}

func makeLedger() throws -> Ledger {
    try Ledger(path: temporaryLedgerPath())
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
