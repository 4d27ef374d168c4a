import Foundation
import Testing

/// A `convert -o` or `report --out-dir` ended by SIGTERM or SIGINT half-way leaves no temporary
/// file, leaves the earlier output as it was, and still dies of the signal (as the shell expects).
@Suite(.serialized) struct InterruptedOutputTests {
    static let earlier = "the earlier, complete output\n"

    @Test(arguments: [SIGTERM, SIGINT])
    func interruptedConvertLeavesNoTemporary(_ signal: Int32) throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FaultHarness.csv(rows: 200_000).write(to: directory.appendingPathComponent("big.csv"), atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("out.jsonl")
        try Self.earlier.write(to: out, atomically: true, encoding: .utf8)
        let process = try #require(
            try FaultHarness.interrupt(
                ["convert", "big.csv", "-o", "out.jsonl"], in: directory,
                watching: directory, with: signal),
            "pfin finished before the signal")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(FaultHarness.temporaries(in: directory).isEmpty)
        #expect(try String(contentsOf: out, encoding: .utf8) == Self.earlier)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func interruptedReportLeavesNoTemporary(_ signal: Int32) throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FaultHarness.csv(rows: 30_000, months: 1_500).write(to: directory.appendingPathComponent("months.csv"), atomically: true, encoding: .utf8)
        let site = directory.appendingPathComponent("site")
        // Pages are written by several threads: a signal lands on one while others create their
        // temporaries (one attempt in about forty left one behind before creating was announced).
        // Several moments, from at once to well into the run.
        for delay: UInt32 in [0, 5_000, 20_000, 50_000] {
            try? FileManager.default.removeItem(at: site)
            try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
            try Self.earlier.write(to: site.appendingPathComponent("1900-01.html"), atomically: true, encoding: .utf8)
            let process = try #require(
                try FaultHarness.interrupt(
                    ["report", "months.csv", "--format", "html", "--out-dir", "site"],
                    in: directory, watching: site, with: signal, after: delay),
                "pfin finished before the signal")
            #expect(process.terminationReason == .uncaughtSignal)
            #expect(process.terminationStatus == signal)
            #expect(try FileManager.default.contentsOfDirectory(atPath: site.path) == ["1900-01.html"], "after \(delay) µs")
            #expect(try String(contentsOf: site.appendingPathComponent("1900-01.html"), encoding: .utf8) == Self.earlier)
        }
    }
}
