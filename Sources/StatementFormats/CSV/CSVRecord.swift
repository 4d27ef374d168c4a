/// Where one field lies in the tokenizer's buffer.
public struct CSVFieldSpan: Sendable, Equatable, BitwiseCopyable {
    public var start: Int
    public var end: Int
    public var flags: UInt8

    static let quoted: UInt8 = 1
    /// The quoted content holds doubled quotes that stand for one quote each.
    static let escapedQuotes: UInt8 = 2
    /// Text followed the closing quote; the span is raw (quotes included) and unescaped on access.
    static let irregular: UInt8 = 4

    public var isQuoted: Bool { flags & CSVFieldSpan.quoted != 0 }
}

/// One record, valid only while the tokenizer's callback runs: it points into the tokenizer's buffer.
public struct CSVRecord: ~Copyable {
    let buffer: UnsafeBufferPointer<UInt8>
    let spans: UnsafeBufferPointer<CSVFieldSpan>
    /// The line the record starts on.
    public let line: Int
    let start: Int
    let end: Int

    init(buffer: UnsafeBufferPointer<UInt8>, fields: UnsafeBufferPointer<CSVFieldSpan>, line: Int, start: Int, end: Int) {
        self.buffer = buffer
        self.spans = fields
        self.line = line
        self.start = start
        self.end = end
    }

    public var count: Int { spans.count }

    /// The most fields a row may have: bank exports have a few dozen columns at most, and a row
    /// far wider (a crafted or wrong file) is reported rather than analysed column by column.
    public static let maxFields = 1024

    /// True for an empty line, a line of empty fields only (`,,,`, or Quicken's `""` between its
    /// table and its totals), or a rule line: every field that is not empty three or more of `*`,
    /// `-`, `=` or `_` (HDFC draws `********` in every column under its header and after its last
    /// row).
    public var isBlank: Bool {
        for span in spans where span.end > span.start {
            guard span.end - span.start >= 3, RuleLine.isRule(buffer[span.start..<span.end]) else { return false }
        }
        return true
    }

    /// Calls `body` with the field's content bytes: quotes removed and doubled quotes undoubled. A
    /// field the record lacks (a short row) is empty, so messages about it never read past the row.
    public func withField<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard index >= 0, index < spans.count else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        let span = spans[index]
        if span.flags & (CSVFieldSpan.escapedQuotes | CSVFieldSpan.irregular) == 0 {
            return try body(UnsafeBufferPointer(rebasing: buffer[span.start..<span.end]))
        }
        let unescaped = unescape(span)
        return try unescaped.withUnsafeBufferPointer(body)
    }

    /// The field's content, trimmed of spaces and tabs, as a `String` (invalid UTF-8 is replaced).
    public func string(_ index: Int) -> String {
        withField(index) { String(decoding: CSVRecord.trimmed($0), as: UTF8.self) }
    }

    /// The field's content trimmed, or `nil` when it contained invalid UTF-8 (so the caller can warn).
    public func validatedString(_ index: Int) -> String? {
        withField(index) { bytes in
            let text = CSVRecord.trimmed(bytes)
            guard UTF8Validation.isValid(text) else { return nil }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// Every field as a trimmed string.
    public var strings: [String] {
        (0..<count).map { string($0) }
    }

    /// The 1-based line and column where field `index` starts (the opening quote for quoted fields);
    /// for a field the record lacks (a short row), where it would start: just past the last field.
    public func location(ofField index: Int) -> (line: Int, column: Int) {
        guard index >= 0, index < count else { return endLocation }
        let span = spans[index]
        var offset = span.start
        if span.isQuoted && span.flags & CSVFieldSpan.irregular == 0 { offset -= 1 }
        let (lines, column) = TextPosition.lineAndColumn(of: offset, in: buffer, from: start)
        return (line + lines, column)
    }

    /// The line and column just past the last field (where a missing field would start).
    public var endLocation: (line: Int, column: Int) {
        let (lines, column) = TextPosition.lineAndColumn(of: end, in: buffer, from: start)
        return (line + lines, column)
    }

    /// The raw text of the record, for messages.
    public var rawText: String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    }

    private func unescape(_ span: CSVFieldSpan) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(span.end - span.start)
        let quote = UInt8(ascii: "\"")
        if span.flags & CSVFieldSpan.irregular == 0 {
            var i = span.start
            while i < span.end {
                out.append(buffer[i])
                i += (buffer[i] == quote && i + 1 < span.end && buffer[i + 1] == quote) ? 2 : 1
            }
            return out
        }
        // Raw span such as `"abc""d"ef`: toggle on quotes, a doubled quote inside quotes is one quote.
        var inQuotes = false
        var i = span.start
        while i < span.end {
            let b = buffer[i]
            if b == quote {
                if inQuotes && i + 1 < span.end && buffer[i + 1] == quote {
                    out.append(quote); i += 2; continue
                }
                inQuotes.toggle()
            } else {
                out.append(b)
            }
            i += 1
        }
        return out
    }

    /// `bytes` without leading and trailing spaces, tabs and no-break spaces.
    @inline(__always)
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        // Most cells need no trimming: decide that from their first and last bytes (a no-break
        // space is C2 A0), and leave the loops to the rest.
        guard let first = bytes.first, let last = bytes.last else { return bytes }
        if first != 0x20 && first != 0x09 && first != 0xC2 && last != 0x20 && last != 0x09 && last != 0xA0 {
            return bytes
        }
        return trimmedSlowly(bytes)
    }

    private static func trimmedSlowly(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var lo = 0, hi = bytes.count
        while lo < hi {
            if bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 } else if bytes[lo] == 0xC2 && lo + 1 < hi && bytes[lo + 1] == 0xA0 { lo += 2 } else { break }
        }
        while hi > lo {
            if bytes[hi - 1] == 0x20 || bytes[hi - 1] == 0x09 {
                hi -= 1
            } else if hi - 2 >= lo && bytes[hi - 2] == 0xC2 && bytes[hi - 1] == 0xA0 {
                hi -= 2
            } else {
                break
            }
        }
        return UnsafeBufferPointer(rebasing: bytes[lo..<hi])
    }
}

/// A field drawn as a line: `********`, `--------`, `========`.
enum RuleLine {
    static func isRule(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, first == UInt8(ascii: "*") || first == UInt8(ascii: "-") || first == UInt8(ascii: "=") || first == UInt8(ascii: "_")
        else { return false }
        return bytes.allSatisfy { $0 == first }
    }
}
