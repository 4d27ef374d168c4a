import Testing

@testable import StatementFormats

/// What the tokenizer made of an input: records (as trimmed strings), their lines, and problems.
struct Tokenized: Equatable, CustomStringConvertible {
    var records: [[String]] = []
    var lines: [Int] = []
    var problems: [CSVTokenProblem] = []

    var description: String { "records \(records) at lines \(lines), problems \(problems)" }
}

/// Drives a `CSVTokenizer` as a reader does: feeds `bytes` in chunks of `chunk`, keeps the unconsumed
/// tail for the next call, abandons the incomplete record once more than `maxRecordBytes` stay
/// unconsumed, and finishes with `isFinal`.
func tokenize(_ bytes: [UInt8], chunk: Int, delimiter: UInt8 = UInt8(ascii: ","), maxRecordBytes: Int = 1 << 20) -> Tokenized {
    let tokenizer = CSVTokenizer(delimiter: delimiter, maxRecordBytes: maxRecordBytes)
    var result = Tokenized()
    var buffer: [UInt8] = []
    func run(isFinal: Bool) {
        let consumed = buffer.withUnsafeBufferPointer { input in
            tokenizer.tokenize(
                input, isFinal: isFinal,
                onRecord: { record in
                    result.records.append(record.strings)
                    result.lines.append(record.line)
                }, onProblem: { result.problems.append($0) })
        }
        #expect(consumed <= buffer.count)
        buffer.removeFirst(consumed)
    }
    var offset = 0
    while offset < bytes.count {
        let end = min(offset + chunk, bytes.count)
        buffer += bytes[offset..<end]
        offset = end
        run(isFinal: false)
        while buffer.count > maxRecordBytes {
            let dropped = buffer.withUnsafeBufferPointer { tokenizer.abandonIncompleteRecord($0, onProblem: { result.problems.append($0) }) }
            #expect(dropped > 0, "abandoning must make progress")
            buffer.removeFirst(dropped)
            run(isFinal: false)
        }
    }
    run(isFinal: true)
    #expect(buffer.isEmpty, "a final call consumes everything")
    return result
}

func tokenize(_ text: String, chunk: Int = .max, delimiter: Character = ",", maxRecordBytes: Int = 1 << 20) -> Tokenized {
    tokenize(Array(text.utf8), chunk: chunk, delimiter: delimiter.asciiValue!, maxRecordBytes: maxRecordBytes)
}

/// The chunk sizes for which tokenizing `bytes` does not give `expected`, and the first wrong result.
func chunkSizesFailing(
    _ bytes: [UInt8], _ chunks: [Int], maxRecordBytes: Int = 1 << 20, delimiter: UInt8 = UInt8(ascii: ","),
    expected: Tokenized
) -> (chunks: [Int], first: Tokenized?) {
    var failing: [Int] = []
    var first: Tokenized?
    for chunk in chunks {
        let result = tokenize(bytes, chunk: chunk, delimiter: delimiter, maxRecordBytes: maxRecordBytes)
        if result != expected {
            failing.append(chunk)
            if first == nil { first = result }
        }
    }
    return (failing, first)
}

