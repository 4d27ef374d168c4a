import FinanceCore

/// One thread's means to take in the activities of the parts of a CSV file it reads (for a
/// conversion: clean the payee, apply the rules, encode the output row). A worker is used by one
/// thread at a time.
public protocol CSVPartWorker: AnyObject {
    /// Starts on a part: its activities go into `part`, one the caller made (`makePart`).
    func start(_ part: AnyObject)
    /// Takes the part's next activity; `false` when the part must be read again in file order
    /// instead (the worker had something to report, which only the file's order can place).
    func accept(_ activity: consuming PaymentActivity) -> Bool
}

/// How to read a large CSV file in parts on several threads, whole pipeline and all, and join the
/// parts in file order: what `--threads` does for a conversion whose output rows stand alone.
///
/// The file is cut into parts of about `partSize` bytes after a line feed, at most `partsAtOnce`
/// in flight (`CSVPartRing`). The threads share the parts out (each takes the next one not taken), each reading its
/// part with a mapper of its own (`CSVRowMapper.partReader`) into its worker and the part's
/// `Part`. Meanwhile the reading thread takes the parts before in, in file order: a part that held
/// only rows is adopted (`adopt`, with the ids numbered in file order); any other part (a bad
/// row, a warning, a cut inside a quoted field, a line count that does not match) is read again
/// in order on the reading thread into the sink, exactly as a reading without parts would. So the
/// sink sees what it would see without parts, and the output is the same byte for byte
/// (`ConversionPartsTests` compares them, and the `csv` fuzz target).
public struct CSVPartReading<Sink: ActivitySink, Part: AnyObject> {
    /// Threads that read parts, the reading thread among them.
    public var threads: Int
    public var partSize: Int
    public var partsAtOnce: Int
    /// Makes the worker of thread `slot`, on the reading thread before the first part; slot 0 is
    /// the reading thread's own (which reads parts only between its calls to the sink).
    public var makeWorker: (_ slot: Int) -> any CSVPartWorker
    /// Makes what holds a part's rows (`partsAtOnce` of them, reused part after part).
    public var makePart: () -> Part
    /// Readies a part for its next rows, on the reading thread, knowing the sink so far.
    public var begin: (inout Sink, Part) -> Void
    /// Takes a part's rows into the sink, in file order on the reading thread: `rows` of them,
    /// with the ids that numbering in file order changed.
    public var adopt: (inout Sink, Part, _ rows: Int, _ renumbered: RenumberedIDs) throws -> Void

    public init(
        threads: Int, partSize: Int = 1 << 18, partsAtOnce: Int? = nil, makeWorker: @escaping (Int) -> any CSVPartWorker,
        makePart: @escaping () -> Part, begin: @escaping (inout Sink, Part) -> Void,
        adopt: @escaping (inout Sink, Part, Int, RenumberedIDs) throws -> Void
    ) {
        self.threads = max(threads, 1)
        self.partSize = partSize
        self.partsAtOnce = partsAtOnce ?? 4 * max(threads, 1)
        self.makeWorker = makeWorker
        self.makePart = makePart
        self.begin = begin
        self.adopt = adopt
    }
}

/// One part of the file, read by whichever thread takes it.
final class CSVPart: @unchecked Sendable {
    let mapper: CSVRowMapper
    /// The caller's `Part`, which takes the rows.
    let rows: AnyObject
    let bytes: ByteBuffer
    /// The line the part is taken to start on, counted by the reading thread.
    var startLine = 1
    /// What the reading made of it: bytes of whole records, the line after them, and whether
    /// only rows came (nothing reported, nothing held back).
    private(set) var consumed = 0
    private(set) var endLine = 1
    private(set) var onlyRows = false

    init(mapper: CSVRowMapper, rows: AnyObject, capacity: Int) {
        self.mapper = mapper
        self.rows = rows
        bytes = ByteBuffer(capacity: capacity)
    }

    private struct NotOnlyRows: Error {}

    /// A sink that takes activities into the worker and refuses everything else.
    private struct RowsOnly: ActivitySink {
        let worker: any CSVPartWorker
        mutating func accept(_ activity: consuming PaymentActivity) throws {
            guard worker.accept(activity) else { throw NotOnlyRows() }
        }
        mutating func report(_ diagnostic: Diagnostic) throws { throw NotOnlyRows() }
        mutating func statement(_ info: StatementInfo) throws { throw NotOnlyRows() }
        mutating func skipped(_ lines: SkippedLines) throws { throw NotOnlyRows() }
    }

    /// Reads the part's records (up to the last whole one) through `worker`.
    func read(delimiter: UInt8, worker: any CSVPartWorker) {
        worker.start(rows)
        let tokenizer = CSVTokenizer(delimiter: delimiter)
        tokenizer.line = startLine
        var sink = RowsOnly(worker: worker)
        let mapper = mapper
        do {
            consumed = try bytes.withBytes { bytes in
                try tokenizer.tokenize(
                    bytes, isFinal: false, onRecord: { try mapper.map($0, into: &sink) }, onProblem: { _ in throw NotOnlyRows() })
            }
            onlyRows = mapper.partEndedClean
        } catch {
            onlyRows = false
        }
        endLine = tokenizer.line
    }
}

