import Dispatch

/// Runs a producer on its own thread and the consumption of what it produces on the caller's,
/// with a bounded queue of batches (`BatchChannel`) between them.
///
/// The OFX and CAMT readers run their parser as the producer (parsing and mapping each take about
/// half the time; on two cores they overlap); `pfin import` runs reading and rules as the producer
/// and the ledger's inserts as the consumer. At most `capacity` batches wait, so memory stays
/// bounded. If the consumer throws (a `--strict` error), the producer is told to stop (its next
/// `send` returns `false`) and is waited for before the error goes on: it never outlives the call,
/// nor uses its input afterwards.
public enum BatchPipeline {
    /// Hands each batch `produce` sends from another thread to `consume`, in order, then gives it
    /// back emptied (`clear`) for reuse; returns what `produce` returns.
    public static func run<Batch, Outcome>(
        capacity: Int = 4, produce: @escaping (BatchChannel<Batch>) -> Outcome,
        consume: (inout Batch) throws -> Void, clear: (inout Batch) -> Void
    ) throws -> Outcome {
        let channel = BatchChannel<Batch>(capacity: capacity)
        let job = ProducerJob(channel: channel, work: produce)
        DispatchQueue.global().async { job.run() }
        do {
            while var batch = channel.receive() {
                try consume(&batch)
                clear(&batch)
                channel.recycle(batch)
            }
        } catch {
            channel.cancel()
            job.wait()
            throw error
        }
        job.wait()
        return job.result!
    }
}

/// The producing side's work and result, handed across threads by hand (whatever the work uses is
/// touched by its thread alone until `wait` returns).
private final class ProducerJob<Batch, Outcome>: @unchecked Sendable {
    private let channel: BatchChannel<Batch>
    private let work: (BatchChannel<Batch>) -> Outcome
    private let done = DispatchSemaphore(value: 0)
    private(set) var result: Outcome?

    init(channel: BatchChannel<Batch>, work: @escaping (BatchChannel<Batch>) -> Outcome) {
        self.channel = channel
        self.work = work
    }

    func run() {
        result = work(channel)
        channel.close()
        done.signal()
    }

    func wait() { done.wait() }
}
