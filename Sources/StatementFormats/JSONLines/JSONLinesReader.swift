import FinanceCore
import Glibc

/// Reads JSON Lines as pfin writes them (CONTRACT.md, "JSON Lines"): one transaction per line, so
/// that pfin's own output can be read again, in pipelines (`pfin convert a.csv | pfin convert --to
/// ofx`) and as categorised history.
///
/// Streaming: lines are cut from chunks with `memchr` and each is scanned on its bytes, so memory
/// stays flat whatever the file's size. A line longer than `maximumLineBytes` is reported and
/// skipped without ever being held whole.
///
/// Decisions a writer of JSON Lines for pfin should know:
/// - `date`, `amount` and `name` are required; `name` may be `""` (pfin writes that when a bank
///   gives no payee) but not `null`. The other keys may be absent or `null`.
/// - `amount` is a decimal string (`"-54.20"`) or a JSON number written without an exponent; its
///   digits are kept exactly, scale included.
/// - A key pfin reads may appear only once per record; keys it does not read are ignored.
/// - A valid `id` (16 lower-case hex digits) and a `source` of the form `FILE:LINE` are kept;
///   otherwise the id is computed as for CSV rows and the source is this file and line.
///   `--account` replaces the account but not a kept id (the id names the transaction as first read).
public struct JSONLinesReader: StatementReader {
    public static let format = StatementFormat.jsonl
    /// The longest line read: far beyond any transaction, small enough to hold.
    public static let defaultMaximumLineBytes = 1 << 20

    let maximumLineBytes: Int
    /// Bytes read per chunk.
    let chunkSize: Int

    /// 128 KiB chunks are parsed while the copy from the page cache is still in L2; 1 MiB ones
    /// measured 0–4% slower on a 1M-row file (`pfin-bench jsonl`).
    public init() {
        self.init(maximumLineBytes: Self.defaultMaximumLineBytes, chunkSize: 1 << 17)
    }

    /// A reader with other limits, to test long lines and chunk boundaries with small inputs.
    init(maximumLineBytes: Int, chunkSize: Int) {
        self.maximumLineBytes = maximumLineBytes
        self.chunkSize = chunkSize
    }

    /// Sure when the first line (after a byte-order mark and blank lines) is a JSON object with a
    /// `date` or `amount` key. A CSV whose first cell starts with `{` is not such an object.
    public static func sniff(_ input: SniffInput) -> Sniff {
        let score = sniffScore(input.text)
        return score > 0
            ? .yes(score, "a JSON object with 'date' or 'amount' on line \(input.line(at: SniffPrefix.contentStart(input.text)))")
            : .no("the first line is not a JSON object with a 'date' or 'amount' key")
    }

    private static func sniffScore(_ prefix: [UInt8]) -> Int {
        prefix.withUnsafeBufferPointer { all in
            let start = SniffPrefix.contentStart(all)
            guard start < all.count, all[start] == UInt8(ascii: "{") else { return 0 }
            let end = all[start...].firstIndex(of: UInt8(ascii: "\n")) ?? all.count
            let isWhole = end < all.count
            var sawKey = false
            do throws(JSONLinesProblem) {
                return try JSONObjectScanner.scanning(UnsafeBufferPointer(rebasing: all[start..<end]), scratch: ByteBuffer(capacity: 256)) {
                    (scanner) throws(JSONLinesProblem) in
                    try scanner.beginObject()
                    while let key = try scanner.nextKey() {
                        if let field = JSONLinesField(key: key), field == .date || field == .amount { sawKey = true }
                        _ = try scanner.value()
                    }
                    try scanner.end()
                    return sawKey ? 95 : 0
                }
            } catch {
                // A first line longer than the prefix fails where the prefix ends; judge what came before.
                return !isWhole && sawKey ? 80 : 0
            }
        }
    }

    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        try read(input, options: options, into: &sink, parts: PartReading<_, NoParts>?.none)
    }

    /// The same, the file past its first chunk read in parts on several threads as `parts` says
    /// (the sink sees the same calls; see `PartReading`).
    public func read<Sink: ActivitySink, Part: AnyObject>(
        _ input: ByteInput, options: ReadOptions, into sink: inout Sink, parts: PartReading<Sink, Part>?
    ) throws {
        let file = input.displayName
        let mapper = JSONLinesMapper(file: file, options: options)
        let buffer = ByteBuffer(capacity: chunkSize + 64)
        var lines = LineSplitter(buffer: buffer, maximumLineBytes: maximumLineBytes)
        // Read in parts, the first chunk is a part's size: the parts start right after it.
        var chunks = TextChunks(input, chunkSize: parts.map { min($0.partSize, chunkSize) } ?? chunkSize)
        let maximumLineBytes = maximumLineBytes
        func split(isFinal: Bool, into sink: inout Sink) throws {
            try lines.split(
                isFinal: isFinal,
                emit: { text, number in
                    try mapper.map(text, number: number, into: &sink)
                },
                overlong: { number in
                    try sink.report(JSONLinesIssue.overlongLine(limit: maximumLineBytes).diagnostic(at: SourceLocation(file: file, line: number, column: 1)))
                })
        }

        var isFinal = false
        var started = false
        while !isFinal {
            if let parts, started, !sink.wantsRowBalances {
                // Past the first chunk (its byte-order mark gone), the rest in parts.
                let reading = InOrderReading<Sink, JSONLinesMapper>(
                    text: buffer, line: { lines.line }, setLine: { lines.resume(atLine: $0) }, isAtRecordStart: { lines.isAtLineStart },
                    makeMapper: { mapper.partReader(maximumLineBytes: maximumLineBytes) }, beginPart: { $0.beginPart() },
                    adopt: { part, sink in try mapper.adopt(part, into: &sink) },
                    mapText: { try split(isFinal: false, into: &$0) }, lineBreak: { _ in 0x0A })
                try PartsDriver.read(input, into: &sink, parts: parts, reading: reading)
                isFinal = true
            } else {
                isFinal = try chunks.fill(buffer)
                started = true
            }
            try split(isFinal: isFinal, into: &sink)
        }
    }
}
