import FinanceCore
import Foundation
import TestSupport
import Testing

@testable import LedgerStore

/// The first import into a ledger without transactions writes through the rollback journal, and
/// the ledger is in WAL mode again afterwards (Ledger+JournalMode).
@Suite struct LedgerJournalTests {
    static func journalMode(_ ledger: Ledger) throws -> String? {
        try ledger.connection.text("PRAGMA journal_mode")
    }

    /// `count` activities with ids from `first` on.
    static func activities(from first: UInt64, count: Int) -> [PaymentActivity] {
        (0..<UInt64(count)).map { activity(first + $0, "Shop \(first + $0)", cents: -Int64($0 % 900) - 1) }
    }

    @Test func firstImportUsesTheRollbackJournalLaterOnesTheWAL() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try Ledger(path: temporaryLedgerPath(in: directory))
        let first = try ledger.beginImport(file: "first.csv")
        #expect(try Self.journalMode(ledger) == "delete")
        for a in Self.activities(from: 1, count: 30_000) { try first.add(a) }  // past the bulk threshold
        #expect(try first.commit().inserted == 30_000)
        #expect(try Self.journalMode(ledger) == "wal")
        #expect(try ledger.connection.integer("PRAGMA synchronous") == 1)  // NORMAL again

        let second = try ledger.beginImport(file: "second.csv")
        #expect(try Self.journalMode(ledger) == "wal")
        for a in Self.activities(from: 100_000, count: 10) { try second.add(a) }
        #expect(try second.commit().inserted == 10)
        #expect(try ledger.list().count == 30_010)
        #expect(try ledger.integrityCheck() == ["ok"])
    }

    /// Leaving WAL mode needs the file to itself: with a reader open, the import stays in WAL mode
    /// at once instead of waiting for the reader (whose busy timeout here is long).
    @Test func anotherConnectionKeepsTheImportInWALModeWithoutWaiting() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let path = temporaryLedgerPath(in: directory)
        let ledger = try Ledger(path: path, busyTimeout: 60)
        let reader = try Ledger(path: path, create: false)
        #expect(try reader.list().isEmpty)
        let started = Date()
        let session = try ledger.beginImport(file: "a.csv")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(try Self.journalMode(ledger) == "wal")
        for a in Self.activities(from: 1, count: 100) { try session.add(a) }
        // WAL: the reader reads the last commit while the import is under way.
        #expect(try reader.list().isEmpty)
        #expect(try session.commit().inserted == 100)
        #expect(try reader.list().count == 100)
    }

    @Test func aRolledBackFirstImportLeavesAnEmptyLedgerInWALMode() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let path = temporaryLedgerPath(in: directory)
        let ledger = try Ledger(path: path)
        let dryRun = try ledger.beginImport(file: "a.csv", options: ImportOptions(dryRun: true))
        for a in Self.activities(from: 1, count: 25_000) { try dryRun.add(a) }
        #expect(try dryRun.commit().inserted == 25_000)
        let abandoned = try ledger.beginImport(file: "b.csv")
        for a in Self.activities(from: 1, count: 25_000) { try abandoned.add(a) }
        abandoned.rollback()
        #expect(try Self.journalMode(ledger) == "wal")
        #expect(try ledger.list().isEmpty)
        #expect(try ledger.integrityCheck() == ["ok"])
        // The dropped indexes came back with the rollback.
        #expect(try ledger.connection.integer("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions'") == 4)
        #expect(FileManager.default.fileExists(atPath: path + "-journal") == false)
    }

    /// A ledger left in rollback mode (a switch back that failed) is in WAL mode once opened again.
    @Test func openingSwitchesAFileInRollbackModeBackToWAL() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let path = temporaryLedgerPath(in: directory)
        do {
            let ledger = try Ledger(path: path)
            _ = try ledger.importActivities(Self.activities(from: 1, count: 3), file: "a.csv")
            #expect(try ledger.connection.text("PRAGMA journal_mode = DELETE") == "delete")
        }
        let reopened = try Ledger(path: path)
        #expect(try Self.journalMode(reopened) == "wal")
        #expect(try reopened.list().count == 3)
    }
}