extension CSVStatementReader {
    /// Reads the rest of `input` in parts (see `CSVPartReading`), from where `mapper` and
    /// `tokenizer` are: past the header, with `text` holding what was read and not yet mapped.
    /// Returns at the end of the input with `text` holding what is left for the final call.
    ///
    /// `inOrder` maps what `text` holds on this thread, as a reading without parts does.
    func readParts<Sink: ActivitySink, Part: AnyObject>(
        _ input: ByteInput, delimiter: UInt8, mapper: CSVRowMapper, tokenizer: CSVTokenizer, text: ByteBuffer,
        into sink: inout Sink, parts plan: CSVPartReading<Sink, Part>, inOrder: (inout Sink) throws -> Void
    ) throws {
        let workers = (0..<plan.threads).map { plan.makeWorker($0) }
        let ring = CSVPartRing(
            (0..<max(plan.partsAtOnce, 2)).map { _ in
                CSVPart(mapper: mapper.partReader(), rows: plan.makePart(), capacity: plan.partSize + (1 << 16))
            })
        // Bytes read past the last cut, and the line they start on.
        let ahead = ByteBuffer(capacity: 1 << 16)
        text.withBytes { ahead.append($0) }
        text.removeAll()
        var aheadLine = tokenizer.line
        var atEnd = false
        // Parts are cut, and their lines counted, at line feeds; at carriage returns in a file
        // that has none (classic Mac line ends), decided on the first part.
        var lineBreak: UInt8?

        /// Fills `part` with the next bytes of the input, cut after its last line feed (a part
        /// without one is cut where it ends); `false` at the end of the input.
        func cut(_ part: CSVPart, into sink: inout Sink) throws -> Bool {
            part.bytes.removeAll()
            ahead.withBytes { part.bytes.append($0) }
            ahead.removeAll()
            while part.bytes.count < plan.partSize {
                let before = part.bytes.count
                try part.bytes.fill(maximum: plan.partSize - before) { try input.read(into: $0) }
                if part.bytes.count == before {
                    atEnd = true
                    break
                }
            }
            let breaks = lineBreak ?? part.bytes.withBytes { Self.lineBreak(in: $0) }
            lineBreak = breaks
            var end = part.bytes.withBytes { ByteScan.afterLast(breaks, in: $0) }
            if end == 0 || atEnd { end = part.bytes.count }
            part.bytes.withBytes { ahead.append(UnsafeBufferPointer(rebasing: $0[end...])) }
            part.bytes.removeLast(part.bytes.count - end)
            guard part.bytes.count > 0 else { return false }
            part.startLine = aheadLine
            aheadLine += part.bytes.withBytes { ByteScan.count(breaks, in: $0) }
            part.mapper.beginPart(after: mapper)
            plan.begin(&sink, part.rows as! Part)
            return true
        }

        /// Takes a part in: adopted when it held only rows and starts where the reading in order
        /// is, else read again in order.
        func takeIn(_ part: CSVPart, into sink: inout Sink) throws {
            if text.count == 0 && part.onlyRows && part.startLine == tokenizer.line {
                let renumbered = try mapper.adopt(part.mapper, into: &sink)
                try plan.adopt(&sink, part.rows as! Part, part.mapper.partRows, renumbered)
                tokenizer.line = part.endLine
                part.bytes.withBytes { text.append(UnsafeBufferPointer(rebasing: $0[part.consumed...])) }
            } else {
                part.bytes.withBytes { text.append($0) }
                try inOrder(&sink)
            }
        }

        for worker in workers.dropFirst() where !ring.startHelper(delimiter: delimiter, worker: worker) { break }
        defer { ring.close() }
        // This thread takes in what is read, in order; else cuts parts ahead; else reads one.
        var takenIn = 0
        while true {
            if takenIn < ring.cutCount && ring.isRead(takenIn) {
                try takeIn(ring.parts[takenIn % ring.parts.count], into: &sink)
                takenIn += 1
            } else if !atEnd, let slot = ring.freeSlot(takenIn: takenIn) {
                if try cut(slot, into: &sink) { ring.publish() }
            } else if let part = ring.claim(waits: false) {
                ring.parts[part % ring.parts.count].read(delimiter: delimiter, worker: workers[0])
                ring.finished(part)
            } else if takenIn < ring.cutCount {
                ring.waitForRead(takenIn)
            } else {
                break
            }
        }
        // The input ended in the last part: its unfinished line, if any, goes to the final call.
        ahead.withBytes { text.append($0) }
    }

    /// The byte that ends lines in `bytes`: a line feed (LF or CRLF), or a carriage return when
    /// there is none.
    static func lineBreak(in bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        return ByteScan.afterLast(lf, in: bytes) == 0 && ByteScan.afterLast(cr, in: bytes) > 0 ? cr : lf
    }
}
