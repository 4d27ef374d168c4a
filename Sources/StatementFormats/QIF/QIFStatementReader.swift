import FinanceCore
import Glibc

/// Reads Quicken Interchange Format (QIF) files: bank, credit card, cash and other asset or
/// liability accounts (see `QIFParser` for the structure and `QIFRecordMapper` for the mapping).
///
/// Streaming: the first 4 MiB decide the encoding (UTF-8, else Windows-1252, as Quicken writes
/// on Windows), the order of day and month and the decimal mark (`QIFPrescan`); then lines are cut
/// from 128 KiB chunks with `memchr` and read on their bytes, so memory stays flat whatever the
/// file's size. A line longer than `maximumLineBytes` is reported and skipped without being held.
///
/// QIF carries no currency: amounts take `--currency` when given, else none. `--date-format`
/// (only whether the day or the month comes first) and a profile's `decimal-mark` pin what the
/// prescan would otherwise decide.
public struct QIFStatementReader: StatementReader {
    public static let format = StatementFormat.qif
    /// The longest line read: far beyond any QIF field.
    public static let defaultMaximumLineBytes = 1 << 16

    let maximumLineBytes: Int
    let chunkSize: Int

    public init() {
        self.init(maximumLineBytes: Self.defaultMaximumLineBytes, chunkSize: 1 << 17)
    }

    /// A reader with other limits, to test long lines and chunk boundaries with small inputs.
    init(maximumLineBytes: Int, chunkSize: Int) {
        self.maximumLineBytes = maximumLineBytes
        self.chunkSize = chunkSize
    }

    /// Sure when the first line (after a byte-order mark and white space, and after up to 20
    /// comment lines starting with `#`) is a QIF header: `!Type:`, `!Account`, `!Option:` or
    /// `!Clear:`.
    public static func sniff(_ input: SniffInput) -> Sniff {
        input.text.withUnsafeBufferPointer { all in
            var start = SniffPrefix.contentStart(all)
            var comments = 0
            while comments < 20, start < all.count, all[start] == UInt8(ascii: "#") {
                guard let end = all[start...].firstIndex(of: 0x0A) else { break }
                comments += 1
                start = end + 1 + SniffPrefix.contentStart(UnsafeBufferPointer(rebasing: all[(end + 1)...]))
            }
            let rest = UnsafeBufferPointer(rebasing: all[start...])
            let after = comments == 0 ? "" : " after \(comments) comment line\(comments == 1 ? "" : "s") starting with '#'"
            for header: StaticString in ["!Type:", "!Account", "!Option:", "!Clear:"] where QIFText.hasPrefixIgnoringCase(rest, header) {
                return .yes(comments == 0 ? 95 : 90, "'\(header)' at line \(input.line(at: start))\(after)")
            }
            return .no("the text does not start with '!Type:', '!Account' or '!Option:'")
        }
    }

    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        let file = input.displayName
        let prefix = try input.peek(upTo: QIFPrescan.window)
        guard !prefix.isEmpty else {
            try sink.report(QIFIssue.empty.diagnostic(at: SourceLocation(file: file, line: 1)).notingIdentify())
            return
        }
        let guess = TextEncoding.guess(prefix, isComplete: prefix.count < QIFPrescan.window)
        if let nul = guess.nulOffset, guess.encoding != .utf16LE && guess.encoding != .utf16BE {
            let line = prefix[..<nul].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            try sink.report(QIFIssue.binary.diagnostic(at: SourceLocation(file: file, line: line)).notingIdentify())
            return
        }
        let encoding = guess.encoding == .windows1252 ? CodePageDetection.lineReaderEncoding(prefix) : guess.encoding
        let transcoder = encoding == .utf8 ? nil : UTF8Transcoder(encoding: encoding)
        let profile = options.csvProfile
        let order = profile.dateFormat.map { $0.dayFirst ? QIFDateOrder.dayFirst : .monthFirst }
        var text = prefix
        if var decoder = transcoder {
            text = []
            prefix.withUnsafeBufferPointer { decoder.decode($0, into: &text, isFinal: true) }
        }
        let (prescan, lineBreak) = text.withUnsafeBufferPointer { text in
            let lineBreak = QIFPrescan.lineBreak(text)
            return (QIFPrescan(text, pinnedOrder: order, pinnedDecimalMark: profile.decimalMark, lineBreak: lineBreak), lineBreak)
        }
        if let contradiction = prescan.contradiction {
            let issue = QIFIssue.dateOrderContradiction(
                chosen: prescan.dateOrder, dayFirstLine: contradiction.dayFirstLine,
                monthFirstLine: contradiction.monthFirstLine)
            try sink.report(issue.diagnostic(at: SourceLocation(file: file, line: 1)))
        }
        if let ambiguity = prescan.ambiguity, let date = ambiguity.parts.date(prescan.dateOrder) {
            let issue = QIFIssue.ambiguousDates(example: ambiguity.text, date: date)
            try sink.report(issue.diagnostic(at: SourceLocation(file: file, line: ambiguity.line)))
        }
        var parser = QIFParser(file: file, options: options, prescan: prescan)
        try readLines(input, transcoder: transcoder, lineBreak: lineBreak, parser: &parser, into: &sink)
        try parser.finish(into: &sink)
    }

    /// Cuts the input into lines and hands each to `parser`.
    private func readLines(
        _ input: ByteInput, transcoder: UTF8Transcoder?, lineBreak breakByte: UInt8, parser: inout QIFParser,
        into sink: inout some ActivitySink
    ) throws {
        let file = input.displayName
        let buffer = ByteBuffer(capacity: chunkSize + 64)
        var lines = LineSplitter(buffer: buffer, maximumLineBytes: maximumLineBytes, lineBreak: breakByte)
        var chunks = TextChunks(input, chunkSize: chunkSize, transcoder: transcoder)
        var isFinal = false
        // Whether the text since the last check may hold invalid UTF-8 (checked a chunk at a time).
        var checkLines = false

        while !isFinal {
            let before = buffer.count
            isFinal = try chunks.fill(buffer)
            if transcoder == nil {
                // A chunk may end inside a character: validated from the last line start, ahead of its lines.
                let from = min(before, lines.searched)
                checkLines = buffer.withBytes { all in
                    let fresh = UnsafeBufferPointer(rebasing: all[from...])
                    return !UTF8Validation.isASCII(fresh) && UTF8Validation.firstInvalid(in: fresh, allowTruncatedEnd: !isFinal) != nil
                }
            }
            try lines.split(
                isFinal: isFinal,
                emit: { text, number in
                    if checkLines && !UTF8Validation.isValid(text) {
                        try sink.report(QIFIssue.invalidUTF8.diagnostic(at: SourceLocation(file: file, line: number, column: 1)))
                    }
                    try parser.line(text, number: number, into: &sink)
                },
                overlong: { number in
                    try sink.report(QIFIssue.overlongLine(limit: maximumLineBytes).diagnostic(at: SourceLocation(file: file, line: number, column: 1)))
                })
        }
    }
}
