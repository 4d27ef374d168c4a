import FinanceCore
import Foundation
import Rules
import StatementFormats
import StatementPipeline
import TestSupport
import Testing

/// `ConversionParts`: a CSV file converted in parts on several threads must give what one thread
/// gives, byte for byte: the output, the diagnostics and their order, the statements the writer
/// sees. Parts are made tiny here (a few rows, or less than a row), so that every file crosses
/// many part boundaries: identical rows on either side, bad rows, quoted line breaks, a warning
/// once per file, accounts first seen in a later part.
@Suite struct ConversionPartsTests {
    struct Run: Equatable {
        var output: [UInt8]
        var diagnostics: [String]
        var statements: [String]
        var end: String
    }

    /// JSON Lines, with the statements the conversion sent kept apart (a writer whose rows stand
    /// alone writes nothing for them between rows).
    struct RecordingWriter: StatementWriter {
        final class Statements { var lines: [String] = [] }
        var jsonl: JSONLinesWriter
        let statements = Statements()

        mutating func write(_ activity: PaymentActivity) throws { try jsonl.write(activity) }
        mutating func statement(_ info: StatementInfo) throws { statements.lines.append("\(info)") }
        mutating func finish() throws { try jsonl.finish() }
        func makeRowEncoder() -> (any RowEncoder)? { jsonl.makeRowEncoder() }
        mutating func append(_ rows: EncodedRows) throws { try jsonl.append(rows) }
    }

    static func convert(
        _ paths: [String], threads: Int, partSize: Int = 1 << 18, rules: RuleEngine? = nil, options: ReadOptions = ReadOptions()
    ) throws -> (run: Run, parts: Int) {
        let directory = try TemporaryDirectory("conversion-parts")
        let target = directory.path("parts-\(threads).jsonl")
        let output = try ByteOutput.atomicFile(target)
        let writer = RecordingWriter(jsonl: JSONLinesWriter(output: output))
        var conversion = Conversion(writer: writer, reporter: DiagnosticList(), rules: rules, stopsAtFirstError: options.strict)
        conversion.threads = threads
        conversion.partSize = partSize
        let end = conversion.run(paths.map { (source: InputSource($0), options: options) }, output: output)
        let written = (try? Data(contentsOf: URL(fileURLWithPath: target))).map { [UInt8]($0) } ?? []
        let run = Run(
            output: written, diagnostics: conversion.reporter.diagnostics.map(\.description), statements: writer.statements.lines,
            end: "\(end)")
        return (run, conversion.partsAdopted)
    }

