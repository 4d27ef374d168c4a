import FinanceCore
import Foundation
import LedgerStore
import Testing

/// Imports as batches, end to end with the built `pfin`: `import --dry-run`, `imports`, `undo`,
/// `list --deleted` and `restore`, each test over its own temporary ledger.
@Suite struct BatchCommandTests {
    static let april = Repository.fixture("import/giro-april.csv")
    static let may = Repository.fixture("import/giro-may.csv")
    static let savings = Repository.fixture("import/savings-may.csv")

    /// `pfin import FILE --account ACCOUNT --db …`, which must succeed.
    @discardableResult
    static func importing(
        _ file: String, _ account: String, into fixture: LedgerFixture, _ extra: [String] = [],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> PfinProcess.Result {
        let result = try fixture.pfin(["import", file, "--account", account] + extra)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    /// The batches as `pfin imports --format json` gives them.
    static func batches(_ fixture: LedgerFixture) throws -> [[String: Any]] {
        let result = try fixture.pfin(["imports", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]])
    }

    static func names(_ fixture: LedgerFixture, _ filter: LedgerFilter = LedgerFilter()) throws -> [String] {
        try Ledger(path: fixture.path).list(filter).map(\.name)
    }

    @Test func aDryRunWritesNothingAndNamesEachDuplicateAndWhatItDuplicates() throws {
        let fixture = try LedgerFixture()
        try Self.importing(Self.april, "Giro", into: fixture)
        let (grocer, stadtwerke) = try {
            // Closed before the file is read: its last connection moves what it wrote into the file.
            let ledger = try Ledger(path: fixture.path)
            let grocer = try #require(ledger.list(LedgerFilter(search: "grocer")).first)
            try ledger.update(grocer.id, ActivityChanges(name: "Maple Grocers"))
            let stadtwerke = try #require(ledger.list(LedgerFilter(search: "stadtwerke")).first)
            try ledger.delete([stadtwerke.id])
            return (grocer, stadtwerke)
        }()
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "-wal"))
        let rowsBefore = try Ledger(path: fixture.path).list().count

