import Dispatch
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

/// A bounded, blocking queue of event batches between one producer and one consumer.
final class OFXBatchChannel: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var changed = pthread_cond_t()
    private var queue: [OFXEventBatch] = []
    /// Emptied batches going back to the producer, so their storage is reused.
    private var spare: [OFXEventBatch] = []
    private var closed = false
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&changed, nil)
    }

    deinit {
        pthread_cond_destroy(&changed)
        pthread_mutex_destroy(&mutex)
    }

    /// Queues a batch, waiting while the queue is full; `false` once the consumer has stopped.
    func send(_ batch: OFXEventBatch) -> Bool {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        while queue.count >= capacity && !cancelled { pthread_cond_wait(&changed, &mutex) }
        guard !cancelled else { return false }
        queue.append(batch)
        pthread_cond_broadcast(&changed)
        return true
    }

    /// The next batch, waiting for one; `nil` once the producer has closed and all are taken.
    func receive() -> OFXEventBatch? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        while queue.isEmpty && !closed { pthread_cond_wait(&changed, &mutex) }
        guard !queue.isEmpty else { return nil }
        let batch = queue.removeFirst()
        pthread_cond_broadcast(&changed)
        return batch
    }

    /// Gives an emptied batch back for reuse.
    func recycle(_ batch: OFXEventBatch) {
        pthread_mutex_lock(&mutex)
        if spare.count < capacity + 1 { spare.append(batch) }
        pthread_mutex_unlock(&mutex)
    }

    /// An emptied batch to record into, if one came back.
    func reuse() -> OFXEventBatch? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return spare.popLast()
    }

    /// The producer is done.
    func close() {
        pthread_mutex_lock(&mutex)
        closed = true
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&mutex)
    }

    /// The consumer stopped: the producer's next `send` returns `false`.
    func cancel() {
        pthread_mutex_lock(&mutex)
        cancelled = true
        queue.removeAll()
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&mutex)
    }

    var isCancelled: Bool {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return cancelled
    }
}
