import FinanceCore

/// Reads AEB Norma 43 (Cuaderno 43, "Información normalizada de cuenta corriente"), the
/// fixed-width 80-column statement every Spanish bank exports, one or many accounts per file.
///
/// Streaming: lines are cut from chunks with `memchr` (`LineSplitter`) and handed to
/// `Norma43StatementMapper` one record at a time, so memory stays flat whatever the file's size.
/// Banks write Windows-1252 (or ISO 8859-1, its subset): the first megabytes decide between that
/// and UTF-8; fields are cut by character columns either way (`Norma43Record`).
///
/// Amounts are in cents with a debit/credit code; the currency comes from the header's numeric
/// ISO 4217 code (`978` is EUR), else `--currency`. Each account's final balance is checked
/// against its initial balance and movements, and its end record's totals against the movements.
public struct Norma43StatementReader: StatementReader {
    public static let format = StatementFormat.norma43
    /// Far beyond an 80-column record, small enough to hold.
    public static let defaultMaximumLineBytes = 1 << 12
    /// How much of the start decides the encoding.
    public static let detectionWindow = 2 << 20

    let maximumLineBytes: Int
    let chunkSize: Int

    public init() {
        self.init(maximumLineBytes: Self.defaultMaximumLineBytes, chunkSize: 1 << 16)
    }

    /// A reader with other limits, to test long lines and chunk boundaries with small inputs.
    init(maximumLineBytes: Int, chunkSize: Int) {
        self.maximumLineBytes = maximumLineBytes
        self.chunkSize = chunkSize
    }

    /// 60 for a line starting `11` whose columns 3–50 are the digits of an account header (bank,
    /// branch, account, `YYMMDD` dates, balance sign and amount, currency), up to 95 with the
    /// movements (22), account end (33) and end-of-file (88) records after it. Nothing else has
    /// fifty digits in those places.
    public static func sniff(_ input: SniffInput) -> Sniff {
        Norma43Sniffer.sniff(input)
    }

    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        let file = input.displayName
        let prefix = try input.peek(upTo: Self.detectionWindow)
        guard prefix.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x0A && $0 != 0x09 }) else {
            return try sink.report(Norma43Issue.empty.diagnostic(at: SourceLocation(file: file, line: 1)))
        }
        let guess = TextEncoding.guess(prefix, isComplete: prefix.count < Self.detectionWindow)
        let isUTF16 = guess.encoding == .utf16LE || guess.encoding == .utf16BE
        if let nul = guess.nulOffset, !isUTF16 {
            let line = prefix[..<nul].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            return try sink.report(Norma43Issue.binary(offset: nul).diagnostic(at: SourceLocation(file: file, line: line)))
        }
        // UTF-16 is transcoded to UTF-8 on the way in; single-byte text is kept as it is, so that
        // a byte is a column, and decoded field by field.
        let singleByte = guess.encoding != .utf8 && !isUTF16
        var mapper = Norma43StatementMapper(file: file, options: options)
        let buffer = ByteBuffer(capacity: chunkSize * 2)
        var lines = LineSplitter(buffer: buffer, maximumLineBytes: maximumLineBytes)
        var chunks = TextChunks(input, chunkSize: chunkSize, transcoder: isUTF16 ? UTF8Transcoder(encoding: guess.encoding) : nil)
        var isFinal = false
        while !isFinal {
            isFinal = try chunks.fill(buffer)
            try lines.split(
                isFinal: isFinal,
                emit: { text, number in
                    try mapper.take(Norma43Record(text, number: number, singleByte: singleByte), into: &sink)
                },
                overlong: { number in
                    try sink.report(Norma43Issue.overlongLine(limit: maximumLineBytes).diagnostic(at: SourceLocation(file: file, line: number, column: 1)))
                })
        }
        try mapper.finish(lastLine: max(lines.line - 1, 1), into: &sink)
    }
}
