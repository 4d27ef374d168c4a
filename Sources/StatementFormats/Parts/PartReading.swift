import FinanceCore

/// One thread's means to take in the activities of the parts of a file it reads (for a
/// conversion: clean the payee, apply the rules, encode the output row). A worker is used by one
/// thread at a time.
public protocol PartWorker: AnyObject {
    /// Starts on a part: its activities go into `part`, one the caller made (`makePart`).
    func start(_ part: AnyObject)
    /// Takes the part's next activity; `false` when the part must be read again in file order
    /// instead (the worker had something to report, which only the file's order can place).
    func accept(_ activity: consuming PaymentActivity) -> Bool
    /// Ends the part: `false` when it must be read again in order (a worker that takes
    /// activities in batches reports here what the last batch held).
    func finish() -> Bool
}

extension PartWorker {
    public func finish() -> Bool { true }
}

/// How to read a large file whose records are lines (CSV, JSON Lines) in parts on several
/// threads, whole pipeline and all, and join the parts in file order: what `--threads` does for a
/// conversion whose output rows stand alone.
///
/// The file is cut into parts of about `partSize` bytes after a line break, at most `partsAtOnce`
/// in flight (`PartRing`). The threads share the parts out (each takes the next one not taken),
/// each reading its part with a mapper of its own (`PartMapper`) into its worker and the part's
/// `Part`. Meanwhile the reading thread takes the parts before in, in file order: a part that held
/// only rows is adopted (`adopt`, with the ids numbered in file order); any other part (a bad
/// row, a warning, a cut inside a record, a line count that does not match) is read again in
/// order on the reading thread into the sink, exactly as a reading without parts would. So the
/// sink sees what it would see without parts, and the output is the same byte for byte
/// (`ConversionPartsTests` compares them, and the `csv` and `jsonl` fuzz targets).
public struct PartReading<Sink: ActivitySink, Part: AnyObject> {
    /// Threads that read parts, the reading thread among them.
    public var threads: Int
    public var partSize: Int
    public var partsAtOnce: Int
    /// Makes the worker of thread `slot`, on the reading thread before the first part; slot 0 is
    /// the reading thread's own (which reads parts only between its calls to the sink).
    public var makeWorker: (_ slot: Int) -> any PartWorker
    /// Makes what holds a part's rows (`partsAtOnce` of them, reused part after part).
    public var makePart: () -> Part
    /// Readies a part for its next rows, on the reading thread, knowing the sink so far.
    public var begin: (inout Sink, Part) -> Void
    /// Takes a part's rows into the sink, in file order on the reading thread: `rows` of them,
    /// with the ids that numbering in file order changed.
    public var adopt: (inout Sink, Part, _ rows: Int, _ renumbered: RenumberedIDs) throws -> Void

    public init(
        threads: Int, partSize: Int = 1 << 18, partsAtOnce: Int? = nil, makeWorker: @escaping (Int) -> any PartWorker,
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

/// The parts of a reading without parts (`PartReading` is `nil`): never made.
final class NoParts {
    private init() {}
}
