import FinanceCore
import Foundation
import TestSupport
import Testing

@testable import LedgerStore

@Suite struct LedgerSchemaTests {
    @Test func newLedgerIsAtTheCurrentVersionInWALMode() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let path = temporaryLedgerPath(in: directory)
        let ledger = try Ledger(path: path)
        #expect(try ledger.storedSchemaVersion() == Ledger.schemaVersion)
        #expect(try ledger.integrityCheck() == ["ok"])
        let mode = try ledger.connection.prepare("PRAGMA journal_mode")
        #expect(try mode.step())
        #expect(mode.string(0) == "wal")
    }

    /// New ledgers in memory are copies of one migrated image: they must be what the migrations
    /// make of a file, and each its own database.
    @Test func ledgersInMemoryHaveTheMigratedSchemaAndNothingInCommon() throws {
        func schema(_ ledger: Ledger) throws -> [String] {
            let rows = try ledger.connection.prepare("SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_schema ORDER BY name")
            var lines: [String] = []
            while try rows.step() { lines.append(rows.string(0)) }
            return lines
        }
        let directory = try TemporaryDirectory("ledger-tests")
        let file = try Ledger(path: temporaryLedgerPath(in: directory))
        let first = try Ledger(path: Ledger.inMemory), second = try Ledger(path: Ledger.inMemory)
        #expect(try schema(first) == schema(file))
        #expect(try schema(first).count > 5)
        #expect(try first.storedSchemaVersion() == Ledger.schemaVersion)
        #expect(try first.connection.integer("PRAGMA page_size") == 8192)
        _ = try first.importActivities([activity(1), activity(2)], file: "a.csv")
        #expect(try first.list().count == 2)
        #expect(try second.list().isEmpty)
        #expect(try Ledger(path: Ledger.inMemory).list().isEmpty)
        #expect(try first.integrityCheck() == ["ok"])
    }

    @Test func reopeningKeepsTheData() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let path = temporaryLedgerPath(in: directory)
        do {
            let ledger = try Ledger(path: path)
            _ = try ledger.importActivities([activity(1)], file: "a.csv")
        }
        let again = try Ledger(path: path)
        #expect(try again.list().count == 1)
    }

    @Test func aNewerLedgerIsRefusedWithAdvice() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let path = temporaryLedgerPath(in: directory)
        do {
            let ledger = try Ledger(path: path)
            try ledger.connection.execute("PRAGMA user_version = \(Ledger.schemaVersion + 1)", "test")
        }
        #expect(throws: LedgerError.newerSchema(path: path, found: Ledger.schemaVersion + 1, supported: Ledger.schemaVersion)) {
            try Ledger(path: path)
        }
        #expect(LedgerError.newerSchema(path: path, found: 2, supported: 1).advice?.contains("update pfin") == true)
    }

    @Test func anOlderLedgerIsMigrated() throws {
        // Version 0 is an empty file: every migration runs, in one transaction each.
        let directory = try TemporaryDirectory("ledger-tests")
        let path = temporaryLedgerPath(in: directory)
        _ = try Ledger(path: path)
        let reopened = try Ledger(path: path)
        #expect(try reopened.storedSchemaVersion() == LedgerSchema.migrations.count)
    }

    @Test func openWithoutCreateOnAMissingFileSaysSo() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let path = temporaryLedgerPath(in: directory)
        #expect(throws: LedgerError.missing(path: path)) { try Ledger(path: path, create: false) }
    }

    @Test func notADatabaseIsAnError() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let path = temporaryLedgerPath(in: directory)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect(throws: LedgerError.self) { try Ledger(path: path) }
    }

    @Test(
        arguments: [
            (["PFIN_DB": "/x/db.sqlite", "XDG_DATA_HOME": "/d", "HOME": "/h"], "/x/db.sqlite"),
            (["PFIN_DB": "", "XDG_DATA_HOME": "/d", "HOME": "/h"], "/d/pfin/ledger.sqlite"),
            (["XDG_DATA_HOME": "relative", "HOME": "/h"], "/h/.local/share/pfin/ledger.sqlite"),
            (["HOME": "/h"], "/h/.local/share/pfin/ledger.sqlite"),
            ([:], nil),
        ] as [([String: String], String?)])
    func defaultPath(environment: [String: String], expected: String?) {
        #expect(Ledger.defaultPath(environment: { environment[$0] }) == expected)
    }

    @Test(arguments: [
        ("a", 0xA000_0000_0000_0000 as UInt64, 0xAFFF_FFFF_FFFF_FFFF as UInt64),
        ("0123456789abcdef", 0x0123_4567_89AB_CDEF, 0x0123_4567_89AB_CDEF),
        ("7F", 0x7F00_0000_0000_0000, 0x7FFF_FFFF_FFFF_FFFF),
    ])
    func idPrefixRanges(prefix: String, low: UInt64, high: UInt64) {
        #expect(Ledger.idRange(prefix: prefix) == low...high)
    }

    @Test(arguments: ["", "g", "+1", "-1", "0123456789abcdef0"])
    func invalidIdPrefixes(prefix: String) {
        #expect(Ledger.idRange(prefix: prefix) == nil)
    }
}
