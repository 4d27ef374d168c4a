import Foundation
import LedgerStore
import Testing

/// A full disk under the ledger is the ledger's failure, not the file's: exit 1 with the system's
/// reason, a line that says the ledger is as it was (not "fix the errors"), and the ledger intact.
@Suite struct LedgerFullDiskTests {
    enum Limit: String, CaseIterable, CustomTestStringConvertible {
        case tmpfs, fileSize
        var testDescription: String { rawValue }
        var available: Bool { self == .tmpfs ? FaultHarness.canMountTmpfs : FaultHarness.hasPrlimit }
    }

    @Test(arguments: Limit.allCases)
    func fullDiskLeavesTheLedgerAsItWas(_ limit: Limit) throws {
        guard limit.available else { return }
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FaultHarness.csv(rows: 200).write(to: directory.appendingPathComponent("earlier.csv"), atomically: true, encoding: .utf8)
        try FaultHarness.csv(rows: 60_000, months: 100).write(to: directory.appendingPathComponent("big.csv"), atomically: true, encoding: .utf8)
        let script: String
        switch limit {
        case .tmpfs:
            // Inside a private mount namespace; the ledger is copied out to be checked.
            script = """
                mkdir disk && unshare -m sh -c '
                  mount -t tmpfs -o size=1m tmpfs disk || exit 99
                  "$PFIN" import earlier.csv --db disk/ledger.sqlite > /dev/null 2>&1 || exit 98
                  "$PFIN" import big.csv --db disk/ledger.sqlite > stdout; status=$?
                  cp disk/ledger.sqlite* .; exit $status'
                """
        case .fileSize:
            script = """
                "$PFIN" import earlier.csv --db ledger.sqlite > /dev/null 2>&1 || exit 98
                prlimit --fsize=1048576 "$PFIN" import big.csv --db ledger.sqlite > stdout
                """
        }
        let result = try FaultHarness.shell(script, in: directory)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("database or disk is full") || result.stderr.contains("disk I/O error"), "\(result.stderr)")
        let stdout = try String(contentsOf: directory.appendingPathComponent("stdout"), encoding: .utf8)
        #expect(stdout.contains("big.csv: not imported: the ledger could not take it"), "\(stdout)")
        #expect(!stdout.contains("fix the errors"))
        #expect(stdout.contains("1 file the ledger could not take"))
        let ledger = try Ledger(path: directory.appendingPathComponent("ledger.sqlite").path, create: false)
        #expect(try ledger.integrityCheck() == ["ok"])
        #expect(try ledger.list().count == 200)
        #expect(try ledger.imports().count == 1)
    }
}
