import FinanceCore
import Foundation
import TestSupport
import Testing

@testable import LedgerStore

/// The balances table: what an import stores, and reconciling against it.
@Suite struct LedgerBalanceTests {
    static func euros(_ cents: Int64) -> Money { Money(units: cents, scale: 2, currency: CurrencyCode("EUR")) }

    /// Imports `activities` with a statement (opening and closing) and a balance on each row.
    static func importStatement(
        _ activities: [PaymentActivity], opening: Int64, closing: Int64, into ledger: Ledger,
        file: String = "test.csv"
    ) throws {
        let session = try ledger.beginImport(file: file, options: ImportOptions(matchTransfers: false))
        var balance = opening
        // A statement first without balances, then again with them: the later one counts.
        let source = SourceLocation(file: file, line: 1)
        session.statement(StatementInfo(account: Account(id: "Giro"), source: source))
        for activity in activities {
            try session.add(activity)
            balance += activity.amount.units
            session.rowBalance(RowBalance(account: activity.account, amount: euros(balance), date: activity.date, source: activity.source))
        }
        session.statement(
            StatementInfo(
                account: Account(id: "Giro"), currency: CurrencyCode("EUR"),
                openingBalance: Balance(amount: euros(opening), date: date("2024-05-01")),
                ledgerBalance: Balance(amount: euros(closing), date: date("2024-05-31")), source: source))
        _ = try session.commit()
    }

    static let month = [
        activity(1, "Rent", cents: -90_000, on: "2024-05-02"), activity(2, "Coffee", cents: -350, on: "2024-05-03"),
        activity(3, "Salary", cents: 250_000, on: "2024-05-03"), activity(4, "Coffee", cents: -350, on: "2024-05-10"),
    ]

    @Test func aStatementsFinalBalancesAndEachRowsAreStored() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        try Self.importStatement(Self.month, opening: 10_000, closing: 169_300, into: ledger)
        let stored = try ledger.statedBalances()
        #expect(stored.filter { $0.kind == .opening }.map(\.amount) == [Self.euros(10_000)])
        #expect(stored.filter { $0.kind == .closing }.map(\.amount) == [Self.euros(169_300)])
        // The two rows of 2024-05-03 in the order they happened.
        #expect(stored.filter { $0.kind == .running }.map(\.position) == [1, 1, 2, 1])
        #expect(try ledger.reconcile().map(\.outcome) == [.reconciled])
    }

    @Test func aDuplicateTransactionIsNamed() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        try Self.importStatement(Self.month, opening: 10_000, closing: 169_300, into: ledger)
        // The same coffee again, entered by hand.
        _ = try ledger.add(activity(99, "Coffee", cents: -350, on: "2024-05-10"))
        let result = try #require(try ledger.reconcile().first)
        #expect(result.outcome == .mismatch)
        let first = try #require(result.mismatches.first)
        #expect(first.date == date("2024-05-10"))
        #expect(first.difference == Self.euros(350))
        guard case .duplicate(let second, let of) = first.causes.first else {
            Issue.record("expected a duplicate, found \(first.causes)")
            return
        }
        #expect(of.id == ActivityID(value: 4))
        #expect(second.name == "Coffee")
    }

    @Test func aMissingTransactionIsSaidWithItsDays() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        // The salary is not in the ledger, but the balances count it.
        try Self.importStatement(Self.month, opening: 10_000, closing: 169_300, into: ledger)
        try ledger.connection.execute("DELETE FROM transactions WHERE id = 3", "test")
        let result = try #require(try ledger.reconcile().first)
        #expect(result.mismatchCount == 1)
        #expect(result.mismatches.first?.causes == [.missing(amount: Self.euros(250_000), after: date("2024-05-02"), before: date("2024-05-03"))])
    }

    @Test func aLedgerOfTheThirdSchemaGainsTheBalancesTable() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try Ledger(path: try ledgerBeforeMigration(containing: "CREATE TABLE balances", in: directory))
        #expect(try ledger.storedSchemaVersion() == LedgerSchema.currentVersion)
        #expect(try ledger.statedBalances().isEmpty)
        #expect(try ledger.reconcile().isEmpty)
        #expect(try ledger.list().count == 1)
        try Self.importStatement(Self.month, opening: 10_000, closing: 169_300, into: ledger)
        #expect(try ledger.reconcile().map(\.outcome) == [.reconciled])
        #expect(try ledger.undo().removed == 4)
        #expect(try ledger.statedBalances().isEmpty)
    }

    /// A cent past the largest balance `Money` holds: the walk is exact, so the statement whose
    /// closing balance ignores that cent is a mismatch (it used to be reconciled, the sum having
    /// stopped at the limit).
    @Test func aBalanceAtTheLimitIsWalkedExactly() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        let session = try ledger.beginImport(file: "big.csv", options: ImportOptions(matchTransfers: false))
        let source = SourceLocation(file: "big.csv", line: 1)
        try session.add(activity(1, "Interest", cents: 1, on: "2024-05-02"))
        session.statement(
            StatementInfo(
                account: Account(id: "Giro"), currency: CurrencyCode("EUR"),
                openingBalance: Balance(amount: Self.euros(.max), date: date("2024-05-01")),
                ledgerBalance: Balance(amount: Self.euros(.max), date: date("2024-05-31")), source: source))
        _ = try session.commit()
        let result = try #require(try ledger.reconcile().first)
        #expect(result.outcome == .mismatch)
    }
}