    static func expectSame(_ one: Run, _ other: Run, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(one.diagnostics == other.diagnostics, sourceLocation: sourceLocation)
        #expect(one.statements == other.statements, sourceLocation: sourceLocation)
        #expect(one.end == other.end, sourceLocation: sourceLocation)
        #expect(
            Bool(one.output == other.output),
            Comment(rawValue: "outputs of \(one.output.count) and \(other.output.count) bytes differ"), sourceLocation: sourceLocation)
    }

    @Test(arguments: SampleManifest.files.filter { $0.hasSuffix(".csv") })
    func everyCSVSampleConvertsAlikeInTinyParts(_ file: String) throws {
        let path = SampleManifest.samplesDirectory.appendingPathComponent(file).path
        let rules = try ReadAheadTests.rules()
        let one = try Self.convert([path], threads: 1, rules: rules).run
        for partSize in [40, 300] {
            let parted = try Self.convert([path], threads: 2, partSize: partSize, rules: rules).run
            Self.expectSame(one, parted)
        }
    }

    /// Every CSV and JSON Lines file of the test tree: banks' quirks (balance rows, direction
    /// columns, other encodings, headerless files), the CLI's fixtures and goldens and every fuzz
    /// regression, in parts of a few bytes to a few rows. A file that is not UTF-8 must come out
    /// the same too (it is simply not converted in parts).
    static let testTreeCSVFiles = testTreeFiles(endingWith: ".csv")
    /// And every JSON Lines file (`JSONLinesPartsTests` has the rest of theirs).
    static let testTreeJSONLinesFiles = testTreeFiles(endingWith: ".jsonl")

    /// The paths of the files of the test tree whose names end with `suffix` (in any case), sorted.
    static func testTreeFiles(endingWith suffix: String) -> [String] {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        guard let walk = FileManager.default.enumerator(atPath: tests.path) else { return [] }
        return walk.compactMap { $0 as? String }.filter { $0.lowercased().hasSuffix(suffix) }.sorted().map { tests.appendingPathComponent($0).path }
    }

    @Test func theTestTreeHoldsCSVAndJSONLinesFiles() {
        #expect(Self.testTreeCSVFiles.count >= 40)
        #expect(Self.testTreeJSONLinesFiles.count >= 5)
    }

    @Test(arguments: testTreeCSVFiles + testTreeJSONLinesFiles)
    func everyCSVAndJSONLinesFixtureConvertsAlikeInTinyParts(_ path: String) throws {
        let rules = try ReadAheadTests.rules()
        let one = try Self.convert([path], threads: 1, rules: rules).run
        for partSize in [16, 57, 300] {
            let parted = try Self.convert([path], threads: 2, partSize: partSize, rules: rules).run
            Self.expectSame(one, parted)
        }
        // Without rules (no contradictions to send a part back) and strict, alike too.
        let plain = try Self.convert([path], threads: 1).run
        #expect(try Self.convert([path], threads: 3, partSize: 40).run == plain)
        let strict = ReadOptions(strict: true)
        #expect(try Self.convert([path], threads: 2, partSize: 40, options: strict).run == Self.convert([path], threads: 1, options: strict).run)
    }

    @Test func aGeneratedFileConvertsAlikeInPartsOfAnySize() throws {
        // Bad rows, identical rows, quoted line breaks (some cut in the middle), over many parts.
        let directory = try TemporaryDirectory("conversion-parts")
        let csv = try ReadAheadTests.write("parts.csv", ReadAheadTests.generatedCSV(rows: 4_000, seed: 3), in: directory)
        let rules = try ReadAheadTests.rules()
        let one = try Self.convert([csv], threads: 1, rules: rules)
        #expect(one.parts == 0)
        #expect(one.run.diagnostics.count >= 4)
        for (threads, partSize) in [(2, 97), (2, 1_024), (3, 4_096), (2, 20_000)] {
            let parted = try Self.convert([csv], threads: threads, partSize: partSize, rules: rules)
            Self.expectSame(one.run, parted.run)
            #expect(parted.parts > 0, "no part was converted apart at \(partSize) bytes")
        }
    }

    @Test(arguments: ["\r\n", "\r", "\n"])
    func lineEndsAByteOrderMarkAndAPreambleConvertAlike(_ lineEnd: String) throws {
        // Parts are cut after a line feed, or after a CR in a file without line feeds; a
        // byte-order mark and lines above the header come before the first part.
        let directory = try TemporaryDirectory("conversion-parts")
        var text = "\u{FEFF}Account statement" + lineEnd + "Exported 2024-06-01" + lineEnd + lineEnd
        text += "Date;Description;Amount" + lineEnd
        for row in 0..<1_200 {
            let name = row % 13 == 0 ? "\"TWO" + lineEnd + "LINES\"" : "SHOP \(row % 7)"
            text += "0\(1 + row % 9).05.2024;\(name);-\(row % 40),\(row % 10)0" + lineEnd
        }
        let csv = try ReadAheadTests.write("ends-\(lineEnd.utf8.count)-\(lineEnd.utf8.first!).csv", text, in: directory)
        let one = try Self.convert([csv], threads: 1)
        #expect(!one.run.output.isEmpty)
        for partSize in [64, 1_000, 5_000] {
            let parted = try Self.convert([csv], threads: 2, partSize: partSize)
            Self.expectSame(one.run, parted.run)
            #expect(parted.parts > 0)
        }
    }

    @Test func identicalRowsAcrossPartsAreNumberedInFileOrder() throws {
        // Every row the same: each id depends on every row before it, in parts before its own.
        let directory = try TemporaryDirectory("conversion-parts")
        let rows = String(repeating: "2024-05-03,COFFEE,-3.50\n", count: 3_000)
        let csv = try ReadAheadTests.write("same.csv", "Date,Description,Amount\n" + rows, in: directory)
        let one = try Self.convert([csv], threads: 1)
        let parted = try Self.convert([csv], threads: 2, partSize: 512)
        Self.expectSame(one.run, parted.run)
        #expect(parted.parts > 50)
        let ids = Set(one.run.output.split(separator: UInt8(ascii: "\n")).map { $0.prefix(30) })
        #expect(ids.count == 3_000)
    }

    @Test func bothSidesOfIdenticalTransfersAcrossPartsAreNumberedInFileOrder() throws {
        // Firefly III's layout: a transfer row is a transaction on each of its two accounts, two
        // activities from one line, each numbered among the identical ones before it.
        let directory = try TemporaryDirectory("conversion-parts")
        var text = "type,amount,description,date,source_name,source_type,destination_name,destination_type\n"
        for row in 0..<1_500 {
            text +=
                row % 3 == 0
                ? "Withdrawal,-3.50,COFFEE,2024-05-03,Checking,Asset account,Cafe,Expense account\n"
                : "Transfer,50.00,SAVINGS,2024-05-03,Checking,Asset account,Savings,Asset account\n"
        }
        let csv = try ReadAheadTests.write("sides.csv", text, in: directory)
        let one = try Self.convert([csv], threads: 1)
        let parted = try Self.convert([csv], threads: 2, partSize: 512)
        Self.expectSame(one.run, parted.run)
        #expect(parted.parts > 20)
        let ids = Set(one.run.output.split(separator: UInt8(ascii: "\n")).map { $0.prefix(30) })
        #expect(ids.count == 2_500)
    }

    @Test func accountsStatementsAndKindsMergeAlike() throws {
        // Two accounts, a balance column, and card amounts (a kind per account, sent at its first
        // row): the statements (periods, closing balances) come out as one thread makes them.
        let directory = try TemporaryDirectory("conversion-parts")
        var text = "Date,Account,Description,Amount,Balance\n"
        for row in 0..<2_000 {
            let account = row < 700 ? "Card A" : (row % 3 == 0 ? "Card B" : "Card A")
            let day = 1 + row / 80
            text += "2024-05-\(String(format: "%02d", day)),\(account),SHOP \(row % 17),\(row % 50).25,\(1_000 + row).00\n"
        }
        let csv = try ReadAheadTests.write("cards.csv", text, in: directory)
        var options = ReadOptions()
        options.csvProfile.amountSign = .inverted
        let one = try Self.convert([csv], threads: 1, options: options)
        #expect(one.run.statements.count == 4)
        for partSize in [333, 2_048] {
            let parted = try Self.convert([csv], threads: 2, partSize: partSize, options: options)
            Self.expectSame(one.run, parted.run)
            #expect(parted.parts > 0)
        }
    }

    @Test func strictStopsAlikeAndAWarningOncePerFileStaysOnce() throws {
        // Extra empty fields on some rows (a leniency said once per file), one bad row late on.
        let directory = try TemporaryDirectory("conversion-parts")
        var text = "Date,Description,Amount\n"
        for row in 0..<1_500 {
            text += row == 1_200 ? "2024-05-07,BROKEN,twelve\n" : "2024-05-07,ROW \(row),-\(row % 9).10\(row % 100 == 7 ? ",x" : "")\n"
        }
        let csv = try ReadAheadTests.write("lenient.csv", text, in: directory)
        for strict in [false, true] {
            var options = ReadOptions()
            options.strict = strict
            let one = try Self.convert([csv], threads: 1, options: options)
            let parted = try Self.convert([csv], threads: 2, partSize: 700, options: options)
            Self.expectSame(one.run, parted.run)
        }
    }

    @Test func aWarningOfTheRulesInsideABatchSendsItsPartBackInOrder() throws {
        // Parts of about 300 rows, taken 64 at a time: the rules' warnings come on rows deep inside
        // a part and a batch (a type contradicted, a regex that gives up), never at a batch's edge.
        let directory = try TemporaryDirectory("conversion-parts")
        var text = "Date,Description,Amount\n"
        for row in 0..<3_000 {
            let name = row == 1_000 ? "COFFEE SHOP" : row == 2_100 ? String(repeating: "a", count: 40) + "b" : "SHOP \(row % 97)"
            text += "2024-05-\(10 + row % 9),\(name),-\(row % 50).25\n"
        }
        let csv = try ReadAheadTests.write("batches.csv", text, in: directory)
        let rules = try RulesStageTests.engine()
        let one = try Self.convert([csv], threads: 1, rules: rules)
        #expect(one.run.diagnostics.contains { $0.hasPrefix("\(csv):1002: warning: a rule set") })
        #expect(one.run.diagnostics.contains { $0.hasPrefix("\(csv):2102: warning: the regular expression of rule 'Slow'") })
        for partSize in [5_300, 7_000, 9_100] {
            let parted = try Self.convert([csv], threads: 2, partSize: partSize, rules: RulesStageTests.engine())
            Self.expectSame(one.run, parted.run)
            #expect(parted.parts > 5)
        }
    }

    @Test func unquotedAmountsThatAnEarlierRowSettlesConvertAlikeInParts() throws {
        // `-4,50,995,50` reads two ways (digit groups or decimal commas): the way the last row that
        // could be read only one way took, wherever the parts fall.
        let directory = try TemporaryDirectory("conversion-parts")
        var text = "Date,Description,Amount,Balance\n"
        let rows = ["SALARY,2150,00,3126,55", "COFFEE,-4,50,995,50", "BONUS,2,000.00,3,995.50", "TEA,-3,20,992,30"]
        for row in 0..<600 {
            let kind = row % 7 == 0 ? 0 : row % 11 == 0 ? 2 : row % 2 == 0 ? 1 : 3
            text += "\(10 + row % 18)/03/2024,\(rows[kind])\n"
        }
        let csv = try ReadAheadTests.write("unquoted.csv", text, in: directory)
        let one = try Self.convert([csv], threads: 1)
        #expect(one.run.output.count > 20_000)
        for partSize in [97, 300, 1_024] {
            Self.expectSame(one.run, try Self.convert([csv], threads: 2, partSize: partSize).run)
        }
    }

    @Test func csvOutputConvertsAlikeInParts() throws {
        let directory = try TemporaryDirectory("conversion-parts")
        let csv = try ReadAheadTests.write("parts-to-csv.csv", ReadAheadTests.generatedCSV(rows: 2_000, seed: 13), in: directory)
        func convert(threads: Int) throws -> (output: [UInt8], diagnostics: [String], parts: Int) {
            let outputs = try TemporaryDirectory("conversion-parts")
            let target = outputs.path("parts-\(threads).csv")
            let output = try ByteOutput.atomicFile(target)
            var conversion = Conversion(writer: CSVActivityWriter(output: output), reporter: DiagnosticList(), rules: try ReadAheadTests.rules())
            conversion.threads = threads
            conversion.partSize = 1_500
            _ = conversion.run([(source: InputSource(csv), options: ReadOptions())], output: output)
            let written = (try? Data(contentsOf: URL(fileURLWithPath: target))).map { [UInt8]($0) } ?? []
            return (written, conversion.reporter.diagnostics.map(\.description), conversion.partsAdopted)
        }
        let one = try convert(threads: 1)
        let two = try convert(threads: 2)
        #expect(one.output.starts(with: Array(CSVActivityWriter.header.utf8)))
        #expect(Bool(one.output == two.output), "outputs of \(one.output.count) and \(two.output.count) bytes differ")
        #expect(one.diagnostics == two.diagnostics)
        #expect(two.parts > 10)
    }
}
