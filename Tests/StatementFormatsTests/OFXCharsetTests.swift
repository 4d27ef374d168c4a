import FinanceCore
import Testing

@testable import StatementFormats

/// OFX files of Japanese, Chinese, Korean and Turkish banks: the 1.x `CHARSET` (a Windows code
/// page number) or the 2.x XML declaration names the encoding, and the texts are decoded from it.
@Suite struct OFXCharsetTests {
    typealias Doc = OFXDocument

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// What the header or declaration says.
        let declared: String
        /// glibc's name to write the bytes with.
        let charset: String
        let name: String
    }

    static let cases: [Case] = [
        .init(testDescription: "Shift_JIS, half-width katakana and kanji", declared: "932", charset: "CP932", name: "ｾﾌﾞﾝｲﾚﾌﾞﾝ 渋谷店"),
        .init(testDescription: "GBK", declared: "936", charset: "GBK", name: "快捷支付 瑞幸咖啡"),
        .init(testDescription: "Big5", declared: "950", charset: "BIG5", name: "台灣電力公司"),
        .init(testDescription: "EUC-KR", declared: "949", charset: "CP949", name: "신한카드"),
        .init(testDescription: "Windows-1254", declared: "1254", charset: "WINDOWS-1254", name: "Kırtasiye Işık"),
    ]

    @Test(arguments: cases)
    func sgmlCharset(_ c: Case) throws {
        let header = Doc.sgmlHeader.replacingOccurrences(of: "CHARSET:1252", with: "CHARSET:\(c.declared)")
        let text = header + Doc.sgmlBank(Doc.sgmlTransaction("1", name: c.name))
        let result = try readOFX(try #require(legacyBytes(text, c.charset)))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.activities.map(\.name) == [c.name])
    }

    @Test(arguments: cases.filter { $0.declared != "1254" })
    func sgmlCharsetNoneIsReadFromTheBytes(_ c: Case) throws {
        // CHARSET:NONE says nothing: a multi-byte encoding is taken when it reads the texts.
        let header = Doc.sgmlHeader.replacingOccurrences(of: "CHARSET:1252", with: "CHARSET:NONE")
        let transactions = [c.name, c.name + " " + c.name].enumerated().map { Doc.sgmlTransaction("\($0)", name: $1) }
        let text = header + Doc.sgmlBank(transactions.joined(separator: "\n"))
        let result = try readOFX(try #require(legacyBytes(text, c.charset)))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.activities.map(\.name) == [c.name, c.name + " " + c.name])
    }

    @Test(arguments: cases, [OFXStatementReader.XMLParser.pfin, .libxml2])
    func xmlDeclaration(_ c: Case, parser: OFXStatementReader.XMLParser) throws {
        // The declaration by name, as an XML file writes it; pfin's parser and libxml2 agree.
        let name = ["932": "Shift_JIS", "936": "GBK", "950": "Big5", "949": "EUC-KR", "1254": "windows-1254"][c.declared]!
        let text = Doc.xmlBank(Doc.xmlTransaction("1", name: c.name)).replacingOccurrences(
            of: "encoding=\"UTF-8\"", with: "encoding=\"\(name)\"")
        var collector = StatementCollector()
        let bytes = try #require(legacyBytes(text, c.charset))
        try OFXStatementReader(xmlParser: parser).read(ByteInput(bytes: bytes, displayName: "t.ofx"), options: ReadOptions(), into: &collector)
        #expect(collector.diagnostics.isEmpty, "\(collector.diagnostics)")
        #expect(collector.activities.map(\.name) == [c.name])
    }
}
