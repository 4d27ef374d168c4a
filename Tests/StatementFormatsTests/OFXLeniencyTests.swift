import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// The leniencies of the OFX reader (`OFXLeniency`): each warned once per file, and refused under
/// `--strict` when it changes what the file means; and the per-file decisions behind them.
@Suite struct OFXLeniencyTests {
    typealias Doc = OFXDocument

    // MARK: The file's decimal mark

    struct MarkCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let amounts: [String]
        /// `.`, `,` or nil (each value its own).
        let expected: Character?
    }

    static let markCases: [MarkCase] = [
        .init(testDescription: "plain points", amounts: ["-54.20", "100.00"], expected: "."),
        .init(testDescription: "plain commas", amounts: ["-54,20", "100,00"], expected: ","),
        .init(testDescription: "1.234,56 shows a decimal comma", amounts: ["1.234,56"], expected: ","),
        .init(testDescription: "1,234.56 shows a decimal point", amounts: ["1,234.56"], expected: "."),
        .init(testDescription: "1.234.567 shows '.' between thousands", amounts: ["1.234.567"], expected: ","),
        .init(testDescription: "1,234 alone tells nothing", amounts: ["1,234", "-5"], expected: nil),
        .init(testDescription: "1,234 beside -12.50: a point file", amounts: ["1,234", "-12.50"], expected: "."),
        .init(testDescription: "1.000 beside -12,50: a comma file", amounts: ["1.000", "-12,50"], expected: ","),
        .init(testDescription: "points and commas both as the radix: each value its own", amounts: ["-54.20", "-12,50"], expected: nil),
        .init(testDescription: "a trailing mark (30,) tells nothing", amounts: ["30,"], expected: nil),
        .init(testDescription: "no amounts", amounts: [], expected: nil),
    ]

    @Test(arguments: markCases)
    func decimalMark(_ c: MarkCase) {
        let body = c.amounts.enumerated().map { "<STMTTRN><TRNAMT>\($1)\n<FITID>\($0)</STMTTRN>" }.joined(separator: "\n")
        let bytes = Array("<OFX>\n\(body)\n<LEDGERBAL><BALAMT>".utf8)
        #expect(OFXAmountFormat.decimalMark(bytes, from: 0) == c.expected.map { $0.asciiValue! })
    }

    @Test("BALAMT counts, tags in any case, and a value cut by the end of the prefix does not")
    func decimalMarkSources() {
        #expect(OFXAmountFormat.decimalMark(Array("<balamt>1.234,56\n".utf8), from: 0) == UInt8(ascii: ","))
        #expect(OFXAmountFormat.decimalMark(Array("<TrnAmt> -3,5</STMTTRN>".utf8), from: 0) == UInt8(ascii: ","))
        #expect(OFXAmountFormat.decimalMark(Array("<TRNAMT>-3,5".utf8), from: 0) == nil)
    }

    @Test("1.000 in a decimal-comma file is a thousand, with one warning for the file")
    func thousandsDecidedPerFile() throws {
        let t =
            Doc.sgmlTransaction("1", amount: "-12,50") + "\n" + Doc.sgmlTransaction("2", amount: "1.000") + "\n"
            + Doc.sgmlTransaction("3", amount: "2.500,00")
        let result = try readOFX(Doc.sgmlBank(t, trailer: "<LEDGERBAL><BALAMT>3.487,50<DTASOF>20240131</LEDGERBAL>"))
        #expect(result.activities.map(\.amount.decimalString) == ["-12.50", "1000.00", "2500.00"])
        #expect(result.codes == ["ofx.lenient.thousands-separators@26:1"])
        #expect(result.statements.first?.ledgerBalance?.amount.decimalString == "3487.50")
    }

    @Test("under --strict, thousands separators stop the file at the first value that has them")
    func thousandsRefused() throws {
        let t =
            Doc.sgmlTransaction("1", amount: "-12.50") + "\n" + Doc.sgmlTransaction("2", amount: "1,000.00") + "\n"
            + Doc.sgmlTransaction("3", amount: "-1.00")
        let result = try readOFX(Doc.sgmlBank(t), options: ReadOptions(strict: true))
        #expect(result.activities.map(\.fitid) == ["1"])
        #expect(result.codes == ["ofx.lenient.thousands-separators@26:1"])
        #expect(result.errors.first?.message.hasSuffix("(refused under --strict)") == true)
    }

    @Test("a value against the file's decimal mark past the first bytes is an error, not a guess")
    func markAgainstTheFile() throws {
        let many = (0..<1200).map { Doc.sgmlTransaction("P\($0)", amount: "-1.25") }.joined(separator: "\n")
        let result = try readOFX(Doc.sgmlBank(many + "\n" + Doc.sgmlTransaction("C", amount: "-12,50")))
        #expect(result.activities.count == 1200)
        #expect(result.errors.map(\.code) == ["ofx.bad-amount"])
    }

    // MARK: The other leniencies, once per file

    @Test("transactions without FITID: one warning for the file, distinct ids, never merged")
    func missingFITID() throws {
        let t =
            Doc.sgmlTransaction(nil, name: "Coffee") + "\n" + Doc.sgmlTransaction(nil, name: "Coffee") + "\n"
            + Doc.sgmlTransaction("", name: "Tea")
        let result = try readOFX(Doc.sgmlBank(t))
        #expect(result.activities.count == 3)
        #expect(Set(result.activities.map(\.id)).count == 3)
        #expect(result.activities.allSatisfy { $0.fitid == nil })
        #expect(result.codes == ["ofx.lenient.missing-fitid@16:1"])
        #expect(try readOFX(Doc.sgmlBank(t), options: ReadOptions(strict: true)).errors.isEmpty, "ids only: not refused")
    }

    @Test("a pfin-written file carries its ids in REFNUM: no FITID warning")
    func pfinFileHasNoFITIDWarning() throws {
        let id = "00112233aabbccdd"
        let text = Doc.sgmlBank("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID>\(id)<REFNUM>\(id)<NAME>X</STMTTRN>")
            .replacingOccurrences(of: "</SONRS>", with: "<FI><ORG>pfin<FID>pfin</FI>\n</SONRS>")
        let result = try readOFX(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.fitid) == [nil])
    }

    @Test("BANKACCTFROM without ACCTTYPE is a checking account, with a warning; CCACCTFROM needs none")
    func missingAccountType() throws {
        let text = Doc.sgmlBank(Doc.sgmlTransaction("1")).replacingOccurrences(of: "<ACCTTYPE>CHECKING", with: "")
        let result = try readOFX(text)
        #expect(result.codes == ["ofx.lenient.missing-accttype@14:49"])
        #expect(result.statements.map(\.account.kind) == [.checking])
        #expect(try readOFX(OFXMapperTests.creditCard).diagnostics.isEmpty)
        let empty = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1")).replacingOccurrences(of: "<ACCTTYPE>CHECKING", with: "<ACCTTYPE>"))
        #expect(empty.codes == ["ofx.lenient.missing-accttype@14:59"], "an empty ACCTTYPE is none")
    }

    @Test("odd DTPOSTED forms: one warning for the file, each the calendar date written")
    func oddDates() throws {
        let t =
            Doc.sgmlTransaction("1", date: "20240131[-5:EST]") + "\n" + Doc.sgmlTransaction("2", date: "20240201[+9:JST]") + "\n"
            + Doc.sgmlTransaction("3", date: "20240202T0830")
        let result = try readOFX(Doc.sgmlBank(t))
        #expect(result.activities.map(\.date.description) == ["2024-01-31", "2024-02-01", "2024-02-02"])
        #expect(result.diagnostics.map(\.message) == ["<DTPOSTED> '20240131[-5:EST]' gives a time zone but no time; read as the date written, 2024-01-31"])
        let dtend = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1")).replacingOccurrences(of: "<DTEND>20240131", with: "<DTEND>20240131 235959"))
        #expect(
            dtend.diagnostics.map(\.message) == [
                "<DTEND> '20240131 235959' is not in the OFX form YYYYMMDDHHMMSS.XXX[offset:TZ]; read as the date written, 2024-01-31"
            ])
        #expect(dtend.statements.first?.end?.description == "2024-01-31")
    }

    // MARK: Documents and syntax

    @Test("two 1.x documents with their headers in one file: both read, one warning, the second's lines")
    func concatenatedSGML() throws {
        let first = Doc.sgmlHeader + Doc.sgmlBank(Doc.sgmlTransaction("A"), account: "ONE")
        let second = Doc.sgmlHeader + Doc.sgmlBank(Doc.sgmlTransaction("B"), account: "TWO")
        let result = try readOFX(first + second)
        #expect(result.rows == ["2024-01-05|Shop|-10.00|USD|ONE", "2024-01-05|Shop|-10.00|USD|TWO"])
        let firstLines = first.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(result.activities.map(\.source.line) == [26, firstLines + 26])
        #expect(result.codes == ["ofx.lenient.concatenated@\(firstLines + 11):1"])
        #expect(result.statements.map(\.account.id) == ["ONE", "TWO"])
    }

    @Test("text after </OFX> that is not a document is ignored, as before")
    func trailingText() throws {
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("A")) + "\n</STMTTRN>\n<html>saved by a browser</html>\n\u{0}\u{0}")
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.count == 1)
    }

    @Test("two 2.x documents in one file: both read with one warning")
    func concatenatedXML() throws {
        let result = try readOFX(Doc.xmlBank(Doc.xmlTransaction("X"), account: "ONE") + Doc.xmlBank(Doc.xmlTransaction("Y"), account: "TWO"))
        #expect(result.rows == ["2024-01-05|Shop|-10.00|USD|ONE", "2024-01-05|Shop|-10.00|USD|TWO"])
        #expect(result.diagnostics.map(\.code) == ["ofx.lenient.concatenated"])
    }

    @Test("a 2.x header over a 1.x body: read as 1.x with a warning at the first unclosed leaf; refused under --strict")
    func sgmlBodyUnderXMLHeader() throws {
        let text = Doc.xmlHeader + Doc.sgmlBank(Doc.sgmlTransaction("1") + "\n" + Doc.sgmlTransaction("2"))
        let result = try readOFX(text)
        #expect(result.activities.map(\.fitid) == ["1", "2"])
        #expect(result.activities.map(\.source.line) == [18, 25])
        #expect(result.codes == ["ofx.lenient.sgml-body@6:9"])
        let strict = try readOFX(text, options: ReadOptions(strict: true))
        #expect(strict.activities.isEmpty)
        #expect(strict.errors.map(\.code) == ["ofx.lenient.sgml-body"])
    }

    @Test("a 2.x document with a banner line before <OFX> is read without libxml2's error")
    func textBeforeXMLRoot() throws {
        let text = Doc.xmlBank(Doc.xmlTransaction("X")).replacingOccurrences(of: "?>\n<OFX>", with: "?>\nExported by Example Bank\n<OFX>")
        let result = try readOFX(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.fitid) == ["X"])
    }

    @Test("the body shape checks: unclosed leaves, a second document, the XML encoding")
    func bodyShape() {
        func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
        #expect(OFXBodyShape.unclosedLeaf(bytes("<OFX><STMTTRN><TRNAMT>-1.00\n<FITID>1</STMTTRN></OFX>"), from: 0)?.name == "TRNAMT")
        #expect(OFXBodyShape.unclosedLeaf(bytes("<OFX><STMTTRN><NAME>\n<MEMO>x</MEMO></STMTTRN></OFX>"), from: 0)?.name == "NAME")
        #expect(OFXBodyShape.unclosedLeaf(bytes("<OFX><STMTTRN><TRNAMT>-1.00</TRNAMT><MEMO/></STMTTRN></OFX>"), from: 0) == nil)
        #expect(OFXBodyShape.unclosedLeaf(bytes("<OFX><NAME>Broken</MEMO></OFX>"), from: 0) == nil, "a mismatch is libxml2's to report")
        #expect(OFXBodyShape.hasSecondDocument(bytes("<OFX></OFX>\n<?xml version=\"1.0\"?><ofx>"), from: 0))
        #expect(!OFXBodyShape.hasSecondDocument(bytes("<OFX></OFX>\n"), from: 0))
        #expect(OFXBodyShape.xmlEncoding(bytes("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"), from: 0) == .latin1)
        #expect(OFXBodyShape.xmlEncoding(bytes("<?xml version='1.0'?>"), from: 0) == .utf8)
        #expect(OFXBodyShape.hasTextBeforeRoot(bytes("<?xml version=\"1.0\"?><!-- a -->\nBanner\n<OFX>"), from: 0))
        #expect(!OFXBodyShape.hasTextBeforeRoot(bytes("<?xml version=\"1.0\"?>\n<?OFX VERSION=\"220\"?>\n<OFX>"), from: 0))
    }

    @Test("lowercase tags throughout, 1.x and 2.x, read like uppercase ones")
    func lowercaseTags() throws {
        func lower(_ s: String) -> String {
            var out = "", inTag = false
            for c in s {
                if c == "<" { inTag = true } else if c == ">" { inTag = false }
                out.append(inTag ? Character(c.lowercased()) : c)
            }
            return out
        }
        let sgml = try readOFX(lower(Doc.sgmlBank(Doc.sgmlTransaction("1", type: "XFER"))))
        #expect(sgml.diagnostics.isEmpty)
        #expect(sgml.rows == ["2024-01-05|Shop|-10.00|USD|111222333"])
        #expect(sgml.activities.map(\.type) == [.transfer])
        let xml = try readOFX(Doc.xmlHeader + lower(Doc.xmlBank(Doc.xmlTransaction("1")).replacingOccurrences(of: Doc.xmlHeader, with: "")))
        #expect(xml.diagnostics.isEmpty)
        #expect(xml.rows == ["2024-01-05|Shop|-10.00|USD|111222333"])
    }
}

