import FinanceCore
import Glibc

/// Reads SWIFT MT940 customer statements: SWIFT messages with block headers, and the bare field
/// lists (`.sta`) German online banking exports, one or many statements per file.
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

    /// Sure when the text starts (after a byte-order mark, blank lines and `{1:`… block headers)
    /// with `:20:` and has a `:25:` or `:60F:` field; nothing else starts that way, so CSV, OFX
    /// and QIF files are never taken.
    public static func sniff(_ input: SniffInput) -> Sniff {
        let score = sniffScore(input.text)
        return score > 0 ? .yes(score, "':20:' opens the fields, with ':25:' or ':60F:' after it")
            : .no("no ':20:' field with ':25:' or ':60F:' after it at the start")
    }

    private static func sniffScore(_ prefix: [UInt8]) -> Int {
        prefix.withUnsafeBufferPointer { all in
            var i = all.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while i < all.count {
                let c = all[i]
                if c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A {
                    i += 1
                } else if c == UInt8(ascii: "{") {
                    // Skip a block header: `{1:…}`, `{2:…}`, `{3:{…}}`; `{4:` opens the fields.
                    guard i + 2 < all.count, all[i + 2] == UInt8(ascii: ":") else { return 0 }
                    if all[i + 1] == UInt8(ascii: "4") {
                        i += 3
                        continue
                    }
                    var depth = 0
                    while i < all.count {
                        if all[i] == UInt8(ascii: "{") { depth += 1 }
                        if all[i] == UInt8(ascii: "}") { depth -= 1 }
                        i += 1
                        if depth == 0 { break }
                    }
                } else {
                    break
                }
            }
            guard all.count - i >= 4, all[i] == UInt8(ascii: ":"), all[i + 1] == UInt8(ascii: "2"),
                all[i + 2] == UInt8(ascii: "0"), all[i + 3] == UInt8(ascii: ":")
            else { return 0 }
            let rest = UnsafeBufferPointer(rebasing: all[i...])
            return SniffPrefix.contains(":25:", in: rest) || SniffPrefix.contains(":60F:", in: rest) ? 90 : 0
        }
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
        let passThrough = guess.encoding == .utf8
        let mapper = MT940StatementMapper(file: file, options: options, checkUTF8: passThrough)
        var assembler = MT940FieldAssembler()
        let buffer = ByteBuffer(capacity: chunkSize * 2)
        var lines = LineSplitter(buffer: buffer, maximumLineBytes: maximumLineBytes)
        var chunks = TextChunks(input, chunkSize: chunkSize, transcoder: passThrough ? nil : UTF8Transcoder(encoding: guess.encoding))
        var isFinal = false

        while !isFinal {
            isFinal = try chunks.fill(buffer)
            try lines.split(isFinal: isFinal, emit: { text, number in
                try assembler.take(text, number: number) { try mapper.handle($0, into: &sink) }
            }, overlong: { number in
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
