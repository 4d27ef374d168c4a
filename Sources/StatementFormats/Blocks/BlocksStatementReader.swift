import FinanceCore

/// Reads downloads written as blocks of labelled lines, one block a transaction, as Santander UK's
/// online banking writes its "Download transactions" as "Text file (TXT)":
///
/// ```
/// From: 31/12/2011 to 31/12/2012
///
/// Account: XXXX XXXX XXXX 1234
///
/// Date: 29/12/2012
/// Description: CARD PAYMENT TO WWW.JUST EAT.CO.UK,10.45 GBP, RATE 1.00/GBP ON 26-12-2012
/// Amount: -10.45 GBP
/// Balance: 3472.63 GBP
/// ```
///
/// Blocks are separated by blank lines, newest first (`BlocksMapper`). The file is Windows-1252
/// (`£` 0xA3, the no-break space after each colon 0xA0) unless its first megabytes are UTF-8,
/// with or without a byte-order mark; CRLF or LF. Streaming: lines are cut from chunks with
/// `memchr` (`LineSplitter`), so memory stays flat whatever the file's size, but for the balances
/// kept for their check.
public struct BlocksStatementReader: StatementReader {
    public static let format = StatementFormat.blocks
    /// Far beyond any description, small enough to hold.
    public static let defaultMaximumLineBytes = 1 << 16
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

    /// 70 for a line starting `Date:` followed in its block by one starting `Amount:`, 85 for two
    /// such blocks or more, up to 95 with `Balance:` lines in them and a `From:` or `Account:`
    /// header. No other format pfin reads has lines labelled so.
    public static func sniff(_ input: SniffInput) -> Sniff {
        BlocksSniffer.sniff(input)
    }

    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        let file = input.displayName
        let prefix = try input.peek(upTo: Self.detectionWindow)
        guard Self.hasText(prefix) else {
            return try sink.report(BlocksIssue.empty.diagnostic(at: SourceLocation(file: file, line: 1)))
        }
        let guess = TextEncoding.guess(prefix, isComplete: prefix.count < Self.detectionWindow)
        let isUTF16 = guess.encoding == .utf16LE || guess.encoding == .utf16BE
        if let nul = guess.nulOffset, !isUTF16 {
            let line = prefix[..<nul].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            return try sink.report(BlocksIssue.binary(offset: nul).diagnostic(at: SourceLocation(file: file, line: line)))
        }
        // Anything not UTF-8 is transcoded on the way in, so lines are UTF-8 from there on; a line
        // of a UTF-8 file that is not is read as Windows-1252 (`BlocksLine`).
        let transcoder = guess.encoding == .utf8 ? nil : UTF8Transcoder(encoding: isUTF16 ? guess.encoding : .windows1252)
        // Old Mac files end lines with CR alone.
        let lineBreak: UInt8 = !prefix.contains(0x0A) && prefix.contains(0x0D) ? 0x0D : 0x0A
        var mapper = BlocksMapper(file: file, options: options)
        let buffer = ByteBuffer(capacity: chunkSize * 2)
        var lines = LineSplitter(buffer: buffer, maximumLineBytes: maximumLineBytes, lineBreak: lineBreak)
        var chunks = TextChunks(input, chunkSize: chunkSize, transcoder: transcoder)
        var isFinal = false
        while !isFinal {
            isFinal = try chunks.fill(buffer)
            try lines.split(
                isFinal: isFinal,
                emit: { text, number in
                    try mapper.take(BlocksLine(text, number: number), into: &sink)
                },
                overlong: { number in
                    try sink.report(BlocksIssue.overlongLine(limit: maximumLineBytes).diagnostic(at: SourceLocation(file: file, line: number, column: 1)))
                })
        }
        try mapper.finish(into: &sink)
    }

    /// Whether `bytes` hold anything but a UTF-8 byte-order mark and blank space (spaces, tabs,
    /// line breaks, no-break spaces in Windows-1252 or UTF-8).
    static func hasText(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D, 0xA0: i += 1
            case 0xC2 where i + 1 < bytes.count && bytes[i + 1] == 0xA0: i += 2
            default: return true
            }
        }
        return false
    }
}
