import Testing

@testable import StatementFormats

/// Headers outside the specification that banks and conversion tools write, and the evidence
/// the sniffer gives for each: the header parser finds the body wherever it starts in the first
/// 64 KiB.
extension OFXHeaderTests {
    struct FormCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let input: String
        let form: OFXHeader.Form
        let fields: [String: String]
        /// The body's first bytes, as written.
        let body: String
        let linesBeforeBody: Int
        let score: Int
        let evidence: [String]
    }

    static let formCases: [FormCase] = [
        .init(
            testDescription: "no OFXHEADER line: the header starts with DATA:OFXSGML",
            input: "DATA:OFXSGML\r\nVERSION:102\r\nCHARSET:1252\r\n\r\n<OFX>\r\n", form: .fields,
            fields: ["DATA": "OFXSGML", "VERSION": "102", "CHARSET": "1252"], body: "<OFX>", linesBeforeBody: 4, score: 90,
            evidence: ["'DATA:OFXSGML' at line 1 (a header without its OFXHEADER line)", "'<OFX>' at line 5"]),
        .init(
            testDescription: "the header starts with ENCODING: and has only two fields",
            input: "ENCODING:USASCII\nCHARSET:1252\n<OFX>", form: .fields, fields: ["ENCODING": "USASCII", "CHARSET": "1252"],
            body: "<OFX>", linesBeforeBody: 2, score: 90,
            evidence: ["'ENCODING:USASCII' at line 1 (a header without its OFXHEADER line)", "'<OFX>' at line 3"]),
        .init(
            testDescription: "header keys written as closed tags on one line",
            input: "<OFXHEADER>100</OFXHEADER><DATA>OFXSGML</DATA><VERSION>102</VERSION><CHARSET>1252</CHARSET>\n<OFX>\n",
            form: .tags, fields: ["OFXHEADER": "100", "DATA": "OFXSGML", "VERSION": "102", "CHARSET": "1252"], body: "<OFX>",
            linesBeforeBody: 1, score: 90, evidence: ["'<OFXHEADER>100' at line 1 (the header is written as tags)", "'<OFX>' at line 2"]),
        .init(
            testDescription: "header keys written as unclosed tags, one a line, without OFXHEADER",
            input: "<DATA>OFXSGML\n<VERSION>160\n\n<OFX>", form: .tags, fields: ["DATA": "OFXSGML", "VERSION": "160"], body: "<OFX>",
            linesBeforeBody: 3, score: 90,
            evidence: ["'<DATA>OFXSGML' at line 1 (the header is written as tags, without OFXHEADER)", "'<OFX>' at line 4"]),
        .init(
            testDescription: "a bank's text lines between the header and <OFX>",
            input: "OFXHEADER:100\nDATA:OFXSGML\n\nDownloaded from Example Bank on 2024-02-01\n*** confidential ***\n<OFX>",
            form: .fields, fields: ["OFXHEADER": "100", "DATA": "OFXSGML"], body: "<OFX>", linesBeforeBody: 5, score: 90,
            evidence: ["'OFXHEADER:100' at line 1", "'<OFX>' at line 6"]),
        .init(
            testDescription: "a banner of text lines before the header: the markers count wherever they stand",
            input: "Example Bank plc\nStatement export, page 1 of 1\nAccount: 1234\n\nOFXHEADER:100\nVERSION:102\n<OFX>", form: .fields,
            fields: ["OFXHEADER": "100", "VERSION": "102"], body: "<OFX>", linesBeforeBody: 6, score: 90,
            evidence: ["'OFXHEADER:100' at line 5", "'<OFX>' at line 7"]),
        .init(
            testDescription: "<OFX > with a space, no header", input: "\n\n<OFX >\n<SIGNONMSGSRSV1>", form: .none, fields: [:], body: "<OFX >",
            linesBeforeBody: 2, score: 90, evidence: ["'<OFX >' at line 3 (no header)"]),
        .init(
            testDescription: "lowercase <ofx> after a header with lowercase keys",
            input: "ofxheader:100\ndata:ofxsgml\n\n<ofx>\n<signonmsgsrsv1>", form: .fields, fields: ["OFXHEADER": "100", "DATA": "ofxsgml"],
            body: "<ofx>", linesBeforeBody: 3, score: 90, evidence: ["'ofxheader:100' at line 1", "'<ofx>' at line 4"]),
        .init(
            testDescription: "a body without its <OFX> element starts at its first message set",
            input: "OFXHEADER:100\n\n<SIGNONMSGSRSV1>\n<SONRS>", form: .fields, fields: ["OFXHEADER": "100"], body: "<SIGNONMSGSRSV1>",
            linesBeforeBody: 2, score: 75,
            evidence: ["'OFXHEADER:100' at line 1", "'<SIGNONMSGSRSV1>' at line 3 (no <OFX> element around it)"]),
        .init(
            testDescription: "a bare list of lowercase <stmttrn> elements, nothing around them",
            input: "<stmttrn>\n<trntype>DEBIT\n</stmttrn>", form: .none, fields: [:], body: "<stmttrn>", linesBeforeBody: 0, score: 75,
            evidence: ["'<stmttrn>' at line 1 (no <OFX> element around it)"]),
        .init(
            testDescription: "an unknown tag and a comment before <OFX> are skipped",
            input: "<!-- exported by a tool -->\n<BANKEXPORT>\n<OFX>", form: .none, fields: [:], body: "<OFX>", linesBeforeBody: 2,
            score: 90, evidence: ["'<OFX>' at line 3 (no header)"]),
        .init(
            testDescription: "an XML declaration after a banner line is skipped like any text: the body is read as 1.x",
            input: "Example Bank export\n<?xml version=\"1.0\"?>\n<OFX>", form: .none, fields: [:], body: "<OFX>", linesBeforeBody: 2,
            score: 90, evidence: ["'<OFX>' at line 3 (no header)"]),
    ]

    @Test(arguments: formCases)
    func form(_ c: FormCase) throws {
        let bytes = Array(c.input.utf8)
        let header = try #require(OFXHeader.parse(bytes))
        #expect(header.syntax == .sgml)
        #expect(header.form == c.form)
        #expect(header.fields == c.fields)
        #expect(header.linesBeforeBody == c.linesBeforeBody)
        #expect(String(decoding: bytes[header.bodyOffset...].prefix(c.body.utf8.count), as: UTF8.self) == c.body)
        let sniff = OFXStatementReader.sniff(SniffInput(bytes, isComplete: true))
        #expect(sniff.score == c.score)
        #expect(sniff.evidence == c.evidence)
    }

    @Test("fields written as tags decide the character set as KEY:VALUE fields do")
    func tagFieldsEncoding() throws {
        let header = try #require(OFXHeader.parse(Array("<ENCODING>UTF-8</ENCODING><CHARSET>NONE</CHARSET><OFX>".utf8)))
        #expect(header.encoding == .utf8)
        #expect(try #require(OFXHeader.parse(Array("<CHARSET>1252\n<OFX>".utf8))).encoding == .windows1252)
    }

    @Test("markers deep in the first 64 KiB are found: <OFX> after 60 KiB of banner")
    func markerFarIn() throws {
        let banner = String(repeating: "Example Bank plc: please keep this statement for your records.\n", count: 960)
        let bytes = Array((banner + "<OFX>\n").utf8)
        #expect(bytes.count < SniffInput.window)
        let header = try #require(OFXHeader.parse(bytes))
        #expect(header.linesBeforeBody == 960)
        #expect(OFXStatementReader.sniff(SniffInput(bytes)).evidence == ["'<OFX>' at line 961 (no header)"])
    }

    @Test("2.x with a lowercase <ofx> root and no <?OFX?> instruction")
    func xmlLowercaseRoot() throws {
        let header = try #require(OFXHeader.parse(Array("<?xml version=\"1.0\"?>\n<ofx>\n<signonmsgsrsv1>".utf8)))
        #expect(header.syntax == .xml)
        #expect(header.bodyElement == .ofx)
        #expect(header.markers.map(\.text) == ["<ofx>"])
    }

    static let notOFXFormCases: [NotOFXCase] = [
        .init(
            testDescription: "CAMT.053 without an XML declaration (its <Bal> is not OFX's <BAL>)",
            input: Array("<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">\n<BkToCstmrStmt><Stmt><Bal><Amt>1</Amt></Bal>".utf8)),
        .init(
            testDescription: "CAMT.053 whose remittance text mentions OFX",
            input: Array(
                "<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.08\"><Ustrd>OFX export fee</Ustrd>".utf8)),
        .init(
            testDescription: "a CSV whose text has header-like words (VERSION:2, DATA:x) but no body",
            input: Array("VERSION:2\nDATA:x\nDate,Amount\n2024-01-05,-1.00\n".utf8)),
        .init(testDescription: "header fields as tags but no body", input: Array("<OFXHEADER>100</OFXHEADER><DATA>OFXSGML</DATA>\n".utf8)),
        .init(testDescription: "an MT940 file", input: Array(":20:STARTUMS\n:25:12345678/0001234567\n:28C:1/1\n".utf8)),
    ]

    @Test(arguments: notOFXFormCases)
    func notOFXForm(_ c: NotOFXCase) {
        #expect(OFXHeader.parse(c.input) == nil)
        #expect(OFXStatementReader.sniff(c.input) == 0)
    }

    @Test("a CAMT document is named as such in the OFX reader's evidence")
    func camtEvidence() {
        let camt = Array("<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">".utf8)
        #expect(OFXStatementReader.sniff(SniffInput(camt)).evidence == ["an ISO 20022 XML document, not OFX: no <?OFX …?> instruction and no OFX element"])
    }

    @Test("a UTF-16 OFX file is recognised, and the reader says why it does not read it")
    func utf16() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "OFXHEADER:100\r\n\r\n<OFX>\r\n</OFX>\r\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let sniff = OFXStatementReader.sniff(SniffInput(bytes, isComplete: true))
        #expect(sniff.score == 90)
        #expect(sniff.evidence.last == "the file is UTF-16, which pfin does not read for OFX")
        let result = try readOFX(bytes)
        #expect(result.codes == ["ofx.utf16@1"])
    }
}
