import FinanceCore
import Glibc

/// Reads SWIFT MT940 customer statements and MT942 interim reports: SWIFT messages with block
/// headers, and the bare field lists (`.sta`) online banking exports, one or many statements per
/// file, with or without a bank's preamble (`MT940Preamble`), and files of statement lines alone.
///
/// Streaming: the input is decoded to UTF-8 chunk by chunk (files that are not valid UTF-8 are
/// read as Windows-1252, which covers ISO 8859-1), cut into lines with `memchr`, grouped into
/// fields by `MT940FieldAssembler` and mapped by `MT940StatementMapper`, so memory stays flat
/// whatever the file's size. A line longer than `maximumLineBytes` is reported and skipped
/// without ever being held whole.
public struct MT940StatementReader: StatementReader {
    public static let format = StatementFormat.mt940
    /// Far beyond SWIFT's 65-character lines, small enough to hold.
    public static let defaultMaximumLineBytes = 1 << 16
    /// How much of the start decides the encoding (as for CSV: a whole export, nearly always).
    public static let defaultDetectionWindow = 2 << 20

    let maximumLineBytes: Int
    let chunkSize: Int
    let detectionWindow: Int

    public init() {
        self.init(maximumLineBytes: Self.defaultMaximumLineBytes, chunkSize: 1 << 17)
    }

    /// A reader with other limits, to test long lines, chunk boundaries and encoding detection
    /// with small inputs.
    init(maximumLineBytes: Int, chunkSize: Int, detectionWindow: Int = defaultDetectionWindow) {
        self.maximumLineBytes = maximumLineBytes
        self.chunkSize = chunkSize
        self.detectionWindow = detectionWindow
    }

    /// Sure when field tags at line starts make a statement's structure (`MT940Sniffer`), wherever
    /// they stand in the first 64 KiB: after a bank's preamble, in SWIFT blocks, in an MT942
    /// interim report, or as `:61:`/`:86:` fragments without headers. A stray `:20:` in other text
    /// is not enough, so CSV, OFX and QIF files are never taken.
    public static func sniff(_ input: SniffInput) -> Sniff {
        MT940Sniffer.sniff(input)
    }

    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        let file = input.displayName
        let prefix = try input.peek(upTo: detectionWindow)
        guard !prefix.isEmpty else {
            try sink.report(MT940Issue.empty.diagnostic(at: SourceLocation(file: file, line: 1)))
            return
        }
        let guess = TextEncoding.guess(prefix, isComplete: prefix.count < detectionWindow)
        if let nul = guess.nulOffset, guess.encoding != .utf16LE && guess.encoding != .utf16BE {
            let line = prefix[..<nul].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            try sink.report(MT940Issue.binary(offset: nul).diagnostic(at: SourceLocation(file: file, line: line)))
            return
        }
        let encoding = guess.encoding == .windows1252 ? CodePageDetection.lineReaderEncoding(prefix) : guess.encoding
        let passThrough = encoding == .utf8
        let mapper = MT940StatementMapper(file: file, options: options, checkUTF8: passThrough)
        var assembler = MT940FieldAssembler()
        let buffer = ByteBuffer(capacity: chunkSize * 2)
        var lines = LineSplitter(buffer: buffer, maximumLineBytes: maximumLineBytes)
        var chunks = TextChunks(input, chunkSize: chunkSize, transcoder: passThrough ? nil : UTF8Transcoder(encoding: encoding))
        var isFinal = false

        while !isFinal {
            isFinal = try chunks.fill(buffer)
            try lines.split(
                isFinal: isFinal,
                emit: { text, number in
                    try assembler.take(text, number: number) { try mapper.handle($0, into: &sink) }
                },
                overlong: { number in
                    try sink.report(MT940Issue.overlongLine(limit: maximumLineBytes).diagnostic(at: SourceLocation(file: file, line: number, column: 1)))
                })
        }
        try assembler.finish { try mapper.handle($0, into: &sink) }
        guard assembler.sawField else {
            try sink.report(MT940Issue.notMT940.diagnostic(at: SourceLocation(file: file, line: 1)))
            return
        }
        try mapper.finish(lastLine: max(lines.line - 1, 1), into: &sink)
    }
}
