import FinanceCore
import Foundation
import Rules
import StatementFormats
import StatementPipeline
import TestSupport
import Testing

/// `ReadAhead`: reading on a second thread must change nothing but the time. Every sample and
/// generated files (several batches, identical rows, bad rows, a file that fails half way) are
/// converted with one thread and with two, and the outputs and diagnostics compared byte for byte.
@Suite struct ReadAheadTests {
    /// What one conversion produced.
    struct Run: Equatable {
        var output: [UInt8]
        var diagnostics: [String]
        var end: String

        /// Where two runs differ, in a line a failure can show (the outputs are too long to print).
        static func difference(_ a: Run, _ b: Run) -> Comment {
            let at = zip(a.output, b.output).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.output.count, b.output.count)
            return Comment(
                rawValue: "outputs of \(a.output.count) and \(b.output.count) bytes, first difference at byte \(at); ends \(a.end) / \(b.end); "
                    + "\(a.diagnostics.count) and \(b.diagnostics.count) diagnostics")
        }
    }

    /// Whether one thread and two gave the same run, without printing megabytes when not.
    static func expectSame(_ one: Run, _ two: Run, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(Bool(one == two), Run.difference(one, two), sourceLocation: sourceLocation)
    }

    static func rules() throws -> RuleEngine {
        let text = try String(contentsOf: SampleManifest.samplesDirectory.appendingPathComponent("rules.pfin"), encoding: .utf8)
        return RuleEngine(try RulesParser.parse(text, file: "rules.pfin").get())
    }

    /// Converts `paths` with `threads` threads into a file of a temporary directory of its own.
    static func convert(
        _ paths: [String], threads: Int, rules: RuleEngine?, format: StatementFormat? = nil, strict: Bool = false
    ) throws -> Run {
        let directory = try TemporaryDirectory("read-ahead")
        let target = directory.path("out-\(threads).jsonl")
        let output = try ByteOutput.atomicFile(target)
        var conversion = Conversion(writer: JSONLinesWriter(output: output), reporter: DiagnosticList(), rules: rules, stopsAtFirstError: strict)
        conversion.threads = threads
        var options = ReadOptions()
        options.strict = strict
        let end = conversion.run(paths.map { (source: InputSource($0, format: format), options: options) }, output: output)
        let written = (try? Data(contentsOf: URL(fileURLWithPath: target))).map { [UInt8]($0) } ?? []
        return Run(output: written, diagnostics: conversion.reporter.diagnostics.map(\.description), end: "\(end)")
    }

    /// `text` in a file `name` in `directory`; its path.
    static func write(_ name: String, _ text: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path(name)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test(arguments: SampleManifest.files)
    func everySampleConvertsAlikeOnOneThreadAndTwo(_ file: String) throws {
        let path = SampleManifest.samplesDirectory.appendingPathComponent(file).path
        let rules = try Self.rules()
        let one = try Self.convert([path], threads: 1, rules: rules)
        let two = try Self.convert([path], threads: 2, rules: rules)
        #expect(!one.output.isEmpty)
        Self.expectSame(one, two)
    }

    /// A CSV of many batches with identical rows (their ids numbered by occurrence), quoted fields
    /// holding line breaks, and bad rows in between.
    static func generatedCSV(rows: Int, seed: UInt64) -> String {
        var random = SeededRandom(seed: seed)
        var text = "Date,Description,Memo,Amount\n"
        let names = ["COFFEE SHOP", "REWE SAGT DANKE 1234", "\"AMAZON, MKTPLACE\"", "SALARY ACME", "\"NOTE\nON TWO LINES\""]
        for row in 0..<rows {
            let day = 1 + Int(random.next() % 28)
            let name = names[Int(random.next() % UInt64(names.count))]
            let cents = Int(random.next() % 20_000) - 15_000
            let amount = row % 997 == 0 ? "twelve" : "\(cents / 100).\(String(format: "%02d", abs(cents % 100)))"
            // Every fifth row repeats the one before: two identical payments on one day.
            let line = "2024-05-\(String(format: "%02d", day)),\(name),row \(row / 5),\(amount)\n"
            text += line
            if row % 5 == 4 { text += line }
        }
        return text
    }

    @Test func aGeneratedFileOfManyBatchesConvertsAlike() throws {
        let directory = try TemporaryDirectory("read-ahead")
        let csv = try Self.write("generated.csv", Self.generatedCSV(rows: 6_000, seed: 7), in: directory)
        let rules = try Self.rules()
        let one = try Self.convert([csv], threads: 1, rules: rules)
        let two = try Self.convert([csv], threads: 2, rules: rules)
        #expect(one.output.count > 500_000)
        #expect(one.diagnostics.count >= 6)
        Self.expectSame(one, two)
        // JSON Lines read back, the same again.
        let jsonl = directory.path("generated.jsonl")
        try Data(one.output).write(to: URL(fileURLWithPath: jsonl))
        Self.expectSame(try Self.convert([jsonl], threads: 1, rules: nil), try Self.convert([jsonl], threads: 2, rules: nil))
    }

    @Test func severalInputsAndAStopAtTheFirstErrorEndAlike() throws {
        let directory = try TemporaryDirectory("read-ahead")
        let csv = try Self.write("strict.csv", Self.generatedCSV(rows: 3_000, seed: 11), in: directory)
        let clean = try Self.write("clean.csv", "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n", in: directory)
        for strict in [false, true] {
            let one = try Self.convert([clean, csv, clean], threads: 1, rules: nil, strict: strict)
            let two = try Self.convert([clean, csv, clean], threads: 2, rules: nil, strict: strict)
            Self.expectSame(one, two)
        }
    }

    @Test func aFileThatFailsHalfWayKeepsWhatCameBefore() throws {
        // A JSON Lines file whose 2,000th line is cut: the error arrives after every row before it.
        let directory = try TemporaryDirectory("read-ahead")
        var lines: [String] = []
        for k in 0..<3_000 {
            lines.append(k == 2_000 ? "{\"date\":\"2024-05-0" : "{\"date\":\"2024-05-01\",\"name\":\"Row \(k)\",\"amount\":\"-1.00\",\"currency\":\"EUR\"}")
        }
        let path = try Self.write("cut.jsonl", lines.joined(separator: "\n") + "\n", in: directory)
        let one = try Self.convert([path], threads: 1, rules: nil, format: .jsonl)
        let two = try Self.convert([path], threads: 2, rules: nil, format: .jsonl)
        #expect(one.diagnostics.count >= 1)
        Self.expectSame(one, two)
    }
}
