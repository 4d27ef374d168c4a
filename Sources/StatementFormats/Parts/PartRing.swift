import FinanceCore
import Glibc

/// The parts of a file in flight (`PartReading`), in a ring: the reading thread cuts parts
/// into free slots and takes them in, in file order, once read; every thread (the reading one
/// when it has nothing else to do) takes the next part cut and not yet taken, and reads it.
///
/// Part `k` lives in slot `k % parts.count`; its slot is free again once it was taken in.
final class PartRing<Mapper: PartMapper>: @unchecked Sendable {
    let parts: [FilePart<Mapper>]
    private var mutex = pthread_mutex_t()
    private var changed = pthread_cond_t()
    /// Parts cut so far, and the next one for a thread to take.
    private var cut = 0
    private var claimed = 0
    /// Parts read, by slot (for the part in the slot now).
    private var read: [Bool]
    /// No more parts will be cut: threads waiting for one stop.
    private var closed = false
    /// Threads still reading parts.
    private var helpers = 0

    init(_ parts: [FilePart<Mapper>]) {
        self.parts = parts
        read = Array(repeating: false, count: parts.count)
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&changed, nil)
    }

    deinit {
        pthread_cond_destroy(&changed)
        pthread_mutex_destroy(&mutex)
    }

    private func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }

    var cutCount: Int { locked { cut } }

    /// The slot for the next part to cut, or `nil` while every slot holds a part not yet taken in.
    func freeSlot(takenIn: Int) -> FilePart<Mapper>? {
        let next = cutCount
        return next < takenIn + parts.count ? parts[next % parts.count] : nil
    }

    /// Makes the part just cut into the free slot available to the threads.
    func publish() {
        locked {
            read[cut % parts.count] = false
            cut += 1
            pthread_cond_broadcast(&changed)
        }
    }

    /// The next part to read, waiting for one to be cut when `waits`; `nil` when none is
    /// (after `close`, none will be).
    func claim(waits: Bool) -> Int? {
        locked {
            while claimed == cut {
                guard waits && !closed else { return nil }
                pthread_cond_wait(&changed, &mutex)
            }
            claimed += 1
            return claimed - 1
        }
    }

    func finished(_ part: Int) {
        locked {
            read[part % parts.count] = true
            pthread_cond_broadcast(&changed)
        }
    }

    func isRead(_ part: Int) -> Bool { locked { read[part % parts.count] } }

    /// Waits until part `part` was read, or any other change worth looking at again.
    func waitForRead(_ part: Int) {
        locked {
            if !read[part % parts.count] { pthread_cond_wait(&changed, &mutex) }
        }
    }

    /// Starts a thread that reads parts with `worker` until the ring is closed; `false` when no
    /// thread could be started (the reading thread then reads every part).
    func startHelper(worker: any PartWorker) -> Bool {
        locked { helpers += 1 }
        let started = PosixThread.start { [self] in
            while let part = claim(waits: true) {
                parts[part % parts.count].read(worker: worker)
                finished(part)
            }
            locked {
                helpers -= 1
                pthread_cond_broadcast(&changed)
            }
        }
        if !started { locked { helpers -= 1 } }
        return started
    }

    /// No more parts: waits for the helpers to finish the parts they took and stop.
    func close() {
        locked {
            closed = true
            pthread_cond_broadcast(&changed)
            while helpers > 0 { pthread_cond_wait(&changed, &mutex) }
        }
    }
}
