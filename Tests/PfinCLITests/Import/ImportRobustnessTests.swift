import FinanceCore
import Foundation
import Glibc
import LedgerStore
import TestSupport
import Testing

/// `pfin import` killed mid-way, and two imports at once into one ledger.
@Suite(.serialized) struct ImportRobustnessTests {
    /// A CSV of `rows` distinct transactions on one account, from 2000-01-01 on.
    static func generate(rows: Int, tag: String, in directory: URL) throws -> String {
        var text = "Date,Description,Amount,Currency\n"
        text.reserveCapacity(rows * 48)
        for i in 0..<rows {
            // In date order, thirty a day, as a bank exports them.
            let date = LocalDate(daysSinceEpoch: 10_957 + i / 30)
            text += "\(date),\(tag) SHOP \(i),-\(i % 9000 + 1).\(i % 90 + 10),EUR\n"
        }
        let url = directory.appendingPathComponent("\(tag).csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = PfinProcess.executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Rows of the ledger read from `file`.
    static func rows(from file: String, in db: String) throws -> Int {
        var count = 0
        try Ledger(path: db, create: false).forEachActivity { if $0.source.file == file { count += 1 } }
        return count
    }

    @Test func killedImportsLeaveAllOrNothing() throws {
        let directory = try TemporaryDirectory("robust")
        let rows = 200_000
        let file = try Self.generate(rows: rows, tag: "BIG", in: directory.url)
        let db = directory.path("ledger.sqlite")
        var generator = SystemRandomNumberGenerator()
        for attempt in 0..<4 {
            let process = try Self.start(["import", file, "--db", db])
            // From soon after start (opening, schema) to deep into the inserts or the commit.
            usleep(UInt32.random(in: 50_000...(attempt == 3 ? 6_000_000 : 2_500_000), using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            guard FileManager.default.fileExists(atPath: db) else { continue }
            let ledger = try Ledger(path: db, create: false)
            #expect(try ledger.integrityCheck() == ["ok"])
            let count = try Self.rows(from: file, in: db)
            #expect(count == 0 || count == rows, "attempt \(attempt): \(count) of \(rows) rows")
        }
        // And the ledger still takes the whole file.
        let finished = try PfinProcess.run(["import", file, "--db", db])
        #expect(finished.status == 0)
        #expect(try Self.rows(from: file, in: db) == rows)
    }

    @Test func twoImportsAtOnceBothComplete() throws {
        let directory = try TemporaryDirectory("robust")
        let a = try Self.generate(rows: 30_000, tag: "ALPHA", in: directory.url)
        let b = try Self.generate(rows: 30_000, tag: "BETA", in: directory.url)
        let db = directory.path("ledger.sqlite")
        let first = try Self.start(["import", a, "--db", db])
        let second = try Self.start(["import", b, "--db", db])
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
        #expect(try Self.rows(from: a, in: db) == 30_000)
        #expect(try Self.rows(from: b, in: db) == 30_000)
        #expect(try Ledger(path: db).list().count == 60_000)
    }
}