@Suite struct CSVTokenizerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let input: String
        let delimiter: Character
        let records: [[String]]
        let lines: [Int]
        init(_ name: String, _ input: String, delimiter: Character = ",", _ records: [[String]], lines: [Int]) {
            self.name = name; self.input = input; self.delimiter = delimiter; self.records = records; self.lines = lines
        }
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        .init("LF line endings", "a,b\nc,d\n", [["a", "b"], ["c", "d"]], lines: [1, 2]),
        .init("missing final newline", "a,b\nc,d", [["a", "b"], ["c", "d"]], lines: [1, 2]),
        .init("CRLF line endings", "a,b\r\nc,d\r\n", [["a", "b"], ["c", "d"]], lines: [1, 2]),
        .init("lone CR line endings (old Mac)", "a,b\rc,d\r", [["a", "b"], ["c", "d"]], lines: [1, 2]),
        .init("mixed line endings", "a\nb\r\nc\rd", [["a"], ["b"], ["c"], ["d"]], lines: [1, 2, 3, 4]),
        .init("CR CR is two line ends", "a\r\rb\n", [["a"], [""], ["b"]], lines: [1, 2, 3]),
        .init("empty input", "", [], lines: []),
        .init("single newline is one blank record", "\n", [[""]], lines: [1]),
        .init("blank line in the middle", "a\n\nb\n", [["a"], [""], ["b"]], lines: [1, 2, 3]),
        .init("quoted field holding the delimiter", "\"a,b\",c\n", [["a,b", "c"]], lines: [1]),
        .init("doubled quotes inside quotes", "\"say \"\"hi\"\"\",x\n", [["say \"hi\"", "x"]], lines: [1]),
        .init("field of one escaped quote", "\"\"\"\"\n", [["\""]], lines: [1]),
        .init("empty quoted field", "\"\",x\n", [["", "x"]], lines: [1]),
        .init(
            "embedded LF counted in line numbers", "\"multi\nline\",x\nnext,y\n",
            [["multi\nline", "x"], ["next", "y"]], lines: [1, 3]),
        .init("embedded CRLF counted once", "\"a\r\nb\",x\r\nnext\r\n", [["a\r\nb", "x"], ["next"]], lines: [1, 3]),
        .init("several embedded newlines", "\"1\n2\n3\"\n\"4\n5\"\nz", [["1\n2\n3"], ["4\n5"], ["z"]], lines: [1, 4, 6]),
        .init(
            "quoted delimiter, newline and quote together", "id,\"memo, \"\"x\"\"\nmore\",9\n",
            [["id", "memo, \"x\"\nmore", "9"]], lines: [1]),
        .init("trailing delimiter gives an empty last field", "a,b,\nc,d,\n", [["a", "b", ""], ["c", "d", ""]], lines: [1, 2]),
        .init("trailing delimiter at the end of the input", "a,b,", [["a", "b", ""]], lines: [1]),
        .init("delimiters only", ",,\n", [["", "", ""]], lines: [1]),
        .init("quoted last field without final newline", "a,\"b\"", [["a", "b"]], lines: [1]),
        .init("quoted field then lone CR at the end", "\"a\"\r", [["a"]], lines: [1]),
        .init("quoted field then CRLF", "\"a\",\"b\"\r\nc\r\n", [["a", "b"], ["c"]], lines: [1, 2]),
        .init("quote inside an unquoted field is literal", "ab\"c,d\n", [["ab\"c", "d"]], lines: [1]),
        .init("irregular text after closing quote kept", "\"abc\"def,g\n", [["abcdef", "g"]], lines: [1]),
        .init("irregular text with an escaped quote", "\"a\"\"b\"c,d\n", [["a\"bc", "d"]], lines: [1]),
        .init("irregular text at the end of the input", "x,\"abc\"def", [["x", "abcdef"]], lines: [1]),
        .init("space after closing quote (trimmed)", "\"a\" ,b\n", [["a", "b"]], lines: [1]),
        .init("spaces around unquoted fields trimmed", " a , b \n", [["a", "b"]], lines: [1]),
        .init("padding inside quotes is trimmed too", "\"  a  \",b\n", [["a", "b"]], lines: [1]),
        .init("UTF-8 fields", "Café,€ 12,\"Zoë\"\n", [["Café", "€ 12", "Zoë"]], lines: [1]),
        .init("semicolon delimiter", "a;\"b;c\";d,e\n", delimiter: ";", [["a", "b;c", "d,e"]], lines: [1]),
        .init("tab delimiter", "a\t\"b\tc\"\td\n", delimiter: "\t", [["a", "b\tc", "d"]], lines: [1]),
        .init("pipe delimiter with empty fields", "|a||\n", delimiter: "|", [["", "a", "", ""]], lines: [1]),
    ]

    /// Every case, fed whole and in every chunk size down to one byte, gives the same records.
    @Test(arguments: cases)
    func records(_ c: Case) {
        let bytes = Array(c.input.utf8)
        let expected = Tokenized(records: c.records, lines: c.lines, problems: [])
        #expect(tokenize(bytes, chunk: .max, delimiter: c.delimiter.asciiValue!) == expected)
        let sweep = chunkSizesFailing(bytes, Array(1...max(1, bytes.count)), delimiter: c.delimiter.asciiValue!, expected: expected)
        #expect(sweep.chunks.isEmpty, "first wrong: \(String(describing: sweep.first))")
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        let name: String
        let input: String
        let records: [[String]]
        let lines: [Int]
        let problems: [CSVTokenProblem]
        var testDescription: String { name }
    }

    static func unterminated(line: Int, column: Int) -> CSVTokenProblem {
        CSVTokenProblem(kind: .unterminatedQuote, line: line, column: column)
    }

    static let broken: [Broken] = [
        .init(
            name: "unterminated quote: reading resumes on the next line", input: "a,\"b\nc,d\n",
            records: [["c", "d"]], lines: [2], problems: [unterminated(line: 1, column: 3)]),
        .init(
            name: "unterminated quote after good records", input: "x,y\nok,\"bad\nnext,1\nlast,2\n",
            records: [["x", "y"], ["next", "1"], ["last", "2"]], lines: [1, 3, 4], problems: [unterminated(line: 2, column: 4)]),
        .init(
            name: "unterminated quote: column counts characters, not bytes", input: "é€,\"b\nc\n",
            records: [["c"]], lines: [2], problems: [unterminated(line: 1, column: 4)]),
        .init(
            name: "unterminated quote at the very start, no newline", input: "\"abc",
            records: [], lines: [], problems: [unterminated(line: 1, column: 1)]),
        .init(
            name: "unterminated quote on the last line", input: "a\n\"b,c", records: [["a"]], lines: [1],
            problems: [unterminated(line: 2, column: 1)]),
        .init(
            name: "unterminated quote with CRLF resumes after the CRLF", input: "\"a\r\nb\r\n",
            records: [["b"]], lines: [2], problems: [unterminated(line: 1, column: 1)]),
        .init(
            name: "unterminated quote: a doubled quote inside does not close it", input: "\"a\"\"b\nc\n",
            records: [["c"]], lines: [2], problems: [unterminated(line: 1, column: 1)]),
        // Reading resumes after the line that opened the quote, so the quote is reported once.
        .init(
            name: "unterminated quote in a record that began with a multi-line field is reported once",
            input: "\"ok\nfine\",\"bad\nnext\n", records: [["next"]], lines: [3], problems: [unterminated(line: 2, column: 7)]),
    ]

    /// Problems are found alike whole and byte by byte (with no record-length limit in play).
    @Test(arguments: broken)
    func unterminatedQuotes(_ c: Broken) {
        let bytes = Array(c.input.utf8)
        let expected = Tokenized(records: c.records, lines: c.lines, problems: c.problems)
        #expect(tokenize(bytes, chunk: .max) == expected)
        let sweep = chunkSizesFailing(bytes, Array(1...bytes.count), expected: expected)
        #expect(sweep.chunks.isEmpty, "first wrong: \(String(describing: sweep.first))")
    }

    static func overlong(line: Int) -> CSVTokenProblem {
        CSVTokenProblem(kind: .overlongRecord(limit: 16), line: line, column: 1)
    }

    /// A line longer than the limit that never completes within it is reported and skipped; the
    /// records after it keep their line numbers.
    @Test(arguments: ["\n", "\r\n", "\r"])
    func overlongRecordSkipped(lineEnd: String) {
        let input = ["ok,1", String(repeating: "x", count: 60) + ",2", "next,3", "last,4"].joined(separator: lineEnd) + lineEnd
        let expected = Tokenized(records: [["ok", "1"], ["next", "3"], ["last", "4"]], lines: [1, 3, 4], problems: [Self.overlong(line: 2)])
        // With chunks of up to 16 bytes the limit is always crossed before the line ends.
        let sweep = chunkSizesFailing(Array(input.utf8), Array(1...16), maxRecordBytes: 16, expected: expected)
        // A chunk may end between the CR and the LF of the skipped line's CRLF; lines stay right.
        #expect(sweep.chunks.isEmpty, "first wrong: \(String(describing: sweep.first))")
    }

    @Test func recordCompleteWithinOneChunkIsNotOverlong() {
        // The limit bounds what stays unconsumed, not the length of a record that arrives whole.
        let input = "ok,1\n" + String(repeating: "x", count: 60) + "\nnext\n"
        let result = tokenize(Array(input.utf8), chunk: .max, maxRecordBytes: 16)
        #expect(result.problems.isEmpty)
        #expect(result.records.count == 3)
    }

    /// A quote left open past the limit is reported where it opened, and reading resumes on the
    /// line after it, whatever the chunk size.
    @Test func unterminatedQuotePastTheLimit() {
        let input = "ok,1\n\"abc\n" + (3...9).map { "r\($0),\($0)\n" }.joined()
        let expected = Tokenized(
            records: [["ok", "1"]] + (3...9).map { ["r\($0)", "\($0)"] }, lines: [1] + Array(3...9),
            problems: [Self.unterminated(line: 2, column: 1)])
        let sweep = chunkSizesFailing(
            Array(input.utf8), [Int.max] + Array(1...input.utf8.count), maxRecordBytes: 16,
            expected: expected)
        // The open quote's position is kept relative to its record, so it is right even when the
        // same call emitted records before stopping inside the quote.
        #expect(sweep.chunks.isEmpty, "first wrong: \(String(describing: sweep.first))")
    }

    /// Line numbers follow what an editor shows: a lone CR ends a line inside quotes as well as outside.
    @Test func loneCRInsideQuotesCountsAsALine() {
        let result = tokenize("\"x\ry\",z\rnext\r")
        #expect(result.records == [["x\ry", "z"], ["next"]])
        // A lone CR inside a quoted field ends a line too, as it does between records.
        #expect(result.lines == [1, 3])
    }

    @Test func tokenizerLineTracksRecordStarts() {
        let tokenizer = CSVTokenizer(delimiter: UInt8(ascii: ","))
        let bytes = Array("a\n\"b\nc\"\nd".utf8)
        let consumed = bytes.withUnsafeBufferPointer {
            tokenizer.tokenize($0, isFinal: false, onRecord: { _ in }, onProblem: { _ in Issue.record("no problem expected") })
        }
        #expect(consumed == 8, "the last line may continue in the next chunk")
        #expect(tokenizer.line == 4)
    }

    // MARK: CSVRecord

    @Test func fieldLocations() {
        let tokenizer = CSVTokenizer(delimiter: UInt8(ascii: ","))
        let bytes = Array("h\né,\"b\nc\",d\n".utf8)
        var locations: [[String]] = []
        _ = bytes.withUnsafeBufferPointer {
            tokenizer.tokenize(
                $0, isFinal: true,
                onRecord: { record in
                    var row = (0..<record.count).map { "\(record.location(ofField: $0))" }
                    row.append("end \(record.endLocation)")
                    row.append(record.rawText)
                    locations.append(row)
                }, onProblem: { _ in })
        }
        #expect(
            locations == [
                ["(line: 1, column: 1)", "end (line: 1, column: 2)", "h"],
                // the quoted field starts at its opening quote; é is one column
                ["(line: 2, column: 1)", "(line: 2, column: 3)", "(line: 3, column: 4)", "end (line: 3, column: 5)", "é,\"b\nc\",d"],
            ])
    }

    @Test(arguments: [
        // Quoted empty fields are empty too: Quicken writes `""` lines between its table and totals.
        ("\n", true), (",,\n", true), ("\"\"\n", true), (",\"\"\n", true), (" \n", false), ("a\n", false),
    ])
    func blankRecords(_ input: String, isBlank: Bool) {
        let tokenizer = CSVTokenizer(delimiter: UInt8(ascii: ","))
        var seen: [Bool] = []
        _ = Array(input.utf8).withUnsafeBufferPointer {
            tokenizer.tokenize($0, isFinal: true, onRecord: { seen.append($0.isBlank) }, onProblem: { _ in })
        }
        #expect(seen == [isBlank])
    }

    @Test func invalidUTF8InAField() {
        let tokenizer = CSVTokenizer(delimiter: UInt8(ascii: ","))
        var checked = false
        _ = [0x61, 0xFF, 0x2C, 0x62, 0x0A].withUnsafeBufferPointer {
            tokenizer.tokenize(
                $0, isFinal: true,
                onRecord: { record in
                    #expect(record.validatedString(0) == nil, "invalid UTF-8 is flagged")
                    #expect(record.string(0) == "a\u{FFFD}", "or replaced")
                    #expect(record.validatedString(1) == "b")
                    checked = true
                }, onProblem: { _ in })
        }
        #expect(checked)
    }
}
