import FinanceCore
import Glibc
import Rules
import StatementFormats

/// Reads an input on a second thread while the caller's thread takes everything the reader sends,
/// in the reader's order: parsing overlaps what follows it (payee cleaning, the rules, a writer or
/// a report), so a conversion or a report uses two cores.
///
/// The sink sees exactly the calls a direct `InputSource.read` would make, in the same order, so
/// the output is byte-identical whatever `threads` is (`ReadAheadTests` compares them on every
/// sample and on generated files). With `threads` 1 the input is read on the caller's thread.
///
/// At most `capacity` batches of `batchSize` calls wait between the threads (`BatchPipeline`), so
/// memory stays bounded. When the sink throws (a `--strict` stop, a write error), the reader is
/// told to stop and waited for before the error goes on; an error the reader throws reaches the
/// caller after the sink has taken everything sent before it.
///
///     var sink = RulesStage(engine, into: WriterSink(writer: writer, reporter: DiagnosticList()))
///     try ReadAhead.read(InputSource("may.csv"), options: ReadOptions(), into: &sink)
public enum ReadAhead {
    static let batchSize = 512
    static let capacity = 4

    /// The threads a reading uses unless told otherwise: two when the machine has two cores or
    /// more (one reads, one takes what is read), else one.
    public static var defaultThreads: Int { sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2 ? 2 : 1 }

    /// Reads `source` into `sink`, on a second thread when `threads` is 2 or more.
    ///
    /// - Parameters:
    ///   - source: the input and how to choose its reader.
    ///   - options: the reader's options.
    ///   - sink: receives every call the reader makes, in the reader's order, on the caller's thread.
    ///   - threads: 1 reads on the caller's thread; 2 or more on a second one.
    ///   - normaliser: cleans each activity's payee before the sink sees it (a `sibling()` of the
    ///     one the sink would use, which is then told not to). Cleaning is shared out: the
    ///     reading thread cleans a batch when the other is behind (two batches or more waiting),
    ///     the other thread cleans the rest with a sibling of its own. Names come out the same
    ///     either way: cleaning is a function of the text alone.
    ///   - opened: called with the input once it is open, on the reading thread (a progress line
    ///     watches its `bytesRead`, which is safe to read from another thread).
    public static func read<Sink: ActivitySink>(
        _ source: InputSource, options: ReadOptions, into sink: inout Sink, threads: Int = defaultThreads,
        normaliser: PayeeNormaliser? = nil, opened: @escaping @Sendable (ByteInput) -> Void = { _ in }
    ) throws {
        guard threads > 1 else {
            guard let normaliser else { return try source.read(options: options, into: &sink, opened: opened) }
            var normalising = NormalisingSink(base: sink, normaliser: normaliser)
            defer { sink = normalising.base }
            return try source.read(options: options, into: &normalising, opened: opened)
        }
        let wantsRowBalances = sink.wantsRowBalances
        let cleaner = normaliser?.sibling()
        let failure: Error? = try BatchPipeline.run(
            capacity: capacity,
            produce: { channel in
                var forwarding = ForwardingSink(channel: channel, wantsRowBalances: wantsRowBalances, normaliser: normaliser)
                do {
                    try source.read(options: options, into: &forwarding, opened: opened)
                    try forwarding.flush()
                } catch is ForwardingSink.Stopped {
                    // The sink stopped; the caller has its error.
                } catch {
                    // Sent after everything read before it.
                    try? forwarding.flush()
                    return error
                }
                return nil
            },
            consume: { (batch: inout [ReaderCall]) throws in
                // Each call moved out, a placeholder left in its place: the sink owns the activity
                // without copying it (a copy retains and releases every string in it).
                try batch.withUnsafeMutableBufferPointer { calls in
                    guard let first = calls.baseAddress else { return }
                    for i in 0..<calls.count {
                        let call = (first + i).move()
                        (first + i).initialize(to: .taken)
                        try call.replay(into: &sink, normaliser: cleaner)
                    }
                }
            },
            // Emptied on the reading thread (`ForwardingSink.flush`), which allocated the strings:
            // freeing them there keeps malloc's per-thread caches warm instead of sending every
            // free across threads to the arena of the one that allocated it.
            clear: { _ in })
        if let failure { throw failure }
    }
}

