import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Norma 43 is told by its records' digit columns, with evidence; nothing else is taken for it.
@Suite struct Norma43SniffTests {
    typealias N43 = Norma43Text

    static func sniff(_ text: String) -> Sniff { Norma43StatementReader.sniff(SniffInput(Array(text.utf8))) }

    @Test("a whole file: 95, with the header's fields and where each kind of record is")
    func wholeFile() {
        let sniff = Self.sniff(N43.file(N43.account([-100, 200])))
        #expect(
            sniff
                == Sniff(
                    score: 95,
                    evidence: [
                        "an account header (record 11) at line 1: bank 2100, branch 0418, account 0200051332, 240501 to 240531, currency 978",
                        "2 movement records (22) from line 2", "an account end record (33) at line 6", "an end-of-file record (88) at line 7",
                    ]))
        #expect(StatementReaders.detect(Array(N43.file(N43.account([-100])).utf8)) == .norma43)
        #expect(StatementReaders.reader(for: .norma43) is Norma43StatementReader)
        #expect(StatementReaders.readableFormats.contains(.norma43))
    }

    @Test("after a BOM and blank lines, trimmed and with CRLF: still found, at its line")
    func afterBlankLines() {
        let trimmed = N43.account([-100]).map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
        let sniff = Self.sniff("\u{FEFF}\r\n\r\n" + trimmed.joined(separator: "\r\n"))
        #expect(sniff.score == 93)
        #expect(sniff.evidence.first?.hasPrefix("an account header (record 11) at line 3:") == true)
    }

    @Test("a header alone: 60; a movement alone, or a header whose digit columns are not digits: 0")
    func partial() {
        #expect(Self.sniff(N43.header()).score == 60)
        #expect(Self.sniff(N43.movement(-100)).score == 0)
        #expect(Self.sniff(N43.header(start: "2405AB")).score == 0)
        #expect(Self.sniff(N43.header(start: "241301")).score == 0, "month 13")
        #expect(Self.sniff("11;2024-05-01;TALLERES;100,00\n22;2024-05-02;RECIBO;-65,40\n").score == 0)
    }

    @Test(
        "CSV says no to a Norma 43 file, and Norma 43 to every sample",
        arguments: try FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("Samples").path)
            .filter { !$0.hasSuffix(".n43") && !$0.hasSuffix(".md") && !$0.hasSuffix(".pfin") && $0 != "history" }.sorted())
    func noSampleIsNorma43(_ sample: String) throws {
        let prefix = try ByteInput(path: Repository.sample(sample)).peek(upTo: SniffInput.window)
        #expect(Norma43StatementReader.sniff(SniffInput(prefix)).score == 0)
    }

    @Test("a Norma 43 file is not CSV, MT940 or QIF")
    func othersSayNo() {
        let bytes = Array(N43.file(N43.account([-100, 200])).utf8)
        #expect(CSVStatementReader.sniff(bytes) == 0)
        #expect(MT940StatementReader.sniff(bytes) == 0)
        #expect(QIFStatementReader.sniff(bytes) == 0)
    }
}
