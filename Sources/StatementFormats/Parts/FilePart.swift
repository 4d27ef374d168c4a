import FinanceCore

/// A format's reader of the parts of one file, read apart from the file's own reading: a mapper
/// that starts where the file's header left it (`PartsDriver` makes one per slot of the ring).
protocol PartMapper: AnyObject {
    /// Reads the whole records of `bytes`, which start on line `line`, into `sink` (which throws
    /// at anything but an activity); returns the bytes of whole records read and the line after
    /// them.
    func readPart(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, into sink: inout PartRowsSink) throws -> (consumed: Int, endLine: Int)
    /// Whether the part ended with nothing held back (a row that a later one decides about).
    var partEndedClean: Bool { get }
    /// The activities the part's reading sent.
    var partRows: Int { get }
}

/// A sink that takes a part's activities into its thread's worker and refuses everything else:
/// the part is then read again in order.
struct PartRowsSink: ActivitySink {
    struct NotOnlyRows: Error {}

    let worker: any PartWorker
    mutating func accept(_ activity: consuming PaymentActivity) throws {
        guard worker.accept(activity) else { throw NotOnlyRows() }
    }
    mutating func report(_ diagnostic: Diagnostic) throws { throw NotOnlyRows() }
    mutating func statement(_ info: StatementInfo) throws { throw NotOnlyRows() }
    mutating func skipped(_ lines: SkippedLines) throws { throw NotOnlyRows() }
}

/// One part of the file, read by whichever thread takes it.
final class FilePart<Mapper: PartMapper>: @unchecked Sendable {
    let mapper: Mapper
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

    init(mapper: Mapper, rows: AnyObject, capacity: Int) {
        self.mapper = mapper
        self.rows = rows
        bytes = ByteBuffer(capacity: capacity)
    }

    /// Reads the part's records (up to the last whole one) through `worker`.
    func read(worker: any PartWorker) {
        worker.start(rows)
        var sink = PartRowsSink(worker: worker)
        do {
            (consumed, endLine) = try bytes.withBytes { try mapper.readPart($0, line: startLine, into: &sink) }
            onlyRows = mapper.partEndedClean && worker.finish()
        } catch {
            onlyRows = false
        }
    }
}
