import FinanceCore
import Foundation
import Reports
import Rules
import StatementFormats
import StatementPipeline
import Testing

/// The ends of a reading an app composes: a writer with its diagnostics, and a report builder.
@Suite struct TerminalSinkTests {
    static let csv = """
        Date,Description,Amount
        2024-05-01,Coffee Shop,-3.50
        2024-05-02,Rent,not an amount
        2024-05-03,Salary,2500.00

        """

    static func engine() throws -> RuleEngine {
        RuleEngine(
            try RulesParser.parse(
                """
                rule "Coffee"
                  when name contains "coffee"
                  set category = "Food:Coffee"
                """, file: "r.pfin"
            ).get())
    }

    static func input() -> ByteInput { ByteInput(bytes: Array(csv.utf8), displayName: "t.csv") }

    @Test func theWriterSinkWritesEveryGoodRowAndReportsTheBadOne() throws {
        let output = ByteOutput.discarding()
        var sink = RulesStage(
            try Self.engine(),
            into: WriterSink(
                writer: JSONLinesWriter(output: output), reporter: DiagnosticList(),
                tracksUncategorized: true))
        var rows = 0
        sink.base.rowWritten = { rows += 1 }
        try InputSource("t.csv").read(Self.input(), options: ReadOptions(), into: &sink)
        try sink.base.writer.finish()
        #expect(sink.base.written == 2)
        #expect(rows == 2)
        #expect(sink.base.errors == 1)
        #expect(sink.base.reporter.diagnostics.map(\.location.line) == [3])
        #expect(sink.base.uncategorized.count == 1)
        #expect(sink.base.uncategorized.first.map(\.name) == ["Salary"])
    }

    @Test func stoppingAtTheFirstErrorThrowsThere() throws {
        var sink = WriterSink(writer: JSONLinesWriter(output: .discarding()), reporter: DiagnosticList(), stopsAtFirstError: true)
        #expect(throws: FirstErrorStop.self) {
            try InputSource("t.csv").read(Self.input(), options: ReadOptions(), into: &sink)
        }
        #expect(sink.written == 1)
        #expect(sink.errors == 1)
    }

    @Test func theReportCollectorBuildsTheMonthFromTheRuledRows() throws {
        var stage = RulesStage(try Self.engine(), into: ReportCollector(builder: ReportBuilder(options: ReportOptions())))
        try InputSource("t.csv").read(Self.input(), options: ReadOptions(), into: &stage)
        #expect(stage.base.errors == 1)
        #expect(stage.base.warnings.count == 1)
        let report = stage.base.builder.finish()
        #expect(report.months.map(\.description) == ["2024-05"])
    }

    @Test func theCollectorKeepsAHundredWarningsAndCountsTheRest() {
        var collector = ReportCollector(builder: ReportBuilder(options: ReportOptions()))
        for line in 1...150 {
            collector.report(Diagnostic(.warning, code: "rules.regex-gave-up", at: SourceLocation(file: "f", line: line), "gave up"))
        }
        #expect(collector.warnings.count == ReportCollector.keptWarnings)
        #expect(collector.unlisted == 50)
        #expect(collector.errors == 0)
    }
}

/// The all-or-nothing policy of a conversion's output.
@Suite struct ConversionEndTests {
    @Test func theEndFollowsFromWhatHappened() {
        let full = OutputError(path: "out.jsonl", errno: 28)
        #expect(ConversionEnd(written: 3, errors: 0) == .complete(written: 3))
        #expect(ConversionEnd(written: 0, errors: 0) == .complete(written: 0))
        #expect(ConversionEnd(written: 2, errors: 1) == .partial(written: 2, errors: 1))
        #expect(ConversionEnd(written: 0, errors: 2) == .nothingWritten(errors: 2))
        #expect(ConversionEnd(written: 2, errors: 1, stoppedAtFirstError: true) == .stoppedAtFirstError)
        #expect(ConversionEnd(written: 2, errors: 1, stoppedAtFirstError: true, outputFailure: full) == .outputFailed(full))
        #expect(ConversionEnd(written: 2, errors: 1).commits)
        #expect(!ConversionEnd(written: 0, errors: 2).commits)
    }

    /// A file output is renamed into place only when the end commits; otherwise an earlier file
    /// stays as it was and no temporary is left.
    @Test func aDroppedEndLeavesTheEarlierFile() throws {
        let directory = "/tmp/pfin-conversion-end-\(getpid())"
        mkdir(directory, 0o755)
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.txt"
        try "earlier".write(toFile: path, atomically: false, encoding: .utf8)
        for (end, expected) in [(ConversionEnd.nothingWritten(errors: 1), "earlier"), (.complete(written: 1), "new")] {
            let output = try ByteOutput.atomicFile(path)
            try output.write(Array("new".utf8))
            try end.finish(output)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.txt"])
        }
    }
}
