import Testing

@testable import StatementFormats

/// The first OFX layer alone: `OFXHeader.parse` on the bytes before the body. Each case is a
/// header a bank sends, with the quirk in its name.
@Suite struct OFXHeaderTests {
    /// The nine `KEY:VALUE` lines of an OFX 1.0.2 header.
    static let fields = [
        "OFXHEADER:100", "DATA:OFXSGML", "VERSION:102", "SECURITY:NONE", "ENCODING:USASCII",
        "CHARSET:1252", "COMPRESSION:NONE", "OLDFILEUID:NONE", "NEWFILEUID:NONE",
    ]

    /// The header's fields each followed by `lineEnd`, a blank line, then the body.
    static func sgml(_ lineEnd: String, blankLine: Bool = true) -> [UInt8] {
        Array((fields.map { $0 + lineEnd }.joined() + (blankLine ? lineEnd : "") + "<OFX>\(lineEnd)<SIGNONMSGSRSV1>").utf8)
    }

    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let input: [UInt8]
        let syntax: OFXHeader.Syntax
        let version: Int?
        /// Line breaks before the body.
        let linesBeforeBody: Int
        /// Where the body starts.
        let bodyOffset: Int
    }

    static let sgmlLength = fields.joined().utf8.count

    static let cases: [Case] = [
        .init(
            testDescription: "1.x header with CRLF line ends and a blank line",
            input: sgml("\r\n"), syntax: .sgml, version: 102, linesBeforeBody: 10, bodyOffset: sgmlLength + 20),
        .init(
            testDescription: "1.x header with LF line ends and a blank line",
            input: sgml("\n"), syntax: .sgml, version: 102, linesBeforeBody: 10, bodyOffset: sgmlLength + 10),
        .init(
            testDescription: "1.x header with lone CR line ends (classic Mac) counts each CR as a line",
            input: sgml("\r"), syntax: .sgml, version: 102, linesBeforeBody: 10, bodyOffset: sgmlLength + 10),
        .init(
            testDescription: "1.x header without the blank line before <OFX>",
            input: sgml("\n", blankLine: false), syntax: .sgml, version: 102, linesBeforeBody: 9, bodyOffset: sgmlLength + 9),
        .init(
            testDescription: "whole 1.x header on one line, separated by spaces",
            input: Array((fields.joined(separator: " ") + "\n<OFX>\n").utf8), syntax: .sgml, version: 102,
            linesBeforeBody: 1, bodyOffset: sgmlLength + 8 + 1),
        .init(
            testDescription: "no line break between the header's last field and <OFX>",
            input: Array((fields.map { $0 + "\n" }.joined().dropLast() + "<OFX><SIGNONMSGSRSV1>").utf8), syntax: .sgml,
            version: 102, linesBeforeBody: 8, bodyOffset: sgmlLength + 8),
        .init(
            testDescription: "no line breaks anywhere: header fields and body on one line",
            input: Array((fields.joined(separator: " ") + "<OFX><SIGNONMSGSRSV1><SONRS>").utf8), syntax: .sgml,
            version: 102, linesBeforeBody: 0, bodyOffset: sgmlLength + 8),
        .init(
            testDescription: "byte-order mark and blank lines before the 1.x header",
            input: bom + Array("\n\r\n  \n".utf8) + sgml("\n"), syntax: .sgml, version: 102, linesBeforeBody: 13,
            bodyOffset: 3 + 6 + sgmlLength + 10),
        .init(
            testDescription: "tabs and spaces around the header's lines",
            input: Array(("\t" + fields.joined(separator: "  \n\t") + " \n\n<OFX>").utf8), syntax: .sgml, version: 102,
            linesBeforeBody: 10, bodyOffset: sgmlLength + 1 + 8 * 4 + 3),
        .init(
            testDescription: "1.x header with VERSION:160 and lower-case keys",
            input: Array("ofxheader:100\ndata:OFXSGML\nversion:160\n\n<OFX>".utf8), syntax: .sgml, version: 160,
            linesBeforeBody: 4, bodyOffset: 40),
        .init(
            testDescription: "no header at all: the body alone",
            input: Array("<OFX>\n<SIGNONMSGSRSV1>\n".utf8), syntax: .sgml, version: nil, linesBeforeBody: 0, bodyOffset: 0),
        .init(
            testDescription: "no header, lower-case <ofx> after a BOM and blank lines",
            input: bom + Array("\r\n\r\n<ofx>\r\n".utf8), syntax: .sgml, version: nil, linesBeforeBody: 2, bodyOffset: 7),
        .init(
            testDescription: "2.x XML declaration and <?OFX?> instruction: version 220",
            input: Array((OFXDocument.xmlHeader + "<OFX>\n").utf8), syntax: .xml, version: 220, linesBeforeBody: 0, bodyOffset: 0),
        .init(
            testDescription: "2.x with a byte-order mark: the body starts after it",
            input: bom + Array("<?xml version=\"1.0\"?><?OFX OFXHEADER=\"200\" VERSION=\"211\"?><OFX>".utf8), syntax: .xml,
            version: 211, linesBeforeBody: 0, bodyOffset: 3),
        .init(
            testDescription: "2.x with single-quoted attributes",
            input: Array("<?xml version='1.0'?>\n<?OFX OFXHEADER='200' VERSION='202' SECURITY='NONE'?>\n<OFX>".utf8), syntax: .xml,
            version: 202, linesBeforeBody: 0, bodyOffset: 0),
        .init(
            testDescription: "2.x <?OFX?> instruction without an XML declaration",
            input: Array("<?OFX OFXHEADER=\"200\" VERSION=\"200\"?>\n<OFX>".utf8), syntax: .xml, version: 200,
            linesBeforeBody: 0, bodyOffset: 0),
        .init(
            testDescription: "2.x XML declaration with an <OFX> root but no <?OFX?> instruction: no version",
            input: Array("<?xml version=\"1.0\"?>\n<OFX>\n<SIGNONMSGSRSV1>".utf8), syntax: .xml, version: nil,
            linesBeforeBody: 0, bodyOffset: 0),
    ]

    @Test(arguments: cases)
    func header(_ c: Case) throws {
        let header = try #require(OFXHeader.parse(c.input))
        #expect(header.syntax == c.syntax)
        #expect(header.version == c.version)
        #expect(header.linesBeforeBody == c.linesBeforeBody)
        #expect(header.bodyOffset == c.bodyOffset)
        if c.syntax == .sgml {
            let body = String(decoding: c.input[header.bodyOffset...].prefix(5), as: UTF8.self)
            #expect(body.uppercased() == "<OFX>", "the body must start at <OFX>")
        } else {
            #expect(c.input[header.bodyOffset...].starts(with: Array("<?".utf8)), "the XML document starts at its declaration")
        }
    }

    @Test("1.x header fields are kept with upper-case keys and their values as written")
    func fieldsKept() throws {
        let header = try #require(OFXHeader.parse(Array("ofxheader:100\ndata:OFXSGML\nSecurity:NONE\nCHARSET:8859-1\n<OFX>".utf8)))
        #expect(header.fields == ["OFXHEADER": "100", "DATA": "OFXSGML", "SECURITY": "NONE", "CHARSET": "8859-1"])
    }

    @Test("a header field without a value is kept with an empty value and does not stop the header")
    func emptyField() throws {
        let header = try #require(OFXHeader.parse(Array("OFXHEADER:100\nDATA:OFXSGML\nOLDFILEUID:\nVERSION:102\n\n<OFX>".utf8)))
        #expect(header.fields["OLDFILEUID"] == "")
        #expect(header.version == 102)
        #expect(header.linesBeforeBody == 5)
    }

    // MARK: Encodings

    struct EncodingCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let encodingField: String
        let charset: String
        let expected: TextEncoding?
    }

    static let encodingCases: [EncodingCase] = [
        .init(testDescription: "USASCII with CHARSET:1252 is Windows-1252", encodingField: "USASCII", charset: "1252", expected: .windows1252),
        .init(testDescription: "USASCII with CHARSET:ISO-8859-1 is Latin-1", encodingField: "USASCII", charset: "ISO-8859-1", expected: .latin1),
        .init(testDescription: "USASCII with CHARSET:8859-1 is Latin-1", encodingField: "USASCII", charset: "8859-1", expected: .latin1),
        .init(testDescription: "USASCII with CHARSET:ISO-8859-15 is Latin-9", encodingField: "USASCII", charset: "ISO-8859-15", expected: .latin9),
        .init(testDescription: "USASCII with CHARSET:NONE is left to the bytes", encodingField: "USASCII", charset: "NONE", expected: nil),
        .init(testDescription: "ENCODING:UTF-8 with CHARSET:NONE is UTF-8", encodingField: "UTF-8", charset: "NONE", expected: .utf8),
        .init(testDescription: "ENCODING:UTF-8 wins over CHARSET:1252", encodingField: "UTF-8", charset: "1252", expected: .utf8),
        .init(testDescription: "lower-case encoding and charset values", encodingField: "usascii", charset: "windows-1252", expected: .windows1252),
        .init(testDescription: "unknown CHARSET is left to the bytes", encodingField: "USASCII", charset: "EBCDIC", expected: nil),
        .init(testDescription: "CHARSET:932 is Shift_JIS (a Japanese bank)", encodingField: "USASCII", charset: "932", expected: .shiftJIS),
        .init(testDescription: "CHARSET:950 is Big5", encodingField: "USASCII", charset: "950", expected: .big5),
        .init(testDescription: "CHARSET:1254 is Windows-1254", encodingField: "USASCII", charset: "1254", expected: .windows1254),
        .init(testDescription: "CHARSET by name: Shift_JIS", encodingField: "USASCII", charset: "Shift_JIS", expected: .shiftJIS),
        .init(testDescription: "CHARSET by name: GBK", encodingField: "USASCII", charset: "GBK", expected: .gb18030),
        .init(testDescription: "CHARSET by name: EUC-KR", encodingField: "USASCII", charset: "EUC-KR", expected: .eucKR),
        .init(testDescription: "CHARSET UTF-16 is left to the bytes", encodingField: "USASCII", charset: "UTF-16", expected: nil),
    ]

    @Test(arguments: encodingCases)
    func encoding(_ c: EncodingCase) throws {
        let text = "OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nENCODING:\(c.encodingField)\r\nCHARSET:\(c.charset)\r\n\r\n<OFX>"
        let header = try #require(OFXHeader.parse(Array(text.utf8)))
        #expect(header.encoding == c.expected)
    }

    @Test("body alone and 2.x headers leave the encoding to the bytes or the XML declaration")
    func noEncodingWithoutFields() throws {
        #expect(try #require(OFXHeader.parse(Array("<OFX>".utf8))).encoding == nil)
        #expect(try #require(OFXHeader.parse(Array(OFXDocument.xmlHeader.utf8))).encoding == nil)
    }

    // MARK: Not OFX

    struct NotOFXCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let input: [UInt8]
    }

    static let notOFXCases: [NotOFXCase] = [
        .init(testDescription: "empty input", input: []),
        .init(testDescription: "only blank lines and spaces", input: Array("\n\r\n   \t\n".utf8)),
        .init(testDescription: "only a byte-order mark", input: bom),
        .init(testDescription: "a CSV export", input: Array("Date,Description,Amount\n2024-01-05,Shop,-10.00\n".utf8)),
        .init(testDescription: "a QIF file", input: Array("!Type:Bank\nD01/05/2024\nT-10.00\nPShop\n^\n".utf8)),
        .init(testDescription: "an HTML error page", input: Array("<!DOCTYPE html>\n<html><body>Session expired</body></html>".utf8)),
        .init(testDescription: "an OFX header cut off before the body", input: Array("OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n".utf8)),
        .init(testDescription: "a word that starts like OFX", input: Array("<OFXISH>\n".utf8)),
        .init(
            testDescription: "an XML document that is not OFX (CAMT.053)",
            input: Array(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">\n<BkToCstmrStmt>".utf8)),
        .init(
            testDescription: "a bank's own XML that borrows OFX's words (a Serbian bank's <pmtnotification>), with or without a declaration",
            input: Array(
                "<pmtnotification>\n  <trnlist count=\"1\">\n    <stmttrn>\n      <trnamt>10.00</trnamt>\n    </stmttrn>\n  </trnlist>\n</pmtnotification>\n"
                    .utf8)),
        .init(
            testDescription: "the same after an XML declaration",
            input: Array(
                "<?xml version=\"1.0\"?>\n<pmtnotification>\n<trnlist><stmttrn><trnamt>10.00</trnamt></stmttrn></trnlist>\n</pmtnotification>\n".utf8)),
    ]

    @Test(arguments: notOFXCases)
    func notOFX(_ c: NotOFXCase) {
        #expect(OFXHeader.parse(c.input) == nil)
        #expect(OFXStatementReader.sniff(c.input) == 0)
    }

    @Test("OFX of every kind sniffs as certain")
    func sniff() {
        #expect(OFXStatementReader.sniff(Self.sgml("\r\n")) == 90)
        #expect(OFXStatementReader.sniff(Array((OFXDocument.xmlHeader + "<OFX>").utf8)) == 90)
        #expect(OFXStatementReader.sniff(Array("<OFX>\n".utf8)) == 90)
    }
}
