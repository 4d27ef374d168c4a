import Testing

@testable import StatementFormats

/// `XMLBodyParser` alone: an OFX 2.x body into element events, fed whole and chunk by chunk down
/// to one byte at a time (`BodyParserHarness`). `OFXParityTests` compares whole files with libxml2.
@Suite struct XMLBodyParserTests {
    static func events(_ text: String, checksUTF8: Bool = true, maxTextBytes: Int = 1 << 20) throws -> [String] {
        try events(Array(text.utf8), checksUTF8: checksUTF8, maxTextBytes: maxTextBytes)
    }

    static func events(_ bytes: [UInt8], checksUTF8: Bool = true, maxTextBytes: Int = 1 << 20) throws -> [String] {
        try BodyParserHarness.eventsInAnyChunks(bytes) { XMLBodyParser(utf8: checksUTF8 ? .xmlDeclaration : nil, maxTextBytes: maxTextBytes) }.events
    }

    typealias Case = BodyParserHarness.Case

    static let cases: [Case] = [
        .init(
            testDescription: "an element holding elements starts when its first child does; one holding text is a leaf",
            text: "<OFX>\n <STMTTRN>\n  <TRNAMT>-54.20</TRNAMT>\n  <NAME> Shop </NAME>\n </STMTTRN>\n</OFX>\n",
            events: ["start OFX @1:1", "start STMTTRN @2:2", "leaf TRNAMT=-54.20 @3:3", "leaf NAME=Shop @4:3", "end STMTTRN @5:2", "end OFX @6:1"]),
        .init(
            testDescription: "references, CDATA and comments make one text; line ends are LF",
            text: "<OFX><NAME>A&amp;B &#233;<![CDATA[ <x> & ]]><!-- c -->\r\nC\rD</NAME></OFX>",
            events: ["start OFX @1:1", "leaf NAME=A&B é <x> & \nC\nD @1:6", "end OFX @3:9"]),
        .init(
            testDescription: "empty elements: a leaf is empty, an aggregate starts and ends",
            text: "<OFX><MEMO/><BANKTRANLIST/><NAME></NAME></OFX>",
            events: [
                "start OFX @1:1", "leaf MEMO= @1:6", "start BANKTRANLIST @1:13", "end BANKTRANLIST @1:13", "leaf NAME= @1:28", "end OFX @1:41",
            ]),
        .init(
            testDescription: "attributes, a quoted '>' among them, and processing instructions are passed over",
            text: "<?xml version=\"1.0\"?><?OFX OFXHEADER=\"200\"?>\n<OFX a=\"x>y\" b='z'><NAME>Shop</NAME></OFX>",
            events: ["start OFX @2:1", "leaf NAME=Shop @2:20", "end OFX @2:37"]),
        .init(
            testDescription: "text beside child elements is left out; an unknown element with text is a leaf",
            text: "<OFX>stray<STMTTRN>more<INTU.BID>3000</INTU.BID>tail</STMTTRN></OFX>",
            events: ["start OFX @1:1", "start STMTTRN @1:11", "leaf ?=3000 @1:24", "end STMTTRN @1:53", "end OFX @1:63"]),
        .init(
            testDescription: "names longer than 16 bytes are matched whole",
            text: "<OFX><INTU.EXTENSION.NAME.ONE><INTU.EXTENSION.NAME.TWO>v</INTU.EXTENSION.NAME.TWO></INTU.EXTENSION.NAME.ONE></OFX>",
            events: ["start OFX @1:1", "start ? @1:6", "leaf ?=v @1:31", "end ? @1:83", "end OFX @1:109"]),
    ]

    @Test(arguments: cases)
    func events(_ c: Case) throws {
        #expect(try Self.events(c.text) == c.events)
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        /// The last event: the fatal problem, where it is.
        let problem: String
    }

