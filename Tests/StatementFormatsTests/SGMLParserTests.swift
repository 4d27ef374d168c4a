import Testing

@testable import StatementFormats

/// The second OFX layer for 1.x: `SGMLParser` alone, turning an SGML body into element events.
/// Every case is also fed chunk by chunk, down to one byte at a time, as `OFXStatementReader`
/// feeds it from a file, and must give the very same events at the very same positions.
@Suite struct SGMLParserTests {
    typealias Run = BodyParserHarness.Run

    static func parse(_ bytes: [UInt8], chunk: Int? = nil, firstLine: Int = 1, maxTextBytes: Int = 1 << 20) throws -> Run {
        try BodyParserHarness.parse(bytes, chunk: chunk) { SGMLParser(firstLine: firstLine, maxTextBytes: maxTextBytes) }
    }

    static func parse(_ text: String, chunk: Int? = nil, firstLine: Int = 1, maxTextBytes: Int = 1 << 20) throws -> Run {
        try parse(Array(text.utf8), chunk: chunk, firstLine: firstLine, maxTextBytes: maxTextBytes)
    }

    static let chunkSizes = BodyParserHarness.chunkSizes

    /// Checks that every chunk size gives the events of the whole input; returns those events.
    @discardableResult
    static func eventsInAnyChunks(
        _ bytes: [UInt8], firstLine: Int = 1, maxTextBytes: Int = 1 << 20,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> EventRecorder {
        try BodyParserHarness.eventsInAnyChunks(bytes, sourceLocation: sourceLocation) { SGMLParser(firstLine: firstLine, maxTextBytes: maxTextBytes) }
    }

    // MARK: Cases

    typealias Case = BodyParserHarness.Case

    static let cases: [Case] = [
        .init(
            testDescription: "a comment over several lines, holding '<' and '>', ends at '-->'",
            text: "<OFX>\n<BANKTRANLIST>   <!-- Begin list of statement\n   trans. <b> -- still -->\n<NAME>x <!-- a\nb -->\n</BANKTRANLIST>\n</OFX>",
            events: ["start OFX @1:1", "start BANKTRANLIST @2:1", "leaf NAME=x @4:1", "end BANKTRANLIST @6:1", "end OFX @7:1"]),
        .init(
            testDescription: "a comment never closed is an unterminated tag up to its line's end; the rest is read",
            text: "<OFX>\n<!-- no end\n<NAME>x\n</OFX>",
            events: ["start OFX @1:1", "problem unterminatedTag @2:1", "leaf NAME=x @3:1", "end OFX @4:1"]),
        .init(
            testDescription: "unclosed leaves end where the next tag begins",
            text: "<OFX>\n<STMTTRN>\n<TRNAMT>-54.20\n<NAME>Shop\n</STMTTRN>\n</OFX>\n",
            events: [
                "start OFX @1:1", "start STMTTRN @2:1", "leaf TRNAMT=-54.20 @3:1", "leaf NAME=Shop @4:1",
                "end STMTTRN @5:1", "end OFX @6:1",
            ]),
        .init(
            testDescription: "leaves closed anyway are read once and their end tags are not unbalanced",
            text: "<OFX><STMTTRN><NAME>Shop</NAME>\n<MEMO>Note</MEMO></STMTTRN></OFX>",
            events: [
                "start OFX @1:1", "start STMTTRN @1:6", "leaf NAME=Shop @1:15", "leaf MEMO=Note @2:1",
                "end STMTTRN @2:18", "end OFX @2:28",
            ]),
        .init(
            testDescription: "empty leaf followed by a line break and an end tag stays empty",
            text: "<OFX>\n<STMTTRN>\n<MEMO>\n</STMTTRN>\n</OFX>",
            events: ["start OFX @1:1", "start STMTTRN @2:1", "leaf MEMO= @3:1", "end STMTTRN @4:1", "end OFX @5:1"]),
        .init(
            testDescription: "empty leaf followed by a line break does not swallow the next element",
            text: "<OFX>\n<STMTTRN>\n<NAME>\n<MEMO>x\n</STMTTRN>\n</OFX>",
            events: [
                "start OFX @1:1", "start STMTTRN @2:1", "leaf NAME= @3:1", "leaf MEMO=x @4:1", "end STMTTRN @5:1",
                "end OFX @6:1",
            ]),
        .init(
            testDescription: "an end tag closes the open children it contains, innermost first",
            text: "<OFX>\n<BANKTRANLIST>\n<STMTTRN>\n<NAME>x\n</BANKTRANLIST>\n</OFX>",
            events: [
                "start OFX @1:1", "start BANKTRANLIST @2:1", "start STMTTRN @3:1", "leaf NAME=x @4:1",
                "end STMTTRN @5:1", "end BANKTRANLIST @5:1", "end OFX @6:1",
            ]),
        .init(
            testDescription: "unknown element with text is a leaf (INTU.BID)",
            text: "<OFX>\n<STMTTRN>\n<INTU.BID>1234\n<NAME>x\n</STMTTRN>\n</OFX>",
            events: [
                "start OFX @1:1", "start STMTTRN @2:1", "leaf ?=1234 @3:1", "leaf NAME=x @4:1", "end STMTTRN @5:1",
                "end OFX @6:1",
            ]),
        .init(
            testDescription: "unknown element without text is a container (INTU.XFER … </INTU.XFER>)",
            text: "<OFX>\n<INTU.XFER>\n<TRNAMT>5\n</INTU.XFER>\n</OFX>",
            events: ["start OFX @1:1", "start ? @2:1", "leaf TRNAMT=5 @3:1", "end ? @4:1", "end OFX @5:1"]),
        .init(
            testDescription: "unknown container left open is closed by its parent's end tag",
            text: "<OFX>\n<INTU.EXT>\n<NAME>y\n</OFX>",
            events: ["start OFX @1:1", "start ? @2:1", "leaf NAME=y @3:1", "end ? @4:1", "end OFX @4:1"]),
        .init(
            testDescription: "unknown leaf closed anyway (<INTU.BID>1234</INTU.BID>) is not unbalanced",
            text: "<OFX>\n<INTU.BID>1234</INTU.BID>\n<NAME>x\n</OFX>",
            events: ["start OFX @1:1", "leaf ?=1234 @2:1", "leaf NAME=x @3:1", "end OFX @4:1"]),
        .init(
            testDescription: "an unknown container's end tag closes the known aggregates left open inside it",
            text: "<OFX>\n<INTU.XFER>\n<STMTTRN>\n<NAME>a\n</INTU.XFER>\n</OFX>",
            events: [
                "start OFX @1:1", "start ? @2:1", "start STMTTRN @3:1", "leaf NAME=a @4:1", "end STMTTRN @5:1", "end ? @5:1",
                "end OFX @6:1",
            ]),
        .init(
            testDescription: "truncated inside a lower-case <stmttrn>: reported under its OFX name",
            text: "<ofx>\n<stmttrn>\n<name>x\n",
            events: [
                "start OFX @1:1", "start STMTTRN @2:1", "leaf NAME=x @3:1",
                "problem truncated(\"STMTTRN\", openedOnLine: 2) fatal @4:1",
            ]),
        .init(
            testDescription: "unbalanced end tag </FOO> is reported with line:column and parsing continues",
            text: "<OFX>\n<STMTTRN>\n<NAME>x\n  </FOO>\n<MEMO>y\n</STMTTRN>\n</OFX>",
            events: [
                "start OFX @1:1", "start STMTTRN @2:1", "leaf NAME=x @3:1", "problem unexpectedEndTag(\"FOO\") @4:3",
                "leaf MEMO=y @5:1", "end STMTTRN @6:1", "end OFX @7:1",
            ]),
        .init(
            testDescription: "truncated inside STMTTRN: reported fatal with the open element and its line",
            text: "<OFX>\n<BANKTRANLIST>\n<STMTTRN>\n<NAME>done\n</STMTTRN>\n<STMTTRN>\n<TRNAMT>-1.00\n<NAME>cut\n",
            events: [
                "start OFX @1:1", "start BANKTRANLIST @2:1", "start STMTTRN @3:1", "leaf NAME=done @4:1",
                "end STMTTRN @5:1", "start STMTTRN @6:1", "leaf TRNAMT=-1.00 @7:1", "leaf NAME=cut @8:1",
                "problem truncated(\"STMTTRN\", openedOnLine: 6) fatal @9:1",
            ]),
        .init(
            testDescription: "truncated in the middle of a value: the partial leaf is still read",
            text: "<OFX>\n<STMTTRN>\n<NAME>Sho",
            events: [
                "start OFX @1:1", "start STMTTRN @2:1", "leaf NAME=Sho @3:1",
                "problem truncated(\"STMTTRN\", openedOnLine: 2) fatal @3:10",
            ]),
        .init(
            testDescription: "no line breaks anywhere: all on line 1, columns increasing",
            text: "<OFX><STMTTRN><TRNAMT>-5<NAME>A</STMTTRN></OFX>",
            events: [
                "start OFX @1:1", "start STMTTRN @1:6", "leaf TRNAMT=-5 @1:15", "leaf NAME=A @1:25",
                "end STMTTRN @1:32", "end OFX @1:42",
            ]),
        .init(
            testDescription: "lone CR line ends are counted as lines",
            text: "<OFX>\r<STMTTRN>\r<NAME>x\r\r</STMTTRN>\r</OFX>\r",
            events: ["start OFX @1:1", "start STMTTRN @2:1", "leaf NAME=x @3:1", "end STMTTRN @5:1", "end OFX @6:1"]),
        .init(
            testDescription: "CRLF line ends count once",
            text: "<OFX>\r\n<STMTTRN>\r\n<NAME>x\r\n\r\n</STMTTRN>\r\n</OFX>\r\n",
            events: ["start OFX @1:1", "start STMTTRN @2:1", "leaf NAME=x @3:1", "end STMTTRN @5:1", "end OFX @6:1"]),
        .init(
            testDescription: "mixed LF, CRLF and CR line ends in one file",
            text: "<OFX>\n<STMTTRN>\r\n<NAME>x\r<MEMO>y\n\r\n</STMTTRN>\r</OFX>",
            events: [
                "start OFX @1:1", "start STMTTRN @2:1", "leaf NAME=x @3:1", "leaf MEMO=y @4:1", "end STMTTRN @6:1",
                "end OFX @7:1",
            ]),
        .init(
            testDescription: "spaces and tabs around values and inside the brackets are trimmed",
            text: "<OFX>\n<STMTTRN>\n\t<NAME>  Corner Shop \t\n  < MEMO >a b\n</ STMTTRN >\n</OFX>",
            events: [
                "start OFX @1:1", "start STMTTRN @2:1", "leaf NAME=Corner Shop @3:2", "leaf MEMO=a b @4:3",
                "end STMTTRN @5:1", "end OFX @6:1",
            ]),
        .init(
            testDescription: "tag names are matched without regard to case",
            text: "<ofx>\n<StmtTrn>\n<trnamt>1\n</STMTTRN>\n</Ofx>",
            events: ["start OFX @1:1", "start STMTTRN @2:1", "leaf TRNAMT=1 @3:1", "end STMTTRN @4:1", "end OFX @5:1"]),
        .init(
            testDescription: "comments and processing instructions carry no data",
            text: "<OFX>\n<!-- exported by OnlineBank -->\n<?pi data?>\n<NAME>x\n</OFX>",
            events: ["start OFX @1:1", "leaf NAME=x @4:1", "end OFX @5:1"]),
        .init(
            testDescription: "a tag broken by a line break is reported unterminated and the next tag is read",
            text: "<OFX>\n<NAME\n<MEMO>x\n</OFX>",
            events: ["start OFX @1:1", "problem unterminatedTag @2:1", "leaf MEMO=x @3:1", "end OFX @4:1"]),
        .init(
            testDescription: "a tag broken by a CRLF line break counts the line once",
            text: "<OFX>\r\n<NAME\r\n<MEMO>x\r\n</OFX>",
            events: ["start OFX @1:1", "problem unterminatedTag @2:1", "leaf MEMO=x @3:1", "end OFX @4:1"]),
        .init(
            testDescription: "whatever follows the closing </OFX> is not read",
            text: "<OFX>\n<NAME>x\n</OFX>\n<STMTTRN>\n<NAME>after\n</FOO>\n",
            events: ["start OFX @1:1", "leaf NAME=x @2:1", "end OFX @3:1"]),
        .init(
            testDescription: "a value holding a > sign is kept whole",
            text: "<OFX>\n<MEMO>a > b\n</OFX>",
            events: ["start OFX @1:1", "leaf MEMO=a > b @2:1", "end OFX @3:1"]),
        .init(
            testDescription: "multi-byte UTF-8 before a tag counts in bytes for the column",
            text: "<OFX><NAME>Café<MEMO>x</OFX>",
            events: ["start OFX @1:1", "leaf NAME=Café @1:6", "leaf MEMO=x @1:17", "end OFX @1:24"]),
        .init(
            testDescription: "a second document after </OFX>: its header skipped, its body read, lines counted",
            text: "<OFX>\n<NAME>a\n</OFX>\r\nOFXHEADER:100\r\nDATA:OFXSGML\r\n\r\n<ofx>\n<NAME>b\n</ofx>\n",
            events: ["start OFX @1:1", "leaf NAME=a @2:1", "end OFX @3:1", "start OFX @7:1", "leaf NAME=b @8:1", "end OFX @9:1"]),
        .init(
            testDescription: "a second 2.x document after </OFX>: the XML declaration and <?OFX?> skipped",
            text: "<OFX><NAME>a</NAME></OFX><?xml version=\"1.0\"?><?OFX VERSION=\"220\"?><OFX ><NAME>b</NAME></OFX>",
            events: ["start OFX @1:1", "leaf NAME=a @1:6", "end OFX @1:20", "start OFX @1:68", "leaf NAME=b @1:74", "end OFX @1:88"]),
        .init(
            testDescription: "tags and text after the last </OFX> are skipped, not reported",
            text: "<OFX>\n</OFX>\n</STMTTRN><OFXISH>x<html>\n<OF",
            events: ["start OFX @1:1", "end OFX @2:1"]),
        .init(
            testDescription: "a body without <OFX>: each top-level aggregate read in turn",
            text: "<SIGNONMSGSRSV1>\n<SONRS>\n</SIGNONMSGSRSV1>\n<BANKMSGSRSV1>\n<STMTTRN>\n<NAME>x\n</STMTTRN>\n</BANKMSGSRSV1>",
            events: [
                "start SIGNONMSGSRSV1 @1:1", "start SONRS @2:1", "end SONRS @3:1", "end SIGNONMSGSRSV1 @3:1",
                "start BANKMSGSRSV1 @4:1", "start STMTTRN @5:1", "leaf NAME=x @6:1", "end STMTTRN @7:1", "end BANKMSGSRSV1 @8:1",
            ]),
        .init(
            testDescription: "a tag name with attributes (<OFX VERSION=\"102\">) is the name before the space",
            text: "<OFX VERSION=\"102\">\n<NAME>x\n</OFX>",
            events: ["start OFX @1:1", "leaf NAME=x @2:1", "end OFX @3:1"]),
        .init(
            testDescription: "leaves closed as if nested (<CODE>0 <SEVERITY>INFO </SEVERITY></CODE>): the late end tags are strays",
            text: "<OFX>\n<STATUS>\n<CODE>0\n <SEVERITY>INFO\n  <MESSAGE>OK\n  </MESSAGE>\n </SEVERITY>\n</CODE>\n</STATUS>\n</OFX>",
            events: [
                "start OFX @1:1", "start STATUS @2:1", "leaf CODE=0 @3:1", "leaf SEVERITY=INFO @4:2", "leaf MESSAGE=OK @5:3",
                "problem strayEndTag(\"SEVERITY\") @7:2", "problem strayEndTag(\"CODE\") @8:1", "end STATUS @9:1", "end OFX @10:1",
            ]),
        .init(
            testDescription: "an unknown element the file opened before, closed late, is a stray; one never opened is unbalanced",
            text: "<OFX>\n<INTU.BID>1\n<NAME>x\n</INTU.BID>\n</INTU.XFER>\n</OFX>",
            events: [
                "start OFX @1:1", "leaf ?=1 @2:1", "leaf NAME=x @3:1", "problem strayEndTag(\"INTU.BID\") @4:1",
                "problem unexpectedEndTag(\"INTU.XFER\") @5:1", "end OFX @6:1",
            ]),
        .init(
            testDescription: "an aggregate closed a second time right after another one closed is a stray",
            text: "<OFX>\n<BANKTRANLIST>\n</BANKTRANLIST>\n<STMTTRN>\n<NAME>x\n</STMTTRN>\n</BANKTRANLIST>\n</OFX>",
            events: [
                "start OFX @1:1", "start BANKTRANLIST @2:1", "end BANKTRANLIST @3:1", "start STMTTRN @4:1", "leaf NAME=x @5:1",
                "end STMTTRN @6:1", "problem strayEndTag(\"BANKTRANLIST\") @7:1", "end OFX @8:1",
            ]),
        .init(
            testDescription: "an aggregate's end tag after a leaf it may have been meant to hold, or never opened, is unbalanced",
            text: "<OFX>\n<STMTTRN>\n<NAME>a\n</STMTTRN>\n<NAME>b\n</STMTTRN>\n</BANKTRANLIST>\n</OFX>",
            events: [
                "start OFX @1:1", "start STMTTRN @2:1", "leaf NAME=a @3:1", "end STMTTRN @4:1", "leaf NAME=b @5:1",
                "problem unexpectedEndTag(\"STMTTRN\") @6:1", "problem unexpectedEndTag(\"BANKTRANLIST\") @7:1", "end OFX @8:1",
            ]),
    ]

    @Test(arguments: cases)
    func events(_ c: Case) throws {
        let recorder = try Self.eventsInAnyChunks(Array(c.text.utf8))
        #expect(recorder.events == c.events)
    }

    @Test("no line breaks anywhere: every position is on line 1 and columns strictly increase")
    func oneLine() throws {
        let text =
            "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS></SONRS></SIGNONMSGSRSV1>"
            + "<BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1"
            + "<FITID>1<NAME>A</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>"
        let recorder = try Self.eventsInAnyChunks(Array(text.utf8))
        #expect(recorder.events.count == 25)
        #expect(recorder.positions.allSatisfy { $0.line == 1 })
        // End events that close several elements share a column; otherwise each event is further right.
        let columns = recorder.positions.map(\.column)
        #expect(zip(columns, columns.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(Set(columns).count == 25)
        #expect(recorder.events.last == "end OFX @1:\(text.utf8.count - 5)")
    }

    @Test("firstLine numbers the body's lines as the file's, after the header")
    func firstLine() throws {
        let recorder = try Self.eventsInAnyChunks(Array("<OFX>\n<NAME>x\n</OFX>".utf8), firstLine: 11)
        #expect(recorder.events == ["start OFX @11:1", "leaf NAME=x @12:1", "end OFX @13:1"])
    }

    // MARK: Entities

    struct EntityCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let value: String
        let decoded: String
    }

