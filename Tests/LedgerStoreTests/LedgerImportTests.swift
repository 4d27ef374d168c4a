import FinanceCore
import TestSupport
import Testing

@testable import LedgerStore

@Suite struct LedgerImportTests {
    @Test func reimportAddsNothing() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        let rows = [activity(1), activity(2, cents: -500), activity(3, "Salary", cents: 300_000)]
        let first = try ledger.importActivities(rows, file: "a.csv")
        #expect(first.inserted == 3 && first.skippedDuplicates == 0)
        let second = try ledger.importActivities(rows, file: "a-again.csv")
        #expect(second.inserted == 0 && second.skippedDuplicates == 3)
        #expect(try ledger.list().count == 3)
    }

    @Test func overlappingImportAddsOnlyTheNewRows() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([activity(1), activity(2)], file: "april.csv")
        let result = try ledger.importActivities([activity(2), activity(3), activity(4)], file: "may.csv")
        #expect(result.inserted == 2 && result.skippedDuplicates == 1)
        #expect(try ledger.list().map(\.id.value).sorted() == [1, 2, 3, 4])
    }

    @Test func aDeletedTransactionStaysDeletedOnReimport() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([activity(1), activity(2)], file: "a.csv")
        try ledger.delete([ActivityID(value: 1)])
        let again = try ledger.importActivities([activity(1), activity(2)], file: "a.csv")
        #expect(again.inserted == 0 && again.skippedDuplicates == 2)
        #expect(try ledger.list().map(\.id.value) == [2])
        #expect(try ledger.activity(idPrefix: "0000000000000001") == .none)
        #expect(try ledger.entry(ActivityID(value: 1))?.deleted == true)
    }

    @Test func anEditedTransactionKeepsItsEditOnReimport() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([activity(1)], file: "a.csv")
        try ledger.update(ActivityID(value: 1), ActivityChanges(name: "Espresso Bar", category: .some("Food:Coffee")))
        _ = try ledger.importActivities([activity(1)], file: "a.csv")
        let rows = try ledger.list()
        #expect(rows.count == 1 && rows[0].name == "Espresso Bar" && rows[0].category == "Food:Coffee")
        guard case .found(let entry) = try ledger.activity(idPrefix: "00000000000000") else {
            Issue.record("not found")
            return
        }
        #expect(entry.editedAt != nil && entry.origin == .import)
    }

    @Test func aBulkImportStillRecognisesDuplicates() throws {
        // Past ImportSession.bulkThreshold the unique index is dropped and duplicates are found in memory.
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([activity(7_000_001)], file: "old.csv")
        let big = (1...25_000).map { activity(UInt64($0)) } + [activity(3), activity(24_999), activity(7_000_001)]
        let result = try ledger.importActivities(big, file: "big.csv")
        #expect(result.inserted == 25_000 && result.skippedDuplicates == 3)
        #expect(try ledger.integrityCheck() == ["ok"])
        #expect(try ledger.importActivities([activity(25_000), activity(25_001)], file: "more.csv").inserted == 1)
        #expect(try ledger.list().count == 25_002)
        // Rows of the bulk part (inserted 32 to a statement, and the last few alone) read back whole.
        for id in [20_001, 24_990, 25_000] as [UInt64] {
            #expect(try ledger.entry(ActivityID(value: id))?.entry.activity == activity(id))
        }
    }

    @Test func aRolledBackImportLeavesNothing() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        let session = try ledger.beginImport(file: "bad.csv")
        try session.add(activity(1))
        try session.add(activity(2))
        session.rollback()
        #expect(try ledger.list().isEmpty)
        // The ledger is usable again afterwards.
        #expect(try ledger.importActivities([activity(3)], file: "good.csv").inserted == 1)
    }

    @Test func aSessionDroppedWithoutCommitRollsBack() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        do {
            let session = try ledger.beginImport(file: "a.csv")
            try session.add(activity(1))
        }
        #expect(try ledger.list().isEmpty)
    }

    @Test func aDryRunCountsButWritesNothing() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([activity(1)], file: "a.csv")
        let dry = try ledger.importActivities([activity(1), activity(2)], file: "b.csv", options: ImportOptions(dryRun: true))
        #expect(dry.inserted == 1 && dry.skippedDuplicates == 1 && dry.dryRun && dry.batch == nil)
        #expect(dry.preview?.added.map(\.id) == [ActivityID(value: 2)])
        #expect(try ledger.list().count == 1)
    }

    @Test func everyFieldRoundTrips() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        var a = activity(0xFEDC_BA98_7654_3210, "Café Ünïcode", cents: -123_456, category: "Food:Coffee", memo: "POS 0503")
        a.address = "1 Main St"
        a.fitid = "20240503001"
        a.checkNumber = "1042"
        a.amount = Money(units: -1_234_567, scale: 3, currency: CurrencyCode("KWD"))
        var b = activity(7, account: nil)
        b.amount = Money(units: 100, scale: 0, currency: nil)
        b.type = .transfer
        _ = try ledger.importActivities([a, b], file: "every.csv")
        let rows = try ledger.list()
        #expect(Set(rows) == Set([a, b]))
    }

    @Test func addAssignsAFreshIdAndShowFindsItByPrefix() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        let id = try ledger.add(activity(0, "Rent", cents: -120_000, type: .expense))
        guard case .found(let entry) = try ledger.activity(idPrefix: String(id.description.prefix(8)).uppercased()) else {
            Issue.record("not found by prefix")
            return
        }
        #expect(entry.activity.name == "Rent" && entry.origin == .manual && entry.typeLocked)
    }

    @Test func anAmbiguousPrefixListsTheCandidates() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([activity(0xAB00_0000_0000_0001), activity(0xAB00_0000_0000_0002)], file: "a.csv")
        guard case .ambiguous(let entries) = try ledger.activity(idPrefix: "ab") else {
            Issue.record("expected ambiguous")
            return
        }
        #expect(entries.count == 2)
        #expect(try ledger.activity(idPrefix: "zz") == .invalidPrefix)
    }

    @Test func updateAndDeleteOfAMissingIdThrowAndChangeNothing() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([activity(1)], file: "a.csv")
        #expect(throws: LedgerError.notFound(ActivityID(value: 9))) { try ledger.update(ActivityID(value: 9), ActivityChanges(name: "x")) }
        #expect(throws: LedgerError.notFound(ActivityID(value: 9))) { try ledger.delete([ActivityID(value: 1), ActivityID(value: 9)]) }
        #expect(try ledger.list().count == 1)
    }

    @Test func editingTheTypeLocksIt() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([activity(1)], file: "a.csv")
        try ledger.update(ActivityID(value: 1), ActivityChanges(amount: Money(units: 999, scale: 2), type: .income, memo: .some(nil)))
        guard case .found(let entry) = try ledger.activity(idPrefix: "0000000000000001") else { return }
        #expect(entry.typeLocked && entry.activity.type == .income && entry.activity.amount == Money(units: 999, scale: 2, currency: CurrencyCode("EUR")))
    }
}