/// One call a reader made on its sink, to be made again on the other thread.
enum ReaderCall {
    case accept(PaymentActivity)
    /// An activity whose payee is still to be cleaned (`ReadAhead`'s `normaliser`).
    case acceptUncleaned(PaymentActivity)
    case report(Diagnostic)
    case statement(StatementInfo)
    case rowBalance(RowBalance)
    case skipped(SkippedLines)
    /// What a call leaves behind in its batch once replayed.
    case taken

    @inline(__always)
    consuming func replay<Sink: ActivitySink>(into sink: inout Sink, normaliser: PayeeNormaliser?) throws {
        switch consume self {
        case .accept(let activity): try sink.accept(activity)
        case .acceptUncleaned(var activity):
            normaliser?.normalise(&activity)
            try sink.accept(activity)
        case .report(let diagnostic): try sink.report(diagnostic)
        case .statement(let info): try sink.statement(info)
        case .rowBalance(let balance): try sink.rowBalance(balance)
        case .skipped(let lines): try sink.skipped(lines)
        case .taken: break
        }
    }
}

/// The reading thread's sink: records each call into batches for the channel.
private struct ForwardingSink: ActivitySink {
    struct Stopped: Error {}

    let channel: BatchChannel<[ReaderCall]>
    let wantsRowBalances: Bool
    let normaliser: PayeeNormaliser?
    var batch: [ReaderCall] = []
    /// Whether this thread cleans the payees of the batch being filled (see `ReadAhead.read`).
    var cleansBatch = false

    init(channel: BatchChannel<[ReaderCall]>, wantsRowBalances: Bool, normaliser: PayeeNormaliser?) {
        self.channel = channel
        self.wantsRowBalances = wantsRowBalances
        self.normaliser = normaliser
        batch.reserveCapacity(ReadAhead.batchSize)
    }

    mutating func accept(_ activity: consuming PaymentActivity) throws {
        guard let normaliser else { return try append(.accept(consume activity)) }
        if cleansBatch {
            normaliser.normalise(&activity)
            try append(.accept(consume activity))
        } else {
            try append(.acceptUncleaned(consume activity))
        }
    }
    mutating func report(_ diagnostic: Diagnostic) throws { try append(.report(diagnostic)) }
    mutating func statement(_ info: StatementInfo) throws { try append(.statement(info)) }
    mutating func rowBalance(_ balance: RowBalance) throws { try append(.rowBalance(balance)) }
    mutating func skipped(_ lines: SkippedLines) throws { try append(.skipped(lines)) }

    @inline(__always)
    private mutating func append(_ call: consuming ReaderCall) throws {
        batch.append(consume call)
        if batch.count >= ReadAhead.batchSize { try flush() }
    }

    mutating func flush() throws {
        guard !batch.isEmpty else { return }
        guard channel.send(batch) else { throw Stopped() }
        batch = channel.reuse() ?? []
        batch.removeAll(keepingCapacity: true)
        if normaliser != nil { cleansBatch = channel.backlog >= 2 }
        if batch.capacity < ReadAhead.batchSize { batch.reserveCapacity(ReadAhead.batchSize) }
    }
}

/// One thread with a normaliser given: cleans each payee, then hands the activity on.
private struct NormalisingSink<Base: ActivitySink>: ActivitySink {
    var base: Base
    let normaliser: PayeeNormaliser

    mutating func accept(_ activity: consuming PaymentActivity) throws {
        normaliser.normalise(&activity)
        try base.accept(activity)
    }
    mutating func report(_ diagnostic: Diagnostic) throws { try base.report(diagnostic) }
    mutating func statement(_ info: StatementInfo) throws { try base.statement(info) }
    var wantsRowBalances: Bool { base.wantsRowBalances }
    mutating func rowBalance(_ balance: RowBalance) throws { try base.rowBalance(balance) }
    mutating func skipped(_ lines: SkippedLines) throws { try base.skipped(lines) }
}
