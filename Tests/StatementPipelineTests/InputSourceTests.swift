import FinanceCore
import Foundation
import StatementFormats
import StatementPipeline
import Testing

/// Where activities come from: the content decides the reader unless the format is pinned; a
/// file that cannot be opened or read as a statement is a located error, never a throw.
@Suite struct InputSourceTests {
    struct Collector: ActivitySink {
        var names: [String] = []
        var diagnostics: [Diagnostic] = []
        mutating func accept(_ activity: PaymentActivity) throws { names.append(activity.name) }
        mutating func report(_ diagnostic: Diagnostic) throws { diagnostics.append(diagnostic) }
    }

    static let qif = "!Type:Bank\nD05/14/2024\nT-1.00\nPCoffee\n^\n"

    @Test func theContentChoosesTheReader() throws {
        var sink = Collector()
        try InputSource("x.csv").read(ByteInput(bytes: Array(Self.qif.utf8), displayName: "x.csv"), options: ReadOptions(), into: &sink)
        #expect(sink.names == ["Coffee"], "read as QIF whatever the name says")
        #expect(sink.diagnostics.isEmpty)
    }

    @Test func aPinnedFormatIsReadAsSuch() throws {
        var sink = Collector()
        try InputSource("x", format: .csv).read(ByteInput(bytes: Array(Self.qif.utf8), displayName: "x"), options: ReadOptions(), into: &sink)
        #expect(sink.names.isEmpty)
        #expect(!sink.diagnostics.isEmpty, "QIF is no CSV table")
    }

    @Test func aMissingFileIsAnErrorAtTheFile() throws {
        var sink = Collector()
        try InputSource("/nonexistent/statement.csv").read(options: ReadOptions(), into: &sink)
        #expect(sink.diagnostics.map(\.code) == ["input.unreadable"])
        #expect(sink.diagnostics.first?.location.file == "/nonexistent/statement.csv")
        #expect(sink.diagnostics.first?.message.contains("no such file") == true)
    }

    @Test func aFileOfAnotherKindIsNamedForWhatItIs() throws {
        var sink = Collector()
        let pdf = Array("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".utf8)
        try InputSource("s.pdf").read(ByteInput(bytes: pdf, displayName: "s.pdf"), options: ReadOptions(), into: &sink)
        #expect(sink.names.isEmpty)
        #expect(sink.diagnostics.first?.message.contains("PDF") == true, "\(sink.diagnostics)")
    }
}