    static let malformed: [Malformed] = [
        .init(
            testDescription: "tags that do not match", text: "<OFX><NAME>Shop</MEMO></OFX>",
            problem: "problem xml(\"Opening and ending tag mismatch: NAME line 1 and MEMO\") fatal @1:16"),
        .init(
            testDescription: "names differing in case do not match", text: "<OFX><NAME>Shop</name></OFX>",
            problem: "problem xml(\"Opening and ending tag mismatch: NAME line 1 and name\") fatal @1:16"),
        .init(
            testDescription: "a long name that differs past its 16th byte",
            text: "<OFX><INTU.EXTENSION.NAME.ONE>v</INTU.EXTENSION.NAME.TWO></OFX>",
            problem: "problem xml(\"Opening and ending tag mismatch: INTU.EXTENSION.NAME.ONE line 1 and INTU.EXTENSION.NAME.TWO\") fatal @1:32"),
        .init(
            testDescription: "the input ends inside an element", text: "<OFX>\n<STMTTRN>\n<NAME>Sh",
            problem: "problem xml(\"Premature end of data in tag NAME line 3\") fatal @3:9"),
        .init(testDescription: "a bare ampersand", text: "<OFX><NAME>AT&T</NAME></OFX>", problem: "problem xml(\"xmlParseEntityRef: no name\") fatal @1:14"),
        .init(
            testDescription: "an entity XML does not define", text: "<OFX><NAME>&nbsp;</NAME></OFX>",
            problem: "problem xml(\"Entity \\'nbsp\\' not defined\") fatal @1:12"),
        .init(
            testDescription: "a character reference to no character", text: "<OFX><NAME>&#0;</NAME></OFX>",
            problem: "problem xml(\"xmlParseCharRef: invalid xmlChar value in \\'&#0;\\'\") fatal @1:12"),
        .init(
            testDescription: "a second root", text: "<OFX></OFX>\n<OFX></OFX>",
            problem: "problem xml(\"Extra content at the end of the document\") fatal @2:1"),
        .init(
            testDescription: "text before the root", text: "junk<OFX></OFX>",
            problem: "problem xml(\"Start tag expected, \\'<\\' not found\") fatal @1:1"),
        .init(
            testDescription: "an end tag with nothing open", text: "</OFX>",
            problem: "problem xml(\"StartTag: invalid element name\") fatal @1:1"),
        .init(
            testDescription: "a comment never closed", text: "<OFX><!-- open",
            problem: "problem xml(\"Comment not terminated\") fatal @1:6"),
        .init(
            testDescription: "a DOCTYPE is refused", text: "<!DOCTYPE OFX [<!ENTITY x \"y\">]><OFX/>",
            problem: "problem forbidden(\"a DOCTYPE declaration\") fatal @1:1"),
        .init(
            testDescription: "a '<' inside a start tag", text: "<OFX><NAME a=\"1\"<MEMO>x</MEMO></OFX>",
            problem: "problem xml(\"Couldn\\'t find end of Start Tag\") fatal @1:6"),
    ]

    @Test(arguments: malformed)
    func stopsAt(_ c: Malformed) throws {
        let events = try Self.events(c.text)
        #expect(events.last == c.problem)
        #expect(events.filter { $0.hasPrefix("problem") }.count == 1, "nothing is read after a fatal problem: \(events)")
    }

    @Test("a leaf's text that is not UTF-8 in a UTF-8 body is read as Windows-1252, said once; a transcoded body is not checked")
    func notUTF8() throws {
        let bytes = Array("<OFX><NAME>Caf".utf8) + [0xE9] + Array("</NAME><MEMO>".utf8) + [0x80, 0x35] + Array("</MEMO><MEMO>Café</MEMO></OFX>".utf8)
        #expect(
            try Self.events(bytes) == [
                "start OFX @1:1", "problem notUTF8(element: \"NAME\", bytes: \"0xE9\", declared: \"\(OFXLeniency.UTF8Claim.xmlDeclaration.rawValue)\") @1:6",
                "leaf NAME=Café @1:6", "leaf MEMO=€5 @1:23",
                "leaf MEMO=Café @1:38", "end OFX @1:56",
            ])
        #expect(try Self.events(bytes, checksUTF8: false).contains { $0.hasPrefix("leaf NAME=Caf") && !$0.contains("é") })
        #expect(try Self.events("<OFX><NAME>Café €</NAME></OFX>") == ["start OFX @1:1", "leaf NAME=Café € @1:6", "end OFX @1:28"])
    }

    @Test("a text longer than the limit is reported and its leaf left out; the parse goes on")
    func textTooLong() throws {
        let events = try Self.events("<OFX><NAME>" + String(repeating: "x", count: 100) + "</NAME><MEMO>m</MEMO></OFX>", maxTextBytes: 64)
        #expect(events == ["start OFX @1:1", "problem textTooLong(limit: 64) @1:6", "leaf MEMO=m @1:119", "end OFX @1:133"])
    }

    @Test("nesting past the limit stops with one problem")
    func tooDeep() throws {
        let events = try Self.events("<OFX>" + String(repeating: "<A>", count: 300))
        #expect(events.last == "problem tooDeep(limit: 256) fatal @1:771")
        #expect(events.filter { $0.hasPrefix("problem") }.count == 1)
    }

    @Test("what a run keeps between calls is one unit of markup, not the document")
    func bounded() throws {
        let text = "<OFX>" + String(repeating: "<STMTTRN><NAME>Shop &amp; Co</NAME><!-- note --></STMTTRN>\n", count: 2000) + "</OFX>"
        let run = try BodyParserHarness.parse(Array(text.utf8), chunk: 4096) { XMLBodyParser() }
        #expect(run.maxBuffered < 64)
        #expect(run.recorder.events.count == 2 + 2000 * 3)
    }
}
