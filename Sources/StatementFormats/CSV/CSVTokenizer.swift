import FinanceCore

/// Splits UTF-8 bytes into CSV records (RFC 4180), chunk by chunk, without copying fields.
///
/// - Quoted fields may hold delimiters, doubled quotes (`""`) and line breaks.
/// - Records end at LF, CRLF or a lone CR (old Mac exports).
/// - Leniencies, because banks write them: a quote inside an unquoted field is a literal character;
///   text after a closing quote (`"abc"def`) stays part of the field.
/// - A field that opens a quote and never closes it is reported, and reading resumes on the line
///   after the one where that record began, so one stray quote costs one row, not the rest of the file.
/// - A record longer than `maxRecordBytes` is reported and skipped without being held in memory.
/// - With `singleQuotes`, an unquoted field written between apostrophes (`'01 Mrt'`, as FNB's
///   downloads write most cells) is read without them (`CSVDialect.singleQuotes`).
public final class CSVTokenizer {
    public let delimiter: UInt8
    public let singleQuotes: Bool
    public let maxRecordBytes: Int
    /// The line number at which the next record starts.
    @exclusivity(unchecked) public internal(set) var line = 1
    /// The current record's fields, in a scratch table: appending to an `Array` here cost a
    /// uniqueness check per field.
    @exclusivity(unchecked) private var spans: ScratchTable<CSVFieldSpan>
    @exclusivity(unchecked) private var spanCount = 0
    @exclusivity(unchecked) private var spanCapacity = 64
    @exclusivity(unchecked) private var skippingOverlongLine = false
    /// Where the last incomplete record stopped inside a quoted field, as an offset from the
    /// record's start.
    @exclusivity(unchecked) private var pendingQuoteOffset: Int?

    public init(delimiter: UInt8, singleQuotes: Bool = false, maxRecordBytes: Int = 1 << 20) {
        self.delimiter = delimiter
        self.singleQuotes = singleQuotes
        self.maxRecordBytes = maxRecordBytes
        spans = .make(count: spanCapacity, repeating: CSVFieldSpan(start: 0, end: 0, flags: 0))
    }

    /// The spans' storage, for the length of `body`, borrowed without a retain and a release: the
    /// tokenizer holds the table, and only `appendSpan` replaces it, outside any such scope.
    @inline(__always)
    private func withSpans<R>(_ body: (UnsafeMutablePointer<CSVFieldSpan>) throws -> R) rethrows -> R {
        try Unmanaged.passUnretained(spans)._withUnsafeGuaranteedRef { try $0.withElements(body) }
    }

    @inline(__always)
    private func appendSpan(_ span: CSVFieldSpan) {
        if spanCount == spanCapacity { growSpans() }
        let at = spanCount
        withSpans { $0[at] = span }
        spanCount = at + 1
    }

    @inline(never)
    private func growSpans() {
        let bigger = ScratchTable<CSVFieldSpan>.make(count: spanCapacity * 2, repeating: CSVFieldSpan(start: 0, end: 0, flags: 0))
        let n = spanCount
        bigger.withElements { to in withSpans { from in to.update(from: from, count: n) } }
        spans = bigger
        spanCapacity *= 2
    }