        let dry = try Self.importing(Self.may, "Giro", into: fixture, ["--dry-run"])
        let grocerID = String(grocer.id.description.prefix(8)), stadtwerkeID = String(stadtwerke.id.description.prefix(8))
        #expect(
            dry.stdout == """
                \(Self.may): would import 3, skip 2 duplicates, 0 errors
                  add        2024-05-02  Giro  Bakery Sunrise  -€4.20
                  add        2024-05-03  Giro  Transfer To Savings  -€500.00
                  add        2024-05-15  Giro  Acme GmbH Salary  +€3,850.00
                  duplicate  2024-04-20  Giro  Stadtwerke  -€61.00  of \(stadtwerkeID) (2024-04-20 Stadtwerke, deleted: stays deleted)
                  duplicate  2024-04-28  Giro  Grocer Maple  -€54.20  of \(grocerID) (2024-04-28 Maple Grocers, edited: keeps the edit)
                would import 3, skip 2 duplicates, 0 errors, match 0 transfer pairs (dry run: nothing was written)

                """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path)) == before, "the ledger file is unchanged")
        #expect(try Ledger(path: fixture.path).list().count == rowsBefore)
        #expect(try Self.batches(fixture).count == 1, "a dry run leaves no batch")
    }

    @Test func aDryRunShowsTheRowsTransferMatchingWouldChangeOnBothSides() throws {
        let fixture = try LedgerFixture()
        try Self.importing(Self.may, "Giro", into: fixture)
        let dry = try Self.importing(Self.savings, "Savings", into: fixture, ["--dry-run"])
        #expect(dry.stdout.contains("  transfer   2024-05-03  Giro  Transfer To Savings  -€500.00  (in the ledger, was expense)\n"))
        #expect(dry.stdout.contains("  transfer   2024-05-05  Savings  Transfer From Giro  +€500.00  (new, was income)\n"))
        #expect(try Ledger(path: fixture.path).list(LedgerFilter(type: .transfer)).isEmpty)
    }

    @Test func everyImportIsABatchAndTheSecondOfTheSameFileIsAllDuplicates() throws {
        let fixture = try LedgerFixture()
        try Self.importing(Self.april, "Giro", into: fixture)
        try Self.importing(Self.april, "Giro", into: fixture)
        let batches = try Self.batches(fixture)
        #expect(batches.map { $0["batch"] as? Int } == [1, 2])
        #expect(batches.map { $0["file"] as? String } == [Self.april, Self.april])
        #expect(batches.map { $0["inserted"] as? Int } == [6, 0])
        #expect(batches.map { $0["duplicates"] as? Int } == [0, 6])
        #expect(batches.map { $0["errors"] as? Int } == [0, 0])
        #expect(batches.allSatisfy { $0["undone_at"] is NSNull })
        #expect(batches.allSatisfy { ($0["imported_at"] as? String)?.hasSuffix("Z") == true })
        let text = try fixture.pfin(["imports"])
        #expect(text.stdout.hasPrefix("BATCH  IMPORTED AT           ADDED  DUPLICATES  ERRORS  TRANSFERS  FILE\n"))
        #expect(text.stdout.split(separator: "\n").last?.hasSuffix("      0           6       0          0  \(Self.april)") == true)
    }

    @Test func undoingTheLastImportRemovesItsRowsAndAReimportBringsThemBack() throws {
        let fixture = try LedgerFixture()
        try Self.importing(Self.april, "Giro", into: fixture)
        try Self.importing(Self.may, "Giro", into: fixture)
        #expect(try Self.names(fixture).count == 9)
        let undo = try fixture.pfin(["undo"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout.hasPrefix("undid batch 2 ('\(Self.may)', imported "))
        #expect(undo.stdout.hasSuffix("): removed 3 transactions\n"))
        #expect(try Self.names(fixture).count == 6)
        #expect(try Self.names(fixture, LedgerFilter(search: "transfer")).isEmpty)
        let batches = try Self.batches(fixture)
        #expect(batches[0]["undone_at"] is NSNull)
        #expect((batches[1]["undone_at"] as? String)?.hasSuffix("Z") == true)
        #expect(try fixture.pfin(["imports"]).stdout.contains("\(Self.may)  (undone "))

        // The last batch is undone: undo goes no further back by itself.
        let again = try fixture.pfin(["undo"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("pfin: error: import batch 2 ('\(Self.may)') was undone already"))
        #expect(try Self.names(fixture).count == 6)

        let reimport = try Self.importing(Self.may, "Giro", into: fixture)
        #expect(reimport.stdout.hasPrefix("\(Self.may): imported 3, skipped 2 duplicates, 0 errors\n"))
        #expect(try Self.names(fixture).count == 9)
        #expect(try Self.batches(fixture).count == 3)
    }

    @Test func undoingAnEarlierBatchPutsBackTheOtherSideOfItsTransfers() throws {
        let fixture = try LedgerFixture()
        try Self.importing(Self.april, "Giro", into: fixture)
        try Self.importing(Self.may, "Giro", into: fixture)
        try Self.importing(Self.savings, "Savings", into: fixture)
        #expect(try Self.names(fixture, LedgerFilter(type: .transfer)) == ["Transfer From Giro", "Transfer To Savings"])

        // Batch 2 holds the Giro side; batch 3's matching made both sides transfers.
        let undo = try fixture.pfin(["undo", "2"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout.contains("): removed 3 transactions\n"))
        #expect(undo.stdout.contains("no longer a transfer (now income): "))
        #expect(undo.stdout.contains("2024-05-05  Transfer From Giro  +€500.00\n"))
        #expect(try Self.names(fixture, LedgerFilter(type: .transfer)).isEmpty)
        #expect(try Self.names(fixture, LedgerFilter(type: .income)).contains("Transfer From Giro"))
        #expect(try Self.names(fixture).count == 8)
        #expect(try Self.batches(fixture).map { $0["undone_at"] is NSNull } == [true, false, true])
    }

    @Test func undoingTheBatchThatPairedPutsBackTheOlderSide() throws {
        let fixture = try LedgerFixture()
        try Self.importing(Self.may, "Giro", into: fixture)
        try Self.importing(Self.savings, "Savings", into: fixture)
        let undo = try fixture.pfin(["undo"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout.contains("no longer a transfer (now expense): "))
        #expect(undo.stdout.contains("2024-05-03  Transfer To Savings  -€500.00\n"))
        #expect(try Self.names(fixture, LedgerFilter(type: .transfer)).isEmpty)
        #expect(try Self.names(fixture).count == 5)
    }

    @Test func undoRefusesABatchWithEditedRowsUnlessForced() throws {
        let fixture = try LedgerFixture()
        try Self.importing(Self.april, "Giro", into: fixture)
        let ledger = try Ledger(path: fixture.path)
        let grocer = try #require(ledger.list(LedgerFilter(search: "grocer")).first)
        try ledger.update(grocer.id, ActivityChanges(name: "Maple Grocers"))
        let refused = try fixture.pfin(["undo", "1"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("pfin: error: import batch 1 ('\(Self.april)') has 1 transaction you edited or deleted; nothing was undone\n"))
        #expect(refused.stderr.contains("pfin: note: \(grocer.id)  2024-04-28  Maple Grocers  -€54.20\n"))
        #expect(refused.stderr.contains("--force"))
        #expect(try Self.names(fixture).count == 6)
        #expect(try Self.batches(fixture)[0]["undone_at"] is NSNull)

        let forced = try fixture.pfin(["undo", "1", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try Self.names(fixture).isEmpty)
        // Removed, not tombstoned: the file comes back whole, as the bank sent it.
        try Self.importing(Self.april, "Giro", into: fixture)
        #expect(try Self.names(fixture, LedgerFilter(search: "grocer")) == ["Grocer Maple"])
    }

    @Test func aDeletedImportedRowStaysDeletedIsListedWithDeletedAndCanBeRestored() throws {
        let fixture = try LedgerFixture()
        try Self.importing(Self.april, "Giro", into: fixture)
        let bakery = try #require(try Ledger(path: fixture.path).list(LedgerFilter(search: "bakery")).first)
        let prefix = String(bakery.id.description.prefix(8))
        #expect(try fixture.pfin(["delete", prefix]).status == 0)

        let reimport = try Self.importing(Self.april, "Giro", into: fixture)
        #expect(reimport.stdout.hasPrefix("\(Self.april): imported 0, skipped 6 duplicates, 0 errors\n"))
        #expect(try Self.names(fixture, LedgerFilter(search: "bakery")).isEmpty)

        let deleted = try fixture.pfin(["list", "--deleted"])
        #expect(deleted.status == 0)
        #expect(deleted.stdout == "ID        DATE         NAME            AMOUNT  CATEGORY\n\(prefix)  02 Apr 2024  Bakery Sunrise  -€4.20\n")
        let jsonl = try fixture.pfin(["list", "--deleted", "--format", "jsonl"])
        #expect(jsonl.stdout.split(separator: "\n").count == 1)
        #expect(jsonl.stdout.contains("\"id\":\"\(bakery.id)\""))
        #expect(try fixture.pfin(["list", "--deleted", "--search", "coffee"]).stderr == "pfin: no deleted transactions match\n")
        #expect(!(try fixture.pfin(["list"]).stdout.contains("Bakery Sunrise")))

        let restore = try fixture.pfin(["restore", prefix])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stdout == "restored \(bakery.id)  2024-04-02  Bakery Sunrise  -€4.20\n")
        #expect(try fixture.pfin(["list"]).stdout.contains("\(prefix)  02 Apr 2024  Bakery Sunrise"))
        #expect(try fixture.pfin(["list", "--deleted"]).stdout.isEmpty)
    }

    @Test func unknownBatchesAndIdsExitOneAndChangeNothing() throws {
        let fixture = try LedgerFixture()
        try Self.importing(Self.april, "Giro", into: fixture)
        let bakery = try #require(try Ledger(path: fixture.path).list(LedgerFilter(search: "bakery")).first)
        let cases: [(arguments: [String], message: String)] = [
            (["undo", "7"], "pfin: error: there is no import batch 7\n"),
            (["undo", "last"], "pfin: error: 'last' is not a batch number\n"),
            (["restore", "0000"], "pfin: error: no deleted transaction has an id starting with '0000'\n"),
            (["restore", "xyz"], "pfin: error: 'xyz' is not a transaction id\n"),
            (["restore", String(bakery.id.description.prefix(8))], "pfin: error: the transaction \(bakery.id) is not deleted\n"),
        ]
        for c in cases {
            let result = try fixture.pfin(c.arguments)
            #expect(result.status == 1, "\(c.arguments)")
            #expect(result.stderr.hasPrefix(c.message), "\(c.arguments): \(result.stderr)")
        }
        #expect(try Self.names(fixture).count == 6)
        #expect(try Self.batches(fixture).allSatisfy { $0["undone_at"] is NSNull })

        let empty = try LedgerFixture()
        _ = try Ledger(path: empty.path)
        let none = try empty.pfin(["undo"])
        #expect(none.status == 1 && none.stderr.hasPrefix("pfin: error: the ledger has no imports to undo\n"))
        #expect(try empty.pfin(["imports", "--format", "json"]).stdout == "[]\n")
        #expect(try empty.pfin(["imports"]).stderr == "pfin: the ledger has no imports yet\n")
    }

    @Test func usageErrorsExitTwo() throws {
        let fixture = try LedgerFixture()
        #expect(try fixture.pfin(["restore"]).status == 2)
        #expect(try fixture.pfin(["undo", "1", "2"]).status == 2)
        let format = try fixture.pfin(["imports", "--format", "jsn"])
        #expect(format.status == 2 && format.stderr.contains("did you mean 'json'?"))
    }
}
