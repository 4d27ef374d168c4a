import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// The shortcuts of the CSV → JSON Lines hot path (plain amounts, repeated date cells, untrimmed
/// cells, word-at-a-time JSON escaping) must answer exactly as the general code does; each is
/// checked against it, or against a plain reference, over edge cases and generated inputs.
@Suite struct RowFastPathTests {
    /// xorshift64: deterministic, so a failure reproduces.
    struct Numbers {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    static func bytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    static let plainAmounts = [
        "0", "-0", "+0", "-0.00", "1", "12", "-12.34", "+5", "007.50", "1.5", "12.", ".5", "-.5", "1,5", "1.2.3",
        "123456789012345678", "1234567890123456789", "12345678901234567.8", "1234567890123456789.0", "0.000000000000000001",
        "0.0000000000000000001", "-", "+", "", "--1", "+-1", "1-", "1 ", " 1", "1e3", "(5)", "5.00 DR", "$5", "€5", "1'000",
        "12,345.67", "12.345,67", "99999999999999999.9", "-999999999999999999",
    ]

    /// On everything the plain reader accepts, it agrees with the general reader; and whatever it
    /// turns down, `parse` still answers as the general reader does.
    @Test(arguments: [UInt8(ascii: "."), UInt8(ascii: ",")])
    func plainAmountsAgreeWithTheGeneralParser(mark: UInt8) {
        var numbers = Numbers()
        let alphabet = Array("0123456789-+.,".utf8)
        var inputs = Self.plainAmounts
        for _ in 0..<20_000 {
            let length = 1 + numbers.next(22)
            inputs.append(String(decoding: (0..<length).map { _ in alphabet[numbers.next(alphabet.count)] }, as: UTF8.self))
        }
        for text in inputs {
            Self.bytes(text) { cell in
                let general = AmountParser.parseGeneral(cell, decimalMark: mark)
                if let plain = AmountParser.parsePlain(cell, decimalMark: mark) {
                    #expect(general == .success(plain), "\(text)")
                }
                #expect(AmountParser.parse(cell, decimalMark: mark) == general, "\(text)")
            }
        }
    }

    /// A repeated cell gives the cached date; a different cell of the same length does not; a
    /// cell that does not parse is never cached.
    @Test func dateCellCacheAnswersAsTheFormat() {
        let formats = ["yyyy-mm-dd", "dd.mm.yyyy", "yyyymmdd", "mm/dd/yy", "dd mmm yyyy"].map { DateFormat($0)! }
        let cells = [
            "2024-05-03", "2024-05-03", "2024-05-04", "2024-02-30", "2024-02-30", "03.05.2024", "03.05.2024",
            "20240503", "20240503", "20240504", "05/03/24", "05/03/24", "03 May 2024", "03 May 2024",
            "2024-05-03 14:22", "2024-05-03 14:22", "2024-05-03T14:22:01Z", "2024-05-03", "x", "", "2024-05-0",
            "31 Dec 2023", "31.12.2023", "31.12.2023",
        ]
        for format in formats {
            var cache = DateCellCache()
            for cell in cells + cells.reversed() {
                Self.bytes(cell) { bytes in
                    #expect(cache.parse(bytes, format: format) == format.parse(bytes), "\(format) \(cell)")
                }
            }
        }
    }

