import FinanceCore
import Testing

@testable import StatementFormats

/// The fast path for records in the writer's shape must answer exactly as the general path: the
/// same activities (every field, id and source included) and the same diagnostics, for any line.
/// Each case is read twice, with and without the fast path, and compared; the cases the fast path
/// should take are also checked to be taken, so that the comparison is not vacuous.
@Suite struct JSONLinesFastPathTests {
    /// Reads `lines` through one mapper, as the reader would.
    static func read(_ lines: [[UInt8]], fast: Bool, options: ReadOptions = ReadOptions()) throws -> Collector {
        var collector = Collector()
        let mapper = JSONLinesMapper(file: "in.jsonl", options: options, usesFastPath: fast)
        for (i, line) in lines.enumerated() {
            try line.withUnsafeBufferPointer { try mapper.map($0, number: i + 1, into: &collector) }
        }
        return collector
    }

    /// Whether the fast path alone reads `line` (rather than leaving it to the general path).
    static func taken(_ line: [UInt8]) -> Bool {
        let fast = JSONLinesFastPath(scratch: ByteBuffer(capacity: 64))
        var record = JSONLinesRecord()
        var fields = JSONLinesFieldReader()
        return line.withUnsafeBufferPointer { fast.read($0, into: &record, fields: &fields) }
    }