    static let entityCases: [EntityCase] = [
        .init(testDescription: "&amp; is &", value: "Marks &amp; Spencer", decoded: "Marks & Spencer"),
        .init(testDescription: "&lt; and &gt; are < and >", value: "&lt;card 1234&gt;", decoded: "<card 1234>"),
        .init(testDescription: "&quot; and &apos; are quotes", value: "&quot;Joe&apos;s&quot;", decoded: "\"Joe's\""),
        .init(testDescription: "&nbsp; is a no-break space", value: "A&nbsp;B", decoded: "A\u{A0}B"),
        .init(testDescription: "decimal &#233; is é", value: "Caf&#233;", decoded: "Café"),
        .init(testDescription: "hexadecimal &#xE9; and &#XE9; are é", value: "Caf&#xE9; Caf&#XE9;", decoded: "Café Café"),
        .init(testDescription: "entity names in upper case (&AMP;) are decoded", value: "A &AMP; B", decoded: "A & B"),
        .init(testDescription: "a character reference outside the BMP", value: "&#x1F600;!", decoded: "\u{1F600}!"),
        .init(testDescription: "bare & in AT&T is kept as written", value: "AT&T WIRELESS", decoded: "AT&T WIRELESS"),
        .init(testDescription: "bare & in B&H with a later semicolon is kept", value: "B&H PHOTO; NY", decoded: "B&H PHOTO; NY"),
        .init(testDescription: "an unknown entity is kept as written", value: "&euro;5", decoded: "&euro;5"),
        .init(testDescription: "&amp without its semicolon is kept as written", value: "A &amp B", decoded: "A &amp B"),
        .init(testDescription: "an empty or invalid character reference is kept", value: "&#; &#xD800; &#x;", decoded: "&#; &#xD800; &#x;"),
        .init(testDescription: "a trailing & is kept", value: "R&", decoded: "R&"),
        .init(testDescription: "a double-escaped &amp;amp; decodes once", value: "&amp;amp;", decoded: "&amp;"),
    ]

