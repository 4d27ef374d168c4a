import Dispatch
import FinanceCore
import Glibc

/// Runs an OFX parser on its own thread and the mapping of its events on the caller's, with a
/// bounded queue of event batches between them.
///
/// Parsing (libxml2, or the SGML tokenizer and character decoding) and mapping (activities, ids,
/// the writer behind the sink) each take about half the time; on two cores they overlap. At most
/// `capacity` batches (each from 64 KiB to 1 MiB of input) wait, so memory stays bounded. If the
/// caller stops (a `--strict` error), the parser is told to stop and is waited for before
/// returning: it never outlives the call, nor uses the input afterwards.
enum OFXEventPipeline {
    /// Replays into `handler` the batches `produce` sends from another thread; returns what
    /// `produce` returns.
    static func run<Handler: OFXEventHandler>(into handler: inout Handler,
                                              produce: @escaping (OFXBatchChannel) -> InputError?) throws -> InputError?
    {
        let channel = OFXBatchChannel(capacity: 4)
        let job = ProducerJob(channel: channel, work: produce)
        DispatchQueue.global().async { job.run() }
        do {
            while var batch = channel.receive() {
                try batch.replay(into: &handler)
                batch.clear()
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
private final class ProducerJob: @unchecked Sendable {
    private let channel: OFXBatchChannel
    private let work: (OFXBatchChannel) -> InputError?
    private let done = DispatchSemaphore(value: 0)
    private(set) var result: InputError?

    init(channel: OFXBatchChannel, work: @escaping (OFXBatchChannel) -> InputError?) {
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

/// The queue of event batches between the OFX parser and the mapper.
typealias OFXBatchChannel = BatchChannel<OFXEventBatch>