    @Test func trimmingTakesTheSameBytesOff() {
        let cells = [
            "", " ", "\t", "a", " a", "a ", "\ta\t", "\u{A0}a\u{A0}", "\u{A0}", " \u{A0} a \u{A0} ", "a\u{A0}b",
            "\u{C2}", "a\u{C2}", "\u{A0}\u{A0}", "x y", "é", " é ", "\u{2003}a",
        ]
        for cell in cells {
            let trimmed = Self.bytes(cell) { Array(CSVRecord.trimmed($0)) }
            // Reference: strip spaces, tabs and U+00A0 from both ends.
            let scalars = Array(cell.unicodeScalars)
            var lo = 0, hi = scalars.count
            func isBlank(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\u{A0}" }
            while lo < hi && isBlank(scalars[lo]) { lo += 1 }
            while hi > lo && isBlank(scalars[hi - 1]) { hi -= 1 }
            var expected = ""
            expected.unicodeScalars.append(contentsOf: scalars[lo..<hi])
            #expect(trimmed == Array(expected.utf8), "\(cell.debugDescription)")
        }
    }

    /// RFC 8259 §7, one scalar at a time, as a reference.
    static func referenceEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Special characters at every position of strings of every length around the word size.
    @Test func escapingMatchesTheReference() {
        var inputs: [String] = []
        let specials = ["\"", "\\", "\n", "\r", "\t", "\u{01}", "\u{1F}", "\u{7F}", "é", "€", "\u{1F600}", " ", "/"]
        for length in 0...24 {
            let plain = String(repeating: "a", count: length)
            inputs.append(plain)
            for special in specials {
                for position in 0...length {
                    var text = plain
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                    inputs.append(text)
                }
            }
        }
        var numbers = Numbers()
        let pool = Array("ab \"\\\n\t\u{02}é€".unicodeScalars)
        for _ in 0..<5000 {
            var text = ""
            for _ in 0..<numbers.next(40) { text.unicodeScalars.append(pool[numbers.next(pool.count)]) }
            inputs.append(text)
        }
        for text in inputs {
            let out = ByteBuffer(capacity: 8)
            out.append(UInt8(ascii: "<"))
            JSON.appendEscaped(text, to: out)
            #expect(String(decoding: out.array, as: UTF8.self) == "<" + Self.referenceEscaped(text), "\(text.debugDescription)")
        }
    }

    /// The writer carries the previous row's line number forward; every sequence of lines, with
    /// carries, jumps back and forth and magnitudes of every width, reads back as written.
    @Test func lineNumbersSurviveCarriesAndJumps() throws {
        var lines = Array(0...1_105) + [9, 10, 99, 100, 5, 6, 999_999, 1_000_000, 1_000_001, 0, 1, -3, -2, -1, 0]
        lines += [Int.max - 1, Int.max, 42, Int.min + 1, Int.min, 7]
        let path = "/tmp/pfin-rowfastpath-\(getpid()).jsonl"
        defer { unlink(path) }
        let output = try ByteOutput.atomicFile(path)
        var writer = JSONLinesWriter(output: output)
        let date = LocalDate(year: 2024, month: 5, day: 3)!
        for line in lines {
            try writer.write(
                PaymentActivity(
                    id: ActivityID(value: 1), account: nil, date: date, name: "n",
                    amount: Money(units: 1, scale: 2), source: SourceLocation(file: "f.csv", line: line)))
        }
        try writer.finish()
        try output.commit()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let written = text.split(separator: "\n").map { $0.split(separator: "\"source\":\"f.csv:").last!.dropLast(2) }
        #expect(written == lines.map { Substring(String($0.magnitude)) })
    }

    /// The field-end scan (one test for every control byte, then a check) finds what a plain
    /// three-byte search finds, from every start, in text full of tabs and other control bytes.
    @Test func fieldEndScanMatchesThePlainSearch() {
        var numbers = Numbers()
        let alphabet: [UInt8] = Array("ab,;\"\t\n\r".utf8) + [0x00, 0x01, 0x0B, 0x0C, 0x0E, 0x0F, 0x80, 0xFF, 0x2D]
        for _ in 0..<400 {
            let bytes = (0..<numbers.next(70)).map { _ in numbers.next(4) == 0 ? alphabet[numbers.next(alphabet.count)] : UInt8(ascii: "x") }
            bytes.withUnsafeBufferPointer { buffer in
                for target in [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "\""), 0x00] {
                    for start in 0...buffer.count {
                        #expect(
                            ByteScan.firstOfOrLineBreak(target, in: buffer, from: start)
                                == ByteScan.firstOf(target, UInt8(ascii: "\n"), UInt8(ascii: "\r"), in: buffer, from: start))
                    }
                }
            }
        }
    }
}
