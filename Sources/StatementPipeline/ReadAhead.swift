import FinanceCore
import Glibc
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
    ///   - opened: called with the input once it is open, on the reading thread (a progress line
    ///     watches its `bytesRead`, which is safe to read from another thread).
    public static func read<Sink: ActivitySink>(
        _ source: InputSource, options: ReadOptions, into sink: inout Sink, threads: Int = defaultThreads,
        opened: @escaping @Sendable (ByteInput) -> Void = { _ in }
    ) throws {
        guard threads > 1 else { return try source.read(options: options, into: &sink, opened: opened) }
        let wantsRowBalances = sink.wantsRowBalances
        let failure: Error? = try BatchPipeline.run(
            capacity: capacity,
            produce: { channel in
                var forwarding = ForwardingSink(channel: channel, wantsRowBalances: wantsRowBalances)
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
            consume: { batch in
                // Each call moved out, a placeholder left in its place: the sink owns the activity
                // without copying it (a copy retains and releases every string in it).
                try batch.withUnsafeMutableBufferPointer { calls in
                    guard let first = calls.baseAddress else { return }
                    for i in 0..<calls.count {
                        let call = (first + i).move()
                        (first + i).initialize(to: .taken)
                        try call.replay(into: &sink)
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
    case report(Diagnostic)
    case statement(StatementInfo)
    case rowBalance(RowBalance)
    case skipped(SkippedLines)
    /// What a call leaves behind in its batch once replayed.
    case taken

    @inline(__always)
    consuming func replay<Sink: ActivitySink>(into sink: inout Sink) throws {
        switch consume self {
        case .accept(let activity): try sink.accept(activity)
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
    var batch: [ReaderCall] = []

    init(channel: BatchChannel<[ReaderCall]>, wantsRowBalances: Bool) {
        self.channel = channel
        self.wantsRowBalances = wantsRowBalances
        batch.reserveCapacity(ReadAhead.batchSize)
    }

    mutating func accept(_ activity: consuming PaymentActivity) throws { try append(.accept(consume activity)) }
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
        if batch.capacity < ReadAhead.batchSize { batch.reserveCapacity(ReadAhead.batchSize) }
    }
}