    static func expectSame(
        _ lines: [[UInt8]], options: ReadOptions = ReadOptions(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let fast = try read(lines, fast: true, options: options)
        let general = try read(lines, fast: false, options: options)
        #expect(fast.activities == general.activities, sourceLocation: sourceLocation)
        #expect(fast.diagnostics == general.diagnostics, sourceLocation: sourceLocation)
    }

    /// A name whose special character sits at `offset` of the string's content, so that it falls
    /// at every position of the 8-byte words the string search reads.
    static func names(around special: String) -> [String] {
        (0..<18).flatMap { offset in
            [String(repeating: "a", count: offset) + special, String(repeating: "b", count: offset) + special + "tail end"]
        }
    }

    static let specials = [
        #"\""#, #"\\"#, #"\/"#, #"\n"#, #"\t"#, #"\u00e9"#, #"\u00E9"#, #"\u0000"#, #"\ud83d\ude00"#, #"\uD83D\uDE00"#,
        "é", "東", "😀", "\u{7F}",
    ]

    @Test("escapes and non-ASCII at every offset of a word: fast path taken, same answer", arguments: specials)
    func special(_ special: String) throws {
        let lines = Self.names(around: special).map { Array(record(["name": "\"\($0)\"", "memo": "\"\($0)\""]).utf8) }
        for line in lines { #expect(Self.taken(line), "\(String(decoding: line, as: UTF8.self))") }
        try Self.expectSame(lines)
    }

    static let brokenSpecials = [#"\u12"#, #"\x"#, #"\q"#, #"\ud83d"#, #"\ude00"#, #"\ud83d\u0041"#, "\t", "\u{1}"]

    @Test("bad escapes and raw control characters at every offset: left to the general path", arguments: brokenSpecials)
    func brokenSpecial(_ special: String) throws {
        let lines = Self.names(around: special).map { Array(record(["name": "\"\($0)\""]).utf8) }
        for line in lines { #expect(!Self.taken(line), "\(String(decoding: line, as: UTF8.self))") }
        try Self.expectSame(lines)
    }

    @Test("ill-formed UTF-8 at every offset: left to the general path", arguments: [0x80, 0xC3, 0xE2, 0xED, 0xF4, 0xFF, 0xC0] as [UInt8])
    func invalidUTF8(_ byte: UInt8) throws {
        let lines = Self.names(around: "¤").map { splice(record(["name": "\"\($0)\""]), byte) }
        for line in lines { #expect(!Self.taken(line)) }
        try Self.expectSame(lines)
    }

    struct LineCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let line: String
        /// Whether the fast path should read it alone.
        let fast: Bool
    }

    static let lineCases: [LineCase] = [
        .init(testDescription: "as the writer writes it", line: record(), fast: true),
        .init(
            testDescription: "every field set",
            line: record([
                "account": #""Checking""#, "address": #""Main St 1""#, "memo": #""POS 0503""#, "category": #""Food:Groceries""#,
                "fitid": #""20240503001""#, "checkNumber": #""1001""#,
            ]), fast: true),
        .init(
            testDescription: "every optional field null",
            line: record(["id": "null", "currency": "null", "type": "null", "source": "null"]), fast: true),
        .init(testDescription: "optional keys left out", line: #"{"date":"2024-05-03","name":"Coffee","amount":"-3.50"}"#, fast: true),
        .init(testDescription: "an id that is not pfin's", line: record(["id": #""4F2A-99""#]), fast: true),
        .init(testDescription: "an id in upper case", line: record(["id": #""00000000000000A1""#]), fast: true),
        .init(testDescription: "a source without a line", line: record(["source": #""bank.csv""#]), fast: true),
        .init(testDescription: "an escaped date", line: record(["date": #""2024\u002d05-03""#]), fast: false),
        .init(testDescription: "CR LF line end", line: record() + "\r", fast: true),
        .init(testDescription: "keys in another order", line: #"{"name":"Coffee","date":"2024-05-03","amount":"-3.50"}"#, fast: false),
        .init(testDescription: "an unknown key", line: record(["tags": "[1,2]"]), fast: false),
        .init(testDescription: "a duplicate key", line: record(["tags": "1"]).replacingOccurrences(of: #""tags":1"#, with: #""memo":"x""#), fast: false),
        .init(testDescription: "whitespace between tokens", line: record().replacingOccurrences(of: ",", with: " , "), fast: false),
        .init(testDescription: "leading whitespace", line: " " + record(), fast: false),
        .init(testDescription: "an amount as a number", line: record(["amount": "-3.5"]), fast: false),
        .init(testDescription: "a huge amount", line: record(["amount": #""1234567890123456789.5""#]), fast: false),
        .init(testDescription: "an amount with an exponent", line: record(["amount": #""1e3""#]), fast: false),
        .init(testDescription: "a day that does not exist", line: record(["date": #""2023-02-29""#]), fast: false),
        .init(testDescription: "a name that is null", line: record(["name": "null"]), fast: false),
        .init(testDescription: "a currency in lower case", line: record(["currency": #""eur""#]), fast: true),
        .init(testDescription: "a bad currency", line: record(["currency": #""EURO""#]), fast: false),
        .init(testDescription: "a type in capitals", line: record(["type": #""Income""#]), fast: false),
        .init(testDescription: "an id that is a number", line: record(["id": "12"]), fast: false),
        .init(testDescription: "nulls followed by letters", line: record(["memo": "nullx"]), fast: false),
        .init(testDescription: "text after the object", line: record() + "x", fast: false),
        .init(testDescription: "a second object", line: record() + record(), fast: false),
        .init(testDescription: "the required name missing", line: record(["name": nil]), fast: false),
        .init(testDescription: "an empty object", line: "{}", fast: false),
        .init(testDescription: "a blank line", line: "   ", fast: false),
        .init(testDescription: "a backslash before the closing quote", line: record(["name": #""Coffee\""#]), fast: false),
        .init(testDescription: "an unterminated last string", line: #"{"date":"2024-05-03","amount":"-3.50","name":"Cof"#, fast: false),
    ]

    @Test("whole lines", arguments: lineCases)
    func line(_ c: LineCase) throws {
        let line = Array(c.line.utf8)
        #expect(Self.taken(line) == c.fast)
        try Self.expectSame([line])
        try Self.expectSame([line], options: ReadOptions(account: "Other", currency: CurrencyCode("EUR")))
    }

    @Test("a record cut at every byte, and with every byte dropped")
    func truncated() throws {
        let full = Array(record(["memo": #""Caf\u00e9 Zürich""#, "category": #""Food""#]).utf8)
        let cut = (0...full.count).map { Array(full[..<$0]) }
        let dropped = full.indices.map { i in Array(full[..<i] + full[(i + 1)...]) }
        try Self.expectSame(cut + dropped)
    }

    @Test("categories and accounts that alternate and collide in the text cache")
    func repeatedTexts() throws {
        let texts = (0..<300).map { "Category \($0 % 97) " + String(repeating: "x", count: $0 % 40) }
        let lines = texts.map { Array(record(["category": "\"\($0)\"", "account": "\"\($0.prefix(9))\""]).utf8) }
        try Self.expectSame(lines)
        let read = try Self.read(lines, fast: true)
        #expect(read.activities.map { $0.category } == texts)
    }
}
