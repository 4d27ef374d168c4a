import Dispatch
import FinanceCore

/// Runs a parser on its own thread and the consumption of what it produces on the caller's, with
/// a bounded queue of batches (`BatchChannel`) between them. The OFX and CAMT readers use it.
///
/// Parsing (libxml2, or a tokenizer and character decoding) and mapping (activities, ids, the
/// writer behind the sink) each take about half the time; on two cores they overlap. At most
/// `capacity` batches wait, so memory stays bounded. If the caller stops (a `--strict` error),
/// the parser is told to stop and is waited for before returning: it never outlives the call,
/// nor uses the input afterwards.
enum ParsingPipeline {
    /// Hands each batch `produce` sends from another thread to `consume`, in order, then gives it
    /// back emptied (`clear`) for reuse; returns what `produce` returns.
    static func run<Batch>(capacity: Int = 4, produce: @escaping (BatchChannel<Batch>) -> InputError?,
                           consume: (inout Batch) throws -> Void, clear: (inout Batch) -> Void) throws -> InputError?
    {
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
        return job.result
    }
}

/// The producing side's work and result, handed across threads by hand (the input and parser it
/// uses are touched by that thread alone until `wait` returns).
private final class ProducerJob<Batch>: @unchecked Sendable {
    private let channel: BatchChannel<Batch>
    private let work: (BatchChannel<Batch>) -> InputError?
    private let done = DispatchSemaphore(value: 0)
    private(set) var result: InputError?

    init(channel: BatchChannel<Batch>, work: @escaping (BatchChannel<Batch>) -> InputError?) {
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