    @Test(arguments: entityCases)
    func entities(_ c: EntityCase) throws {
        let recorder = try Self.eventsInAnyChunks(Array("<OFX>\n<NAME>\(c.value)\n<MEMO>next\n</OFX>".utf8))
        #expect(recorder.leafValues.count == 2)
        #expect(recorder.leafValues.first == Array(c.decoded.utf8))
        #expect(recorder.leafValues.last == Array("next".utf8), "decoding must not disturb the next leaf")
    }

    // MARK: Limits

    @Test("a text longer than the limit is reported at its tag and skipped, the rest is read")
    func textTooLong() throws {
        let long = String(repeating: "x", count: 100)
        let text = "<OFX>\n<STMTTRN>\n<NAME>Short\n<MEMO>\(long)\n<TRNAMT>-1.00\n</STMTTRN>\n</OFX>\n"
        let expected = [
            "start OFX @1:1", "start STMTTRN @2:1", "leaf NAME=Short @3:1", "problem textTooLong(limit: 64) @4:1",
            "leaf TRNAMT=-1.00 @5:1", "end STMTTRN @6:1", "end OFX @7:1",
        ]
        let recorder = try Self.eventsInAnyChunks(Array(text.utf8), maxTextBytes: 64)
        #expect(recorder.events == expected)
    }