    /// Tokenizes the complete records at the start of `bytes`, calling `onRecord` for each and
    /// `onProblem` for malformed input, and returns how many bytes were consumed. The caller keeps
    /// the rest and passes it again, followed by more input. With `isFinal`, everything is consumed.
    ///
    /// When more than `maxRecordBytes` stay unconsumed, the caller should call
    /// `abandonIncompleteRecord` rather than read more.
    public func tokenize(
        _ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool,
        onRecord: (borrowing CSVRecord) throws -> Void,
        onProblem: (CSVTokenProblem) throws -> Void
    ) rethrows -> Int {
        let n = bytes.count
        let d = delimiter
        let quote = UInt8(ascii: "\"")
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var p = 0
        pendingQuoteOffset = nil

        recordLoop: while p < n {
            if skippingOverlongLine {
                var r = ByteScan.firstOf(lf, cr, cr, in: bytes, from: p)
                guard r < n else { return n }
                // A CR at the end of the chunk may be the first half of a CRLF: wait for the next byte.
                if bytes[r] == cr && r + 1 == n && !isFinal { return r }
                r += (bytes[r] == cr && r + 1 < n && bytes[r + 1] == lf) ? 2 : 1
                line += 1
                skippingOverlongLine = false
                p = r
                continue
            }
            let recordStart = p
            var lineBreaks = 0
            var q = p
            spanCount = 0
            fieldLoop: while true {
                if q >= n {
                    // Only reached right after a delimiter: the record ends in an empty field.
                    guard isFinal else { return recordStart }
                    appendSpan(CSVFieldSpan(start: q, end: q, flags: 0))
                    try emit(bytes, recordStart: recordStart, end: n, onRecord)
                    line += lineBreaks
                    return n
                }
                var span: CSVFieldSpan
                if bytes[q] == quote {
                    var flags = CSVFieldSpan.quoted
                    var r = q + 1
                    while true {
                        r = ByteScan.firstOfOrLineBreak(quote, in: bytes, from: r)
                        guard r < n else {
                            if !isFinal {
                                pendingQuoteOffset = q - recordStart
                                return recordStart
                            }
                            try onProblem(problem(.unterminatedQuote, bytes, recordStart: recordStart, at: q))
                            // Resume on the line after the opening quote: one stray quote costs one row.
                            let (linesBefore, _) = TextPosition.lineAndColumn(of: q, in: bytes, from: recordStart)
                            p = firstLineBreak(bytes, from: q) ?? n
                            line += linesBefore + 1
                            continue recordLoop
                        }
                        let c = bytes[r]
                        if c == quote {
                            if r + 1 < n {
                                if bytes[r + 1] == quote { flags |= CSVFieldSpan.escapedQuotes; r += 2; continue }
                            } else if !isFinal {
                                return recordStart
                            }
                            break
                        }
                        // A line break inside the quotes: LF, CRLF (counted at the LF) or a lone CR.
                        if c == lf || r + 1 >= n || bytes[r + 1] != lf {
                            if c == cr && r + 1 >= n && !isFinal { return recordStart }
                            lineBreaks += 1
                        }
                        r += 1
                    }
                    span = CSVFieldSpan(start: q + 1, end: r, flags: flags)
                    r += 1
                    if r < n && bytes[r] != d && bytes[r] != lf && bytes[r] != cr {
                        // Text after the closing quote: keep the raw span, unescaped on access.
                        while r < n && bytes[r] != d && bytes[r] != lf && bytes[r] != cr { r += 1 }
                        if r >= n && !isFinal { return recordStart }
                        span = CSVFieldSpan(start: q, end: r, flags: flags | CSVFieldSpan.irregular)
                    }
                    q = r
                } else {
                    let r = ByteScan.firstOfOrLineBreak(d, in: bytes, from: q)
                    if r >= n && !isFinal { return recordStart }
                    span = CSVFieldSpan(start: q, end: r, flags: 0)
                    if singleQuotes, r - q >= 2, bytes[q] == UInt8(ascii: "'"), bytes[r - 1] == UInt8(ascii: "'") {
                        span = CSVFieldSpan(start: q + 1, end: r - 1, flags: 0)
                    }
                    q = r
                }
                appendSpan(span)
                if q >= n {
                    try emit(bytes, recordStart: recordStart, end: n, onRecord)
                    line += lineBreaks
                    return n
                }
                let c = bytes[q]
                if c == d {
                    q += 1
                    continue fieldLoop
                }
                let recordEnd = q
                if c == cr {
                    if q + 1 < n {
                        q += bytes[q + 1] == lf ? 2 : 1
                    } else if isFinal {
                        q += 1
                    } else {
                        return recordStart
                    }
                } else {
                    q += 1
                }
                lineBreaks += 1
                try emit(bytes, recordStart: recordStart, end: recordEnd, onRecord)
                line += lineBreaks
                p = q
                continue recordLoop
            }
        }
        return p
    }

    /// Gives up on the incomplete record at the start of `bytes` (longer than `maxRecordBytes`):
    /// reports it and returns how many bytes to drop. An open quote is reported as unterminated
    /// and reading resumes on the record's second line; a single overlong line is skipped to its end.
    public func abandonIncompleteRecord(
        _ bytes: UnsafeBufferPointer<UInt8>, onProblem: (CSVTokenProblem) throws -> Void
    ) rethrows -> Int {
        if let quoteStart = pendingQuoteOffset, let resume = firstLineBreak(bytes, from: quoteStart),
            resume < bytes.count
        {
            try onProblem(problem(.unterminatedQuote, bytes, recordStart: 0, at: quoteStart))
            let (linesBefore, _) = TextPosition.lineAndColumn(of: quoteStart, in: bytes, from: 0)
            line += linesBefore + 1
            return resume
        }
        try onProblem(CSVTokenProblem(kind: .overlongRecord(limit: maxRecordBytes), line: line, column: 1))
        skippingOverlongLine = true
        return bytes.count
    }

    private func emit(
        _ bytes: UnsafeBufferPointer<UInt8>, recordStart: Int, end: Int,
        _ onRecord: (borrowing CSVRecord) throws -> Void
    ) rethrows {
        let n = spanCount
        try withSpans { spans in
            try onRecord(
                CSVRecord(
                    buffer: bytes, fields: UnsafeBufferPointer(start: spans, count: n), line: line, start: recordStart,
                    end: end))
        }
    }

    /// The offset just past the first line break at or after `start`, or `nil` when there is none.
    private func firstLineBreak(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var r = start
        while r < bytes.count {
            if bytes[r] == UInt8(ascii: "\n") { return r + 1 }
            if bytes[r] == UInt8(ascii: "\r") {
                return r + 1 < bytes.count && bytes[r + 1] == UInt8(ascii: "\n") ? r + 2 : r + 1
            }
            r += 1
        }
        return nil
    }

