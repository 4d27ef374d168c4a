import FinanceCore
import Foundation
import StatementFormats
import StatementPipeline
import TestSupport
import Testing

/// A ZIP archive of statement files (a bank's camt.053 download, one file a day) is read file by
/// file, each as if it had been passed on its own, named `ARCHIVE/MEMBER`; what is no statement
/// in it is a warning, and an archive of none is the error it always was.
@Suite struct ArchiveInputTests {
    struct Collector: ActivitySink {
        var activities: [PaymentActivity] = []
        var diagnostics: [Diagnostic] = []
        mutating func accept(_ activity: PaymentActivity) throws { activities.append(activity) }
        mutating func report(_ diagnostic: Diagnostic) throws { diagnostics.append(diagnostic) }
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/archives")

    static func read(_ path: String) throws -> Collector {
        var sink = Collector()
        try InputSource(path).read(options: ReadOptions(), into: &sink)
        return sink
    }

    /// What reading `sample` on its own gives, as if it had been read from `archive` as `member`.
    static func alone(_ sample: String, as member: String, in archive: String) throws -> Collector {
        let path = SampleManifest.samplesDirectory.appendingPathComponent(sample).path
        var read = try Self.read(path)
        let name = archive + "/" + member
        for k in read.activities.indices { read.activities[k].source.file = name }
        for k in read.diagnostics.indices {
            read.diagnostics[k].location.file = name
            read.diagnostics[k].notes = read.diagnostics[k].notes.map { $0.replacingOccurrences(of: path, with: name) }
        }
        return read
    }

    @Test func everyStatementInTheArchiveReadsAsOnItsOwn() throws {
        let archive = Self.directory.appendingPathComponent("statements.zip").path
        let read = try Self.read(archive)
        let parts = [
            try Self.alone("de-sparkasse-camt053.xml", as: "camt/de-sparkasse-camt053.xml", in: archive),
            try Self.alone("ch-zkb-camt053-foreign.xml", as: "camt/ch-zkb-camt053-foreign.xml", in: archive),
            try Self.alone("de-dkb-giro.csv", as: "de-dkb-giro.csv", in: archive),
        ]
        let expected = parts.flatMap(\.activities)
        #expect(!expected.isEmpty)
        #expect(read.activities == expected, "the same activities, ids and amounts, in the archive's order")
        // The PDF beside them is a warning at its name; folders, __MACOSX and .DS_Store say nothing.
        let skipped = read.diagnostics.filter { $0.code == "zip.member-skipped" }
        #expect(skipped.map(\.location.file) == [archive + "/Kontoauszug.pdf"])
        #expect(skipped.first?.severity == .warning)
        #expect(skipped.first?.message.contains("PDF") == true, "\(skipped)")
        #expect(skipped.first?.notes.last == "'pfin identify \(archive)' shows what each reader saw in each of its files")
        #expect(read.diagnostics.filter { $0.code != "zip.member-skipped" } == parts.flatMap(\.diagnostics))
    }

    @Test func anArchiveOfNoStatementIsTheErrorItWas() throws {
        let archive = Self.directory.appendingPathComponent("no-statements.zip").path
        let read = try Self.read(archive)
        #expect(read.activities.isEmpty)
        #expect(read.diagnostics.map(\.code) == ["input.foreign"], "one error, no warning about each file: \(read.diagnostics)")
        #expect(read.diagnostics.first?.location.file == archive)
        #expect(read.diagnostics.first?.message.contains("a ZIP archive holding 'Kontoauszug.pdf', 'readme.txt'") == true)
    }

    @Test func aZIPInsideTheArchiveIsPassedOver() throws {
        let archive = Self.directory.appendingPathComponent("nested.zip").path
        let read = try Self.read(archive)
        let alone = try Self.alone("us-quicken-export.qif", as: "us-quicken-export.qif", in: archive)
        #expect(read.activities == alone.activities)
        let skipped = read.diagnostics.filter { $0.code == "zip.member-skipped" }
        #expect(skipped.map(\.location.file) == [archive + "/older.zip"])
        #expect(skipped.first?.message == "skipped: a ZIP archive inside the archive; pfin opens one level")
    }

    @Test func aDamagedFileIsAnErrorAndTheOthersAreRead() throws {
        let archive = Self.directory.appendingPathComponent("damaged-member.zip").path
        let read = try Self.read(archive)
        #expect(read.activities.map(\.name) == ["Tea"])
        #expect(read.activities.first?.source.description == archive + "/second.qif:2:1")
        let errors = read.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["zip.bad-zip"])
        #expect(errors.first?.location.file == archive + "/first.qif")
        #expect(errors.first?.message.contains("fails its CRC check") == true, "\(errors)")
    }

    @Test func memberNamesInCodePage437OrUTF8ReadAsWritten() throws {
        // `Ums\u{84}tze.qif` without the UTF-8 flag (an older Windows archiver), `März.qif` with it.
        let archive = Self.directory.appendingPathComponent("member-names.zip").path
        let read = try Self.read(archive)
        #expect(read.activities.map(\.source.file) == [archive + "/Umsätze.qif", archive + "/März.qif"])
    }

    @Test func aPinnedFormatReadsTheArchiveAsThatFormat() throws {
        // `--from` is the user's word: the archive's bytes go to that reader, which refuses them.
        let archive = Self.directory.appendingPathComponent("nested.zip").path
        var sink = Collector()
        try InputSource(archive, format: .qif).read(options: ReadOptions(), into: &sink)
        #expect(sink.activities.isEmpty)
        #expect(sink.diagnostics.contains { $0.severity == .error })
    }

    @Test func anArchiveTooDamagedToOpenIsOneError() throws {
        // The ZIP signature, then nothing of an archive's directory.
        var sink = Collector()
        let bytes: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 60)
        try InputSource("cut.zip").read(ByteInput(bytes: bytes, displayName: "cut.zip"), options: ReadOptions(), into: &sink)
        #expect(sink.activities.isEmpty)
        #expect(sink.diagnostics.map(\.code) == ["zip.bad-zip"])
        #expect(sink.diagnostics.first?.message.hasPrefix("the ZIP archive cannot be read: ") == true, "\(sink.diagnostics)")
    }
}