    @Test("a text longer than the limit spanning CRLF lines keeps the line numbers after it")
    func textTooLongOverLines() throws {
        let long = Array(repeating: "y", count: 30).joined(separator: "\r\n")  // 88 bytes, 29 line breaks
        let text = "<OFX>\r\n<MEMO>\(long)\r\n<NAME>after\r\n</OFX>\r\n"
        let recorder = try Self.eventsInAnyChunks(Array(text.utf8), maxTextBytes: 64)
        #expect(recorder.events == ["start OFX @1:1", "problem textTooLong(limit: 64) @2:1", "leaf NAME=after @32:1", "end OFX @33:1"])
    }

    @Test(
        "the parser keeps at most about the limit unconsumed while a long text arrives in small chunks",
        arguments: [1, 2, 7, 16])
    func boundedBuffer(chunk: Int) throws {
        let text = "<OFX>\n<MEMO>" + String(repeating: "z", count: 10_000) + "\n<NAME>after\n</OFX>\n"
        let run = try Self.parse(text, chunk: chunk, maxTextBytes: 64)
        #expect(run.maxBuffered <= 64 + 6 + chunk, "'<MEMO>' and the text up to the limit, plus one chunk")
        #expect(
            run.recorder.events == [
                "start OFX @1:1", "problem textTooLong(limit: 64) @2:1", "leaf NAME=after @3:1",
                "end OFX @4:1",
            ])
    }

    @Test("a huge tag without '>' is reported once as unterminated, the rest is read")
    func hugeTag() throws {
        let text = "<OFX>\n<STMTTRN>\n<" + String(repeating: "A", count: 200) + "\n<NAME>after\n</STMTTRN>\n</OFX>\n"
        let recorder = try Self.eventsInAnyChunks(Array(text.utf8), maxTextBytes: 64)
        #expect(
            recorder.events == [
                "start OFX @1:1", "start STMTTRN @2:1", "problem unterminatedTag @3:1", "leaf NAME=after @4:1",
                "end STMTTRN @5:1", "end OFX @6:1",
            ])
    }

    @Test("a huge tag without '>' at the end of the file: unterminated, then truncated", arguments: [nil, 1, 3, 64] as [Int?])
    func hugeTagAtEnd(chunk: Int?) throws {
        let text = "<OFX>\n<" + String(repeating: "A", count: 200)
        let run = try Self.parse(text, chunk: chunk, maxTextBytes: 64)
        #expect(
            run.recorder.events == [
                "start OFX @1:1", "problem unterminatedTag @2:1",
                "problem truncated(\"OFX\", openedOnLine: 1) fatal @2:202",
            ])
        if chunk != nil { #expect(run.maxBuffered <= 64 + (chunk ?? 0)) }
    }

    @Test("a comment longer than the limit without '-->' is unterminated, whatever the chunks; the rest is read")
    func hugeComment() throws {
        let text = "<OFX>\n<!-- " + String(repeating: "A", count: 200) + "\n<NAME>after\n</OFX>\n"
        let recorder = try Self.eventsInAnyChunks(Array(text.utf8), maxTextBytes: 64)
        #expect(recorder.events == ["start OFX @1:1", "problem unterminatedTag @2:1", "leaf NAME=after @3:1", "end OFX @4:1"])
    }

    @Test("a 1 MiB-limit parser reads a 100 kB value whole")
    func underDefaultLimit() throws {
        let long = String(repeating: "n", count: 100_000)
        let run = try Self.parse("<OFX><MEMO>\(long)</OFX>", chunk: 4096)
        #expect(run.recorder.leafValues == [Array(long.utf8)])
        #expect(run.recorder.problems.isEmpty)
    }
}
