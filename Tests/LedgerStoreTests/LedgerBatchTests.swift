import FinanceCore
import Foundation
import TestSupport
import Testing

@testable import LedgerStore

/// Imports as batches in the library: the recorded type changes, undo, restore, and a ledger of
/// the first schema brought up to date.
@Suite struct LedgerBatchTests {
    /// A money-out on Giro and the money-in on Savings that pairs with it.
    static let pair = [
        activity(1, "To savings", cents: -50_000, on: "2024-05-03", account: "Giro"),
        activity(2, "From giro", cents: 50_000, on: "2024-05-04", account: "Savings"),
    ]

    @Test func matchingRecordsItsTypeChangesOnlyWhileTheImportRuns() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        let first = try ledger.importActivities([Self.pair[0], activity(3, "Rent", cents: -90_000)], file: "giro.csv")
        #expect(first.batch == 1)
        let second = try ledger.importActivities([Self.pair[1]], file: "savings.csv")
        #expect(second.batch == 2 && second.transferPairs == 1)
        #expect(try ledger.connection.integer("SELECT count(*) FROM import_type_changes WHERE import_id = 2") == 2)
        #expect(try ledger.connection.integer("SELECT count(*) FROM sqlite_temp_master WHERE type = 'trigger'") == 0)
        // An edit to transfer is the user's, not a batch's: nothing recorded.
        try ledger.update(ActivityID(value: 3), ActivityChanges(type: .transfer))
        #expect(try ledger.connection.integer("SELECT count(*) FROM import_type_changes") == 2)
    }

    @Test func aDryRunPreviewsAndLeavesNoBatch() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([Self.pair[0]], file: "giro.csv")
        let dry = try ledger.importActivities([Self.pair[0], Self.pair[1]], file: "both.csv", options: ImportOptions(dryRun: true))
        #expect(dry.batch == nil)
        let preview = try #require(dry.preview)
        #expect(preview.added.map(\.name) == ["From giro"])
        #expect(preview.duplicates.map(\.existing?.id) == [ActivityID(value: 1)])
        #expect(preview.duplicates.first?.existing?.inThisFile == false)
        #expect(preview.transfers.map(\.activity.name) == ["To savings", "From giro"])
        #expect(preview.transfers.map(\.previousType) == [.expense, .income])
        #expect(preview.transfers.map(\.isNew) == [false, true])
        #expect(try ledger.imports().count == 1)
        #expect(try ledger.connection.integer("SELECT count(*) FROM import_type_changes") == 0)
        #expect(try ledger.list().map(\.type) == [.expense])
    }

    @Test func undoPutsBackTheOtherSideUnlessTheUserSetItsTypeSince() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([Self.pair[0]], file: "giro.csv")
        _ = try ledger.importActivities([Self.pair[1]], file: "savings.csv")
        try ledger.update(ActivityID(value: 1), ActivityChanges(type: .transfer))
        let undo = try ledger.undo()
        #expect(undo.batch.id == 2 && undo.removed == 1 && undo.untransferred.isEmpty)
        #expect(try ledger.list().map(\.type) == [.transfer], "the type the user set stays")
        #expect(try ledger.imports().map(\.isUndone) == [false, true])
        let undone = try #require(try ledger.importBatch(2))
        #expect(throws: LedgerError.batchUndone(undone)) { try ledger.undo() }
        #expect(throws: LedgerError.batchNotFound(5)) { try ledger.undo(batch: 5) }
    }

    @Test func restoreNamesWhatItCannotRestoreAndRestoresNothingThen() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([activity(1), activity(2, "Tea")], file: "a.csv")
        try ledger.delete([ActivityID(value: 1)])
        #expect(throws: LedgerError.notDeleted(ActivityID(value: 2))) { try ledger.restore([ActivityID(value: 1), ActivityID(value: 2)]) }
        #expect(throws: LedgerError.notFound(ActivityID(value: 9))) { try ledger.restore([ActivityID(value: 9)]) }
        #expect(try ledger.list(LedgerFilter(deleted: true)).map(\.name) == ["Coffee"])
        try ledger.restore([ActivityID(value: 1)])
        #expect(try ledger.list(LedgerFilter(deleted: true)).isEmpty)
        #expect(try ledger.list().count == 2)
    }

    @Test func aLedgerOfTheFirstSchemaKeepsItsImportsAsBatches() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let path = temporaryLedgerPath(in: directory)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        do {
            let old = try SQLiteConnection(path: path, create: true, busyTimeoutMilliseconds: 1000)
            try old.execute(LedgerSchema.migrations[0] + "; PRAGMA user_version = 1", "test")
            try old.execute(
                """
                INSERT INTO imports(id, file, started_at, inserted) VALUES (1, 'old.csv', '2024-01-01T00:00:00Z', 1);
                INSERT INTO transactions(id, day, name, amount_units, amount_scale, type, source_line, import_id)
                VALUES (7, 19800, 'Old row', -100, 2, 0, 2, 1);
                """, "test")
        }
        let ledger = try Ledger(path: path)
        #expect(try ledger.storedSchemaVersion() == LedgerSchema.currentVersion)
        #expect(
            try ledger.imports() == [
                ImportBatch(
                    id: 1, file: "old.csv", startedAt: "2024-01-01T00:00:00Z", inserted: 1,
                    skippedDuplicates: 0, errors: 0, transferPairs: 0)
            ])
        #expect(try ledger.undo().removed == 1)
        #expect(try ledger.list().isEmpty)
    }
}
