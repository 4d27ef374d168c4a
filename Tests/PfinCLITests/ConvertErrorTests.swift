import Foundation
import Testing

/// Bad input: each case gives `file:line[:column]: error:` saying what was expected, a summary
/// line, and exit status 1; the messages are golden files.
struct ConvertErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var cleanRows: Int
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "unterminated.csv", cleanRows: 2),
        Case(file: "ragged.csv", cleanRows: 2),
        Case(file: "baddate.csv", cleanRows: 2),
        Case(file: "badamount.csv", cleanRows: 2),
        Case(file: "empty.csv", cleanRows: 0),
        Case(file: "binary.csv", cleanRows: 0),
        Case(file: "workbook.xlsx", cleanRows: 0),
    ]

    @Test(arguments: cases)
    func badInputIsReportedWithLocation(_ c: Case) throws {
        let result = try PfinProcess.run(["convert", Repository.fixture(c.file)])
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").count == c.cleanRows, "the clean rows are still written")
        #expect(result.stderr.contains("\(Repository.fixture(c.file)):"))
        #expect(result.stderr.contains(": error: "))
        Golden.check(result.stderr, "errors/\(c.file).stderr")
    }

    @Test(arguments: cases)
    func strictStopsAtTheFirstErrorAndWritesNoFile(_ c: Case) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-strict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.jsonl").path
        let result = try PfinProcess.run(["convert", Repository.fixture(c.file), "--strict", "-o", output])
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "no temporary file left behind")
        #expect(result.stderr.components(separatedBy: ": error: ").count == 2, "exactly one error before stopping")
    }

    @Test(arguments: cases)
    func strictPrintsNothingToStandardOutput(_ c: Case) throws {
        let result = try PfinProcess.run(["convert", Repository.fixture(c.file), "--strict"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty, "all or nothing: the clean rows before the error are not printed either")
    }

    @Test func aFailedRunLeavesAnExistingOutputFileAlone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-keep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.jsonl")
        try Data("previous\n".utf8).write(to: output)
        let result = try PfinProcess.run(["convert", Repository.fixture("ragged.csv"), "--strict", "-o", output.path])
        #expect(result.status == 1)
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous\n")
    }

    @Test func aMissingFileIsAnError() throws {
        let result = try PfinProcess.run(["convert", "no-such-file.csv"])
        #expect(result.status == 1)
        Golden.check(result.stderr, "errors/missing-file.stderr")
    }
}
