import FinanceCore
import Foundation
import Rules
import StatementFormats
import StatementPipeline
import Testing

/// `Conversion`: the loop `pfin convert` runs, for an app: every input through the rules into one
/// writer, then the output committed or dropped.
@Suite struct ConversionTests {
    final class Directory {
        let path = "/tmp/pfin-conversion-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        init() { mkdir(path, 0o755) }
        deinit { _ = try? FileManager.default.removeItem(atPath: path) }

        func file(_ name: String, _ text: String) throws -> String {
            let file = path + "/" + name
            try text.write(toFile: file, atomically: false, encoding: .utf8)
            return file
        }
    }

    static let may = "Date,Description,Amount\n2024-05-01,Coffee Shop,-3.50\n2024-05-03,Salary,2500.00\n"
    static let june = "Date,Description,Amount\n2024-06-01,Coffee Shop,-4.00\n2024-06-02,Rent,not an amount\n"

    static func rules() throws -> RuleEngine {
        RuleEngine(try RulesParser.parse("rule \"Coffee\"\n  when name contains \"coffee\"\n  set category = \"Food:Coffee\"\n", file: "r.pfin").get())
    }

    @Test func everyInputGoesThroughTheRulesIntoOneOutput() throws {
        let directory = Directory()
        let inputs = [try directory.file("may.csv", Self.may), try directory.file("june.csv", Self.june)]
            .map { (source: InputSource($0), options: ReadOptions()) }
        let target = directory.path + "/out.jsonl"
        let output = try ByteOutput.atomicFile(target)
        var conversion = Conversion(
            writer: JSONLinesWriter(output: output), reporter: DiagnosticList(), rules: try Self.rules(),
            tracksUncategorized: true)
        var started: [String] = [], rows = 0, finished = 0
        let end = conversion.run(inputs, output: output) { source in
            started.append(source.path)
            return Conversion.Observer(rowWritten: { rows += 1 }, finished: { finished += 1 })
        }
        #expect(end == .partial(written: 3, errors: 1))
        #expect(started == inputs.map(\.source.path) && rows == 3 && finished == 2)
        #expect(conversion.reporter.diagnostics.map(\.location.line) == [3])
        #expect(conversion.uncategorized.count == 1)
        let lines = try String(contentsOfFile: target, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.filter { $0.contains("Food:Coffee") }.count == 2)
    }

    @Test func stoppingAtTheFirstErrorWritesNothing() throws {
        let directory = Directory()
        let target = try directory.file("out.jsonl", "earlier")
        let inputs = [try directory.file("june.csv", Self.june), try directory.file("may.csv", Self.may)]
            .map { (source: InputSource($0), options: ReadOptions()) }
        let output = try ByteOutput.atomicFile(target)
        var finished = 0
        var conversion = Conversion(writer: JSONLinesWriter(output: output), reporter: DiagnosticList(), rules: nil, stopsAtFirstError: true)
        let end = conversion.run(inputs, output: output) { _ in Conversion.Observer(finished: { finished += 1 }) }
        #expect(end == .stoppedAtFirstError)
        #expect(finished == 1, "the second input is never started")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "earlier")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["june.csv", "may.csv", "out.jsonl"])
    }

    @Test func aMissingInputIsALocatedErrorAndTheRestIsWritten() throws {
        let directory = Directory()
        let inputs = [directory.path + "/absent.csv", try directory.file("may.csv", Self.may)].map { (source: InputSource($0), options: ReadOptions()) }
        let output = ByteOutput.discarding()
        var conversion = Conversion(writer: JSONLinesWriter(output: output), reporter: DiagnosticList(), rules: nil)
        #expect(conversion.run(inputs, output: output) == .partial(written: 2, errors: 1))
        #expect(conversion.reporter.diagnostics.map(\.code) == ["input.unreadable"])
    }
}
