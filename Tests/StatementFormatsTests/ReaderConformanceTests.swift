import FinanceCore
import Foundation
import StatementFormats
import TestSupport
import Testing

/// The promises every reader in the registry keeps, checked the same way for each over every
/// sample of its format (Samples/samples.tsv) and over inputs no bank writes: what a reader reads
/// does not depend on how the bytes arrive (a file read in chunks, or memory), nor on reading it
/// again; every activity and diagnostic names the input and a line inside it; ids are unique in
/// a file (identical rows included); detection picks the reader for its own samples; and empty,
/// truncated and garbage inputs give located diagnostics at most, never a crash.
@Suite struct ReaderConformanceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let format: StatementFormat
        var testDescription: String { "\(format.rawValue): \(file)" }
    }

    /// Every sample, and fixtures for the formats Samples/ has none of (pfin's own JSON Lines;
    /// workbooks, which CI otherwise writes from the CSV samples with openpyxl).
    static let cases: [Case] =
        SampleManifest.entries.compactMap { entry in
            StatementFormat(rawValue: entry.format).map { Case(file: entry.file, format: $0) }
        } + [
            Case(file: "../Tests/StatementFormatsTests/Fixtures/jsonl/history.jsonl", format: .jsonl),
            Case(file: "../Tests/StatementFormatsTests/Fixtures/quirks/xlsx/float-noise.xlsx", format: .xlsx),
            Case(file: "../Tests/StatementFormatsTests/Fixtures/quirks/xlsx/line-break-in-cell.xlsx", format: .xlsx),
            Case(file: "../Tests/StatementFormatsTests/Fixtures/quirks/xlsx/date1904-custom-format.xlsx", format: .xlsx),
        ]

    /// What one read gave, comparable between reads.
    struct Reading: Equatable {
        var activities: [PaymentActivity] = []
        var diagnostics: [Diagnostic] = []
        var statements: [StatementInfo] = []
    }

    struct RecordingSink: ActivitySink {
        var reading = Reading()
        mutating func accept(_ activity: PaymentActivity) throws { reading.activities.append(activity) }
        mutating func report(_ diagnostic: Diagnostic) throws { reading.diagnostics.append(diagnostic) }
        mutating func statement(_ info: StatementInfo) throws { reading.statements.append(info) }
    }

    static func read(_ input: ByteInput, as format: StatementFormat) throws -> Reading {
        guard let reader = StatementReaders.reader(for: format) else { throw ConformanceError.noReader(format) }
        return try read(input, with: reader)
    }

    private static func read(_ input: ByteInput, with reader: some StatementReader) throws -> Reading {
        var sink = RecordingSink()
        try reader.read(input, options: ReadOptions(), into: &sink)
        return sink.reading
    }

    enum ConformanceError: Error { case noReader(StatementFormat) }

    /// The format of the reader that reads `format`: Quicken's OFX and OFX 1 are read as OFX.
    static func readerFormat(_ format: StatementFormat) -> StatementFormat {
        [.qfx, .ofx1].contains(format) ? .ofx : format
    }

    static func bytes(of file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: SampleManifest.samplesDirectory.appendingPathComponent(file)))
    }

    /// Lines in `bytes` as readers count them (LF, CRLF or a lone CR end one).
    static func lineCount(_ bytes: [UInt8]) -> Int {
        var lines = 1
        for (i, byte) in bytes.enumerated() where byte == 0x0A || (byte == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) {
            lines += 1
        }
        return lines
    }

    /// Every location names `name` and a line of the input (XLSX lines are rows of the sheet; a
    /// JSON Lines transaction keeps the source it states).
    static func locationProblems(_ reading: Reading, name: String, lines: Int, format: StatementFormat) -> [String] {
        let bound = format == .xlsx ? Int.max : lines
        var problems: [String] = []
        for d in reading.diagnostics where !d.location.file.hasPrefix(name) || d.location.line < 0 || d.location.line > bound {
            problems.append("diagnostic at \(d.location) (\(lines) lines): \(d.message)")
        }
        // JSON Lines states each transaction's source itself (the bank file it came from), and keeps it.
        for a in reading.activities where format != .jsonl && (!a.source.file.hasPrefix(name) || a.source.line < 1 || a.source.line > bound) {
            problems.append("activity '\(a.name)' at \(a.source) (\(lines) lines)")
        }
        return problems
    }

    @Test(arguments: cases)
    func aSampleReadsTheSameFromAFileAndFromMemoryAndAgain(_ c: Case) throws {
        let path = SampleManifest.samplesDirectory.appendingPathComponent(c.file).path
        let fromFile = try Self.read(try ByteInput(path: path), as: c.format)
        let bytes = try Self.bytes(of: c.file)
        let fromMemory = try Self.read(ByteInput(bytes: bytes, displayName: path), as: c.format)
        let again = try Self.read(ByteInput(bytes: bytes, displayName: path), as: c.format)
        #expect(fromFile == fromMemory, "\(c.file): a file and the same bytes in memory read differently")
        #expect(fromMemory == again, "\(c.file): a second read differs")
        #expect(!fromFile.activities.isEmpty, "\(c.file): no activity")
    }

    @Test(arguments: cases)
    func locationsNameTheInputAndALineOfIt(_ c: Case) throws {
        let bytes = try Self.bytes(of: c.file)
        let reading = try Self.read(ByteInput(bytes: bytes, displayName: c.file), as: c.format)
        #expect(Self.locationProblems(reading, name: c.file, lines: Self.lineCount(bytes), format: c.format) == [])
    }

    @Test(arguments: cases)
    func idsAreUniqueInAFile(_ c: Case) throws {
        let reading = try Self.read(ByteInput(bytes: try Self.bytes(of: c.file), displayName: c.file), as: c.format)
        var seen: [ActivityID: PaymentActivity] = [:]
        for a in reading.activities {
            if let earlier = seen[a.id] { Issue.record("\(c.file): \(a.source) has the id of \(earlier.source): \(a.id)") }
            seen[a.id] = a
        }
    }

    @Test(arguments: cases)
    func detectionPicksTheReaderOfTheSample(_ c: Case) throws {
        let bytes = try Self.bytes(of: c.file)
        let detected = StatementReaders.detect(Array(bytes.prefix(SniffInput.window)))
        let expected = Self.readerFormat(c.format)
        #expect(detected == expected, "\(c.file): detected as \(detected?.rawValue ?? "nothing")")
    }

    /// Each half of a sample cut at every tenth of its length: the reader may report the cut, but
    /// only at a line that exists, and never gives more activities than the whole file.
    @Test(arguments: cases)
    func aTruncatedSampleGivesLocatedDiagnosticsOnly(_ c: Case) throws {
        let bytes = try Self.bytes(of: c.file)
        let whole = try Self.read(ByteInput(bytes: bytes, displayName: c.file), as: c.format)
        for tenth in 1..<10 {
            let cut = Array(bytes.prefix(bytes.count * tenth / 10))
            guard let reading = try? Self.read(ByteInput(bytes: cut, displayName: c.file), as: c.format) else { continue }
            #expect(Self.locationProblems(reading, name: c.file, lines: Self.lineCount(cut), format: c.format) == [], "cut at \(tenth)/10")
            #expect(reading.activities.count <= whole.activities.count, "\(c.file) cut at \(tenth)/10 gave more activities than the whole")
        }
    }

    @Test func everyReaderInTheRegistryHasASample() {
        let sampled = Set(Self.cases.map { Self.readerFormat($0.format) })
        for format in StatementReaders.readableFormats {
            #expect(sampled.contains(format), "no sample is read by the \(format.rawValue) reader")
        }
    }

    /// Inputs no bank writes, through every reader (not only the one detection would pick).
    @Test(arguments: StatementReaders.readableFormats)
    func emptyAndGarbageInputsGiveLocatedDiagnosticsAtMost(_ format: StatementFormat) throws {
        var random = SeededRandom(seed: 0x5EED_0000 + UInt64(format.rawValue.utf8.count))
        let garbage = (0..<2_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let text = Array("date,amount\n2024-05-03,12.50\n<OFX><STMTTRN>\n:61:2405030503D12,50NTRF\n!Type:Bank\n".utf8)
        for (name, input) in [("empty", [UInt8]()), ("newline", [0x0A]), ("garbage", garbage), ("mixed", text)] {
            guard let reading = try? Self.read(ByteInput(bytes: input, displayName: name), as: format) else { continue }
            #expect(
                Self.locationProblems(reading, name: name, lines: Self.lineCount(input), format: format) == [],
                "\(format.rawValue) reading \(name)")
        }
    }
}
