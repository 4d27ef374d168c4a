import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// The file around the records: line breaks, byte-order mark, blank lines, long lines, and
/// records cut across chunk boundaries.
@Suite struct JSONLinesStreamingTests {
    static let a = #"{"date":"2024-05-01","amount":"-1.00","name":"A"}"#
    static let b = #"{"date":"2024-05-02","amount":"-2.00","name":"B","memo":"Zürich 😀"}"#
    static let bad = #"{"date":"2024-05-03","amount":"x","name":"C"}"#

    struct LayoutCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let bytes: [UInt8]
        /// Names read, each with the line it came from: `A@1`.
        let read: [String]
        /// Diagnostics as `brief(_:)` writes them.
        let problems: [String]
    }

    static let layoutCases: [LayoutCase] = [
        .init(testDescription: "LF", bytes: Array("\(a)\n\(b)\n".utf8), read: ["A@1", "B@2"], problems: []),
        .init(
            testDescription: "CRLF, with a bad line: columns as with LF",
            bytes: Array("\(a)\r\n\(bad)\r\n\(b)\r\n".utf8), read: ["A@1", "B@3"],
            problems: [#"2:31: error: expected a decimal amount like "-54.20" in "amount", found 'x'"#]),
        .init(testDescription: "no line break after the last record", bytes: Array("\(a)\n\(b)".utf8), read: ["A@1", "B@2"], problems: []),
        .init(
            testDescription: "no line break after a bad last record", bytes: Array("\(a)\n\(bad)".utf8), read: ["A@1"],
            problems: [#"2:31: error: expected a decimal amount like "-54.20" in "amount", found 'x'"#]),
        .init(
            testDescription: "blank and whitespace-only lines are skipped and still counted",
            bytes: Array("\n\(a)\n\n   \n\t\r\n\(b)\n\n".utf8), read: ["A@2", "B@6"], problems: []),
        .init(
            testDescription: "byte-order mark: skipped, takes no column",
            bytes: [0xEF, 0xBB, 0xBF] + Array("\(bad)\n\(a)\n".utf8), read: ["A@2"],
            problems: [#"1:31: error: expected a decimal amount like "-54.20" in "amount", found 'x'"#]),
        .init(
            testDescription: "byte-order mark and CRLF", bytes: [0xEF, 0xBB, 0xBF] + Array("\(a)\r\n\(b)\r\n".utf8), read: ["A@1", "B@2"],
            problems: []),
        .init(testDescription: "a byte-order mark alone", bytes: [0xEF, 0xBB, 0xBF], read: [], problems: []),
        .init(testDescription: "an empty file: no transactions, no error", bytes: [], read: [], problems: []),
        .init(
            testDescription: "a lone CR inside a line is whitespace", bytes: Array("{\"date\":\"2024-05-01\",\r\"amount\":\"-1.00\",\"name\":\"A\"}\n".utf8),
            read: ["A@1"], problems: []),
    ]

    @Test(arguments: layoutCases)
    func readsTheLayout(_ c: LayoutCase) throws {
        // Whole, and in chunks small enough to cut the mark, the CRLF and UTF-8 sequences.
        for chunkSize in [1 << 20, 1, 2, 3, 5, 7, 64] {
            let result = try readJSONL(c.bytes, chunkSize: chunkSize)
            #expect(result.activities.map { "\($0.name)@\($0.source.line)" } == c.read, "chunks of \(chunkSize)")
            #expect(result.diagnostics.map(brief) == c.problems, "chunks of \(chunkSize)")
        }
        let memos = try readJSONL(c.bytes).activities.compactMap(\.memo)
        #expect(memos.allSatisfy { $0 == "Zürich 😀" })
    }

    struct LongLineCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let read: [String]
        let problems: [String]
    }

    /// `a` padded with spaces before its `}` to `length` bytes (at least its own length).
    static func padded(_ length: Int) -> String {
        String(a.dropLast()) + String(repeating: " ", count: max(0, length - a.utf8.count)) + "}"
    }

    static let longLineCases: [LongLineCase] = [
        .init(testDescription: "exactly at the limit: read", text: padded(100) + "\n" + b + "\n", read: ["A@1", "B@2"], problems: []),
        .init(
            testDescription: "one byte over: skipped, reading goes on", text: padded(101) + "\n" + b + "\n", read: ["B@2"],
            problems: ["1:1: error: line longer than 100 bytes; expected one transaction per line, skipped to the end of the line"]),
        .init(
            testDescription: "several chunks long, between good lines", text: a + "\n" + padded(1000) + "\n" + b + "\n", read: ["A@1", "B@3"],
            problems: ["2:1: error: line longer than 100 bytes; expected one transaction per line, skipped to the end of the line"]),
        .init(
            testDescription: "two long lines in a row", text: padded(500) + "\n" + padded(300) + "\n" + a + "\n", read: ["A@3"],
            problems: [
                "1:1: error: line longer than 100 bytes; expected one transaction per line, skipped to the end of the line",
                "2:1: error: line longer than 100 bytes; expected one transaction per line, skipped to the end of the line",
            ]),
        .init(
            testDescription: "a long last line without a line break", text: a + "\n" + padded(777), read: ["A@1"],
            problems: ["2:1: error: line longer than 100 bytes; expected one transaction per line, skipped to the end of the line"]),
        .init(
            testDescription: "a long run of blank lines is many short lines", text: String(repeating: "\n", count: 500) + a + "\n",
            read: ["A@501"], problems: []),
    ]

    @Test(arguments: longLineCases)
    func skipsLinesOverTheLimit(_ c: LongLineCase) throws {
        for chunkSize in [16, 33, 100, 1 << 20] {
            let result = try readJSONL(c.text, maximumLineBytes: 100, chunkSize: chunkSize)
            #expect(result.activities.map { "\($0.name)@\($0.source.line)" } == c.read, "chunks of \(chunkSize)")
            #expect(result.diagnostics.map(brief) == c.problems, "chunks of \(chunkSize)")
            #expect(result.diagnostics.allSatisfy { $0.code.hasPrefix("jsonl.overlong-line") })
        }
    }

    @Test func aMultiMegabyteLineIsSkippedAtTheDefaultLimit() throws {
        let huge = #"{"date":"2024-05-01","amount":"-1.00","name":""# + String(repeating: "x", count: 3 << 20) + "\"}"
        let result = try readJSONL(huge + "\n" + Self.b + "\n")
        #expect(result.activities.map(\.name) == ["B"])
        #expect(
            result.diagnostics.map(brief)
                == ["1:1: error: line longer than 1 MiB; expected one transaction per line, skipped to the end of the line"])
        #expect(
            result.diagnostics.first?.notes
                == ["check that this is JSON Lines (one object per line) and not a JSON array or another kind of file"])
    }

    @Test func fixtureReadsAlikeInAnyChunking() throws {
        let bytes = Array(try Data(contentsOf: Repository.fixtures.appendingPathComponent("jsonl/history.jsonl")))
        let crlf: [UInt8] = [0xEF, 0xBB, 0xBF] + bytes.flatMap { (byte: UInt8) -> [UInt8] in byte == 0x0A ? [0x0D, 0x0A] : [byte] }
        let whole = try readJSONL(bytes)
        #expect(whole.activities.count == 5)
        for chunkSize in 1...40 {
            for input in [bytes, crlf] {
                let result = try readJSONL(input, chunkSize: chunkSize)
                #expect(result.activities == whole.activities, "chunks of \(chunkSize)")
                #expect(result.diagnostics.isEmpty)
            }
        }
    }
}