extension OFXLeniencyTests {
    @Test("a statement's account and kind reach the sink before its transactions, the whole statement after")
    func accountBeforeTransactions() throws {
        let result = try readOFX(OFXMapperTests.creditCard)
        #expect(result.sent.count == 2)
        #expect(result.activitiesAtStatement == [0, 2])
        #expect(result.sent.map(\.account) == [Account(id: "4111XXXXXXXX1111", kind: .creditCard), Account(id: "4111XXXXXXXX1111", kind: .creditCard)])
        #expect(result.sent.first?.ledgerBalance == nil)
        #expect(result.sent.last?.ledgerBalance != nil)
    }

    @Test("an OFX card statement converted to QIF is a card section (!Type:CCard)")
    func cardToQIF() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-ofx-card-\(UUID().uuidString).qif").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try ByteOutput.atomicFile(path)
        var sink = WriterSink(writer: QIFWriter(output: output))
        try OFXStatementReader().read(ByteInput(bytes: Array(OFXMapperTests.creditCard.utf8), displayName: "t.ofx"), options: ReadOptions(), into: &sink)
        try sink.writer.finish()
        try output.commit()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("!Type:CCard"))
        #expect(!text.contains("!Type:Bank"))
    }

    @Test("two 2.x documents, the second past the first 64 KiB: the XML error says a first document ended")
    func concatenatedXMLPastThePrefix() throws {
        let many = (0..<700).map { Doc.xmlTransaction("X\($0)") }.joined(separator: "\n")
        let first = Doc.xmlBank(many, account: "ONE")
        #expect(first.utf8.count > SniffInput.window)
        let result = try readOFX(first + Doc.xmlBank(Doc.xmlTransaction("Y"), account: "TWO"))
        #expect(result.activities.count == 700)
        #expect(result.errors.map(\.code) == ["ofx.xml"])
        #expect(result.errors.first?.notes.last?.hasPrefix("a first OFX document ended before this point") == true)
    }

    /// `text` with each `~` as the Latin-1 byte of é.
    static func latin1(_ text: String) -> [UInt8] { Array(text.utf8).map { $0 == UInt8(ascii: "~") ? 0xE9 : $0 } }

    @Test("a 1.x header naming UTF-8 over Latin-1 names: each read as Windows-1252, one warning naming the header")
    func sgmlHeaderSaysUTF8() throws {
        let header = Doc.sgmlHeader.replacingOccurrences(of: "ENCODING:USASCII", with: "ENCODING:UTF-8").replacingOccurrences(
            of: "CHARSET:1252", with: "CHARSET:NONE")
        let result = try readOFX(Self.latin1(header + Doc.sgmlBank(Doc.sgmlTransaction("1", name: "Caf~") + "\n" + Doc.sgmlTransaction("2", name: "Cr~pe"))))
        #expect(result.activities.map(\.name) == ["Café", "Crépe"])
        #expect(result.diagnostics.map(\.code) == ["ofx.lenient.not-utf8"])
        #expect(result.diagnostics.first?.message.contains("though the OFX header names UTF-8") == true)
        #expect(result.diagnostics.first?.severity == .warning)
    }

    @Test("no character set, UTF-8 for the first 64 KiB, then a Latin-1 name: read as Windows-1252, the warning says why UTF-8 was assumed")
    func sgmlLateLatin1() throws {
        let header = Doc.sgmlHeader.replacingOccurrences(of: "CHARSET:1252", with: "CHARSET:NONE")
        let many = (0..<700).map { Doc.sgmlTransaction("A\($0)", name: "Caf\u{E9} \($0)") } + [Doc.sgmlTransaction("L", name: "Caf~ late")]
        let text = header + Doc.sgmlBank(many.joined(separator: "\n"))
        #expect(text.utf8.count > SniffInput.window)
        let result = try readOFX(Self.latin1(text))
        #expect(result.activities.count == 701)
        #expect(result.activities.first?.name == "Café 0")
        #expect(result.activities.last?.name == "Café late")
        #expect(result.diagnostics.map(\.code) == ["ofx.lenient.not-utf8"])
        #expect(result.diagnostics.first?.message.contains("the file's first 64 KiB are UTF-8") == true)
    }
}

/// Sends what a reader produces to a writer, as `pfin convert` does.
private struct WriterSink<Writer: StatementWriter>: ActivitySink {
    var writer: Writer
    mutating func accept(_ activity: PaymentActivity) throws { try writer.write(activity) }
    mutating func report(_ diagnostic: Diagnostic) throws {}
    mutating func statement(_ info: StatementInfo) throws { try writer.statement(info) }
}
