import FinanceCore
import Foundation
import LedgerStore
import TestSupport
import Testing

/// `pfin import` end to end, each test over its own temporary ledger.
@Suite struct ImportCommandTests {
    static func fixture(_ name: String) -> String { Repository.fixture("import/\(name)") }

    /// A fresh ledger path in `directory`, under directories that do not exist yet (pfin creates
    /// them); the test holds `directory`, which removes it all when the test ends.
    static func ledgerPath(in directory: TemporaryDirectory) -> String {
        directory.path("\(UUID().uuidString)/nested/ledger.sqlite")
    }

    static func importing(_ arguments: [String], db: String) throws -> PfinProcess.Result {
        try PfinProcess.run(["import"] + arguments + ["--db", db])
    }

    @Test func everySampleTwiceTheSecondAddsNothing() throws {
        let directory = try TemporaryDirectory("import")
        let db = Self.ledgerPath(in: directory)
        let samples = Repository.samples.map(Repository.sample)
        let first = try Self.importing(samples + ["--rules", Repository.sample("rules.pfin")], db: db)
        #expect(first.status == 0, "\(first.stderr)")
        let total = try #require(first.stdout.split(separator: "\n").last)
        let inserted = try #require(Int(total.split(separator: " ")[1].dropLast()))
        #expect(inserted > 300)
        let second = try Self.importing(samples + ["--rules", Repository.sample("rules.pfin")], db: db)
        #expect(second.status == 0)
        #expect(
            second.stdout.split(separator: "\n").last.map(String.init)
                == "imported 0, skipped \(inserted) duplicates, 0 errors, matched 0 transfer pairs")
        #expect(try Ledger(path: db).list().count == inserted)
    }

    @Test func overlappingExportsAddOnlyWhatIsNewAndKeepIdenticalRows() throws {
        let directory = try TemporaryDirectory("import")
        let db = Self.ledgerPath(in: directory)
        let april = try Self.importing([Self.fixture("giro-april.csv"), "--account", "Giro"], db: db)
        #expect(
            april.stdout == """
                \(Self.fixture("giro-april.csv")): imported 6, skipped 0 duplicates, 0 errors
                imported 6, skipped 0 duplicates, 0 errors, matched 0 transfer pairs

                """)
        let may = try Self.importing([Self.fixture("giro-may.csv"), "--account", "Giro"], db: db)
        #expect(may.stdout.hasPrefix("\(Self.fixture("giro-may.csv")): imported 3, skipped 2 duplicates, 0 errors\n"))
        let ledger = try Ledger(path: db)
        // The two identical coffees of 5 April both landed.
        #expect(try ledger.list(LedgerFilter(search: "coffee corner")).count == 2)
        #expect(try ledger.list().count == 9)
    }

    @Test func transfersBetweenOwnAccountsAreMatchedUnlessTurnedOff() throws {
        let directory = try TemporaryDirectory("import")
        let db = Self.ledgerPath(in: directory)
        _ = try Self.importing([Self.fixture("giro-may.csv"), "--account", "Giro"], db: db)
        let savings = try Self.importing([Self.fixture("savings-may.csv"), "--account", "Savings"], db: db)
        #expect(savings.stdout.contains("savings-may.csv: imported 2, skipped 0 duplicates, 0 errors, matched 1 transfer pair\n"))
        let transfers = try Ledger(path: db).list(LedgerFilter(type: .transfer))
        #expect(transfers.map(\.name) == ["Transfer From Giro", "Transfer To Savings"])

        let off = Self.ledgerPath(in: directory)
        _ = try Self.importing([Self.fixture("giro-may.csv"), "--account", "Giro"], db: off)
        let none = try Self.importing([Self.fixture("savings-may.csv"), "--account", "Savings", "--no-transfer-matching"], db: off)
        #expect(none.stdout.hasSuffix("imported 2, skipped 0 duplicates, 0 errors\n"))
        #expect(try Ledger(path: off).list(LedgerFilter(type: .transfer)).isEmpty)
    }

    @Test func deleteThenReimportStaysDeleted() throws {
        let directory = try TemporaryDirectory("import")
        let db = Self.ledgerPath(in: directory)
        _ = try Self.importing([Self.fixture("giro-april.csv"), "--account", "Giro"], db: db)
        do {
            let ledger = try Ledger(path: db)
            let bakery = try #require(ledger.list(LedgerFilter(search: "bakery")).first)
            try ledger.delete([bakery.id])
        }
        let again = try Self.importing([Self.fixture("giro-april.csv"), "--account", "Giro"], db: db)
        #expect(again.stdout.hasPrefix("\(Self.fixture("giro-april.csv")): imported 0, skipped 6 duplicates, 0 errors\n"))
        #expect(try Ledger(path: db).list(LedgerFilter(search: "bakery")).isEmpty)
    }

    @Test func editThenReimportKeepsTheEdit() throws {
        let directory = try TemporaryDirectory("import")
        let db = Self.ledgerPath(in: directory)
        _ = try Self.importing([Self.fixture("giro-april.csv"), "--account", "Giro"], db: db)
        do {
            let ledger = try Ledger(path: db)
            let grocer = try #require(ledger.list(LedgerFilter(search: "grocer")).first)
            try ledger.update(grocer.id, ActivityChanges(name: "Maple Grocers", category: .some("Food:Groceries")))
        }
        _ = try Self.importing([Self.fixture("giro-april.csv"), Self.fixture("giro-may.csv"), "--account", "Giro"], db: db)
        let rows = try Ledger(path: db).list(LedgerFilter(categoryPrefix: "food"))
        #expect(rows.map(\.name) == ["Maple Grocers"])
        // The bank's text is still found, and finds the edited row: it is the same transaction.
        #expect(try Ledger(path: db).list(LedgerFilter(search: "Grocer Maple")).map(\.name) == ["Maple Grocers"])
    }

    @Test func aDryRunWritesNothing() throws {
        let directory = try TemporaryDirectory("import")
        let db = Self.ledgerPath(in: directory)
        let dry = try Self.importing([Self.fixture("giro-april.csv"), "--dry-run"], db: db)
        #expect(dry.status == 0)
        #expect(
            dry.stdout == """
                \(Self.fixture("giro-april.csv")): would import 6, skip 0 duplicates, 0 errors
                  add        2024-04-02  -  Bakery Sunrise  -€4.20
                  add        2024-04-05  -  Coffee Corner  -€3.50
                  add        2024-04-05  -  Coffee Corner  -€3.50
                  add        2024-04-15  -  Acme GmbH Salary  +€3,850.00
                  add        2024-04-20  -  Stadtwerke  -€61.00
                  add        2024-04-28  -  Grocer Maple  -€54.20
                would import 6, skip 0 duplicates, 0 errors, match 0 transfer pairs (dry run: nothing was written)

                """)
        #expect(try Ledger(path: db).list().isEmpty)
    }

    @Test func aFileWithErrorsLandsNotAtAll() throws {
        let directory = try TemporaryDirectory("import")
        let db = Self.ledgerPath(in: directory)
        let result = try Self.importing([Self.fixture("giro-april.csv"), Repository.fixture("baddate.csv")], db: db)
        #expect(result.status == 1)
        #expect(result.stderr.contains("baddate.csv:3:1: error:"))
        #expect(result.stdout.contains("baddate.csv: imported 0, skipped 0 duplicates, 1 error (nothing imported from this file"))
        let ledger = try Ledger(path: db)
        #expect(try ledger.list().count == 6)
        var fromBad = 0
        try ledger.forEachActivity { if $0.source.file.hasSuffix("baddate.csv") { fromBad += 1 } }
        #expect(fromBad == 0)
    }

    @Test func usageErrors() throws {
        let directory = try TemporaryDirectory("import")
        let none = try PfinProcess.run(["import", "--db", Self.ledgerPath(in: directory)])
        #expect(none.status == 2 && none.stderr.contains("import needs at least one FILE"))
        let sqlite = try PfinProcess.run(["import", Self.fixture("giro-april.csv"), "--db", "/proc/pfin-cannot/ledger.sqlite"])
        #expect(sqlite.status == 1 && sqlite.stderr.contains("pfin: error: cannot open the ledger"))
    }
}
