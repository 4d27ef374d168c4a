import Glibc

/// A bounded, blocking queue of batches between one producer thread and one consumer thread, with
/// emptied batches handed back for reuse and cancellation by the consumer.
public final class BatchChannel<Batch>: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var changed = pthread_cond_t()
    private var queue: [Batch] = []
    /// Emptied batches going back to the producer, so their storage is reused.
    private var spare: [Batch] = []
    private var closed = false
    private var cancelled = false
    private let capacity: Int

    public init(capacity: Int) {
        self.capacity = capacity
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&changed, nil)
    }

    deinit {
        pthread_cond_destroy(&changed)
        pthread_mutex_destroy(&mutex)
    }

    /// Queues a batch, waiting while the queue is full; `false` once the consumer has stopped.
    public func send(_ batch: Batch) -> Bool {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        while queue.count >= capacity && !cancelled { pthread_cond_wait(&changed, &mutex) }
        guard !cancelled else { return false }
        queue.append(batch)
        pthread_cond_broadcast(&changed)
        return true
    }

    /// The next batch, waiting for one; `nil` once the producer has closed and all are taken.
    public func receive() -> Batch? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        while queue.isEmpty && !closed { pthread_cond_wait(&changed, &mutex) }
        guard !queue.isEmpty else { return nil }
        let batch = queue.removeFirst()
        pthread_cond_broadcast(&changed)
        return batch
    }

    /// Gives an emptied batch back for reuse.
    public func recycle(_ batch: Batch) {
        pthread_mutex_lock(&mutex)
        if spare.count < capacity + 1 { spare.append(batch) }
        pthread_mutex_unlock(&mutex)
    }

    /// An emptied batch to record into, if one came back.
    public func reuse() -> Batch? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return spare.popLast()
    }

    /// The producer is done.
    public func close() {
        pthread_mutex_lock(&mutex)
        closed = true
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&mutex)
    }

    /// The consumer stopped: the producer's next `send` returns `false`.
    public func cancel() {
        pthread_mutex_lock(&mutex)
        cancelled = true
        queue.removeAll()
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&mutex)
    }

    /// How many batches wait for the consumer: a producer with optional work to share can do it
    /// when the consumer is behind and leave it when it is not.
    public var backlog: Int {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return queue.count
    }

    public var isCancelled: Bool {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return cancelled
    }
}
