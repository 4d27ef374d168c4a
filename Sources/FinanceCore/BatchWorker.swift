import Glibc

/// Work on items done in order on a thread of its own, fed in batches: the mirror of
/// `BatchPipeline`, where the other thread produces and the caller consumes. Here the caller
/// produces (`append`) and the worker consumes, so that work whose result is only needed at the
/// end (encoding a report's month files) leaves the caller's thread.
///
/// At most `capacity` batches wait, so memory stays bounded; the caller blocks when the worker is
/// behind. `finish` hands over the last batch and waits for the worker: everything `work` wrote
/// is the caller's to read after it. With `inBackground` false (`--threads 1`), `work` runs on the
/// caller's thread as each batch fills, and the results are the same.
///
/// The thread is a plain POSIX thread, not a Dispatch pool's: a pool may be as wide as the cores,
/// and a reading that already holds two of its threads would leave this worker waiting to start
/// while the caller waits on it.
public final class BatchWorker<Item>: @unchecked Sendable {
    private let work: (inout [Item]) -> Void
    @usableFromInline let batchSize: Int
    /// The batch being filled; `append` is inlined into the caller, specialised for its items (a
    /// generic call per item, through the type's metadata, cost more than the work handed over).
    @exclusivity(unchecked) @usableFromInline var batch: [Item] = []
    private let channel: BatchChannel<[Item]>?
    private var done: Latch?
    private var finished = false

    /// - Parameters:
    ///   - inBackground: whether `work` runs on a thread of its own (else on the caller's).
    ///   - batchSize: items handed over at a time.
    ///   - capacity: batches that may wait for the worker.
    ///   - work: takes one batch, in order; it may leave the batch as it likes (it is emptied after).
    public init(inBackground: Bool, batchSize: Int = 256, capacity: Int = 4, work: @escaping (inout [Item]) -> Void) {
        self.work = work
        self.batchSize = batchSize
        batch.reserveCapacity(batchSize)
        guard inBackground else {
            channel = nil
            return
        }
        let channel = BatchChannel<[Item]>(capacity: capacity)
        let done = Latch()
        let started = PosixThread.start {
            while var batch = channel.receive() {
                work(&batch)
                batch.removeAll(keepingCapacity: true)
                channel.recycle(batch)
            }
            done.open()
        }
        // Without a thread the work is done here, as with `inBackground` false.
        self.channel = started ? channel : nil
        self.done = started ? done : nil
    }

    deinit { finish() }

    /// Whether `work` runs on a thread of its own.
    public var inBackground: Bool { channel != nil }

    /// Adds one item; hands the batch over once it holds `batchSize`.
    @inlinable
    public func append(_ item: consuming Item) {
        batch.append(consume item)
        if batch.count >= batchSize { handOver() }
    }

    @usableFromInline
    func handOver() {
        guard let channel else {
            work(&batch)
            batch.removeAll(keepingCapacity: true)
            return
        }
        _ = channel.send(batch)
        batch = channel.reuse() ?? []
        if batch.capacity < batchSize { batch.reserveCapacity(batchSize) }
    }

    /// Hands over what is left and waits until the worker has done every batch. Later calls do nothing.
    public func finish() {
        guard !finished else { return }
        finished = true
        if !batch.isEmpty { handOver() }
        channel?.close()
        done?.wait()
    }
}