    private func problem(
        _ kind: CSVTokenProblem.Kind, _ bytes: UnsafeBufferPointer<UInt8>, recordStart: Int,
        at offset: Int
    ) -> CSVTokenProblem {
        let (lineOffset, column) = TextPosition.lineAndColumn(of: offset, in: bytes, from: recordStart)
        return CSVTokenProblem(kind: kind, line: line + lineOffset, column: column)
    }
}

/// Malformed CSV structure found by the tokenizer.
public struct CSVTokenProblem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A field opened a quote that was never closed.
        case unterminatedQuote
        /// A record longer than the limit, skipped.
        case overlongRecord(limit: Int)
    }

    public var kind: Kind
    public var line: Int
    public var column: Int
}

/// Lines and columns of byte offsets in UTF-8 text.
enum TextPosition {
    /// The number of line breaks between `start` and `offset`, and the 1-based column (in Unicode
    /// scalars) of `offset` on its line.
    static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int, Int) {
        var lines = 0
        var lineStart = start
        var i = start
        while i < offset {
            // LF, CRLF (counted at the LF) and a lone CR each end a line.
            if bytes[i] == UInt8(ascii: "\n")
                || (bytes[i] == UInt8(ascii: "\r") && (i + 1 >= bytes.count || bytes[i + 1] != UInt8(ascii: "\n")))
            {
                lines += 1
                lineStart = i + 1
            }
            i += 1
        }
        var column = 1
        for j in lineStart..<offset where bytes[j] & 0xC0 != 0x80 { column += 1 }
        return (lines, column)
    }
}

/// Finding the next of a few bytes, eight at a time: most fields hold no delimiter, quote or line
/// break, and a word-at-a-time scan skips them several times faster than a byte loop.
enum ByteScan {
    /// The offset of the first `a`, LF or CR at or after `start`, or `bytes.count`: where a CSV
    /// field ends.
    ///
    /// One equality test fewer than `firstOf(a, lf, cr)`: every byte below 0x0E is flagged (LF and
    /// CR among them) and the flagged byte is then checked, so the rare other control character
    /// (a tab inside a field) only costs a step. Borrows between bytes can flag extra bytes after a
    /// match but never hide one, and every flag is checked, so the answer is exact.
    @inline(__always)
    static func firstOfOrLineBreak(_ a: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let n = bytes.count
        var i = start
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let pa = ones &* UInt64(a), below = ones &* 0x0E
            while i &+ 8 <= n {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let xa = word ^ pa
                var found = ((xa &- ones) & ~xa | (word &- below) & ~word) & highs
                while found != 0 {
                    let k = i &+ found.trailingZeroBitCount &>> 3
                    let byte = base[k]
                    if byte == a || byte == lf || byte == cr { return k }
                    found &= found &- 1
                }
                i &+= 8
            }
        }
        while i < n {
            let byte = bytes[i]
            if byte == a || byte == lf || byte == cr { return i }
            i += 1
        }
        return n
    }

    /// The offset of the first `a`, `b` or `c` at or after `start`, or `bytes.count`.
    @inline(__always)
    static func firstOf(_ a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let n = bytes.count
        var i = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let pa = ones &* UInt64(a), pb = ones &* UInt64(b), pc = ones &* UInt64(c)
            while i + 8 <= n {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let xa = word ^ pa, xb = word ^ pb, xc = word ^ pc
                // A zero byte in x marks a match; the lowest flagged byte is exact.
                let found = ((xa &- ones) & ~xa | (xb &- ones) & ~xb | (xc &- ones) & ~xc) & highs
                if found != 0 { return i + found.trailingZeroBitCount / 8 }
                i += 8
            }
        }
        while i < n {
            let byte = bytes[i]
            if byte == a || byte == b || byte == c { return i }
            i += 1
        }
        return n
    }

    /// How many bytes of `bytes` are `a`, eight at a time: the exact zero-byte test (no borrow
    /// between bytes) flags each match once, and the flags are counted.
    static func count(_ a: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let n = bytes.count
        var i = 0
        var total = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let pa = 0x0101_0101_0101_0101 &* UInt64(a)
            while i &+ 8 <= n {
                let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ pa
                // 0x80 in exactly the bytes of x that are zero.
                let zero = ~(((x & lows) &+ lows) | x | lows)
                total &+= zero.nonzeroBitCount
                i &+= 8
            }
        }
        while i < n {
            if bytes[i] == a { total += 1 }
            i += 1
        }
        return total
    }

    /// The offset just after the last `a` in `bytes`, or 0 when there is none; a byte loop from
    /// the end, which finds a line feed within a line's length.
    static func afterLast(_ a: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var i = bytes.count
        while i > 0 && bytes[i - 1] != a { i -= 1 }
        return i
    }
}
