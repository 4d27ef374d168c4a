import Glibc
import Synchronization

/// The temporary files of the atomic outputs open in this process, kept where a signal handler can
/// reach them: on SIGINT, SIGTERM, SIGHUP or SIGQUIT the handler unlinks every one, puts back the
/// disposition the signal had before and raises it again, so the process ends (or the program's own
/// handler runs) as it would have, without leaving a hidden `.NAME.pfin-PID-N.tmp` behind.
///
/// A signal handler may only call async-signal-safe functions: it must not allocate, take a lock or
/// touch a Swift array. So the paths are C strings (`strdup`, in ordinary code) whose addresses sit
/// in atomic words, in chunks of `chunkSize` that are allocated once and never moved or freed; the
/// handler only loads words and calls `unlink`, `sigaction` and `raise`. A path is freed when its
/// output is done, unless a handler has started (it may be reading the path), in which case it is
/// left: the process is ending.
///
/// The handlers are installed while at least one temporary is registered, and only for signals
/// that are not ignored (`nohup` keeps SIGHUP ignored; a job started with `&` in a script keeps
/// SIGINT ignored).
///
/// Other threads go on while a handler runs (report pages are written by several), so a thread
/// could create its temporary after the handler looked at its slot, and leave it behind. Creating
/// is therefore announced in an atomic count first: the handler marks that it has started, waits
/// until no thread is creating, and only then unlinks; a thread that sees the mark creates
/// nothing. Threads create, register and remove with these signals blocked, so a handler never
/// waits for the thread it interrupted, nor for the lock that thread holds.
enum TemporaryFiles {
    /// Slots per chunk, and chunks: up to 1,048,576 temporaries at once (a report of that many months).
    static let chunkSize = 1024
    static let chunkCount = 1024
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// A registered temporary: the slot that holds its path.
    struct Slot: Sendable {
        fileprivate let index: Int
    }

    /// Creates the temporary `path` with `make` (which returns its descriptor, or -1 with `errno`
    /// set), registered so that a signal ending the process removes it until `remove(_:)`.
    ///
    /// - Returns: the slot and the descriptor; `nil` (and `errno`) when `make` failed or a handler
    ///   has started, when nothing is created: the process is ending.
    static func create(_ path: String, _ make: () -> Int32) -> (slot: Slot, descriptor: Int32)? {
        let table = Table.shared
        return blockingSignals {
            table.creating.add(1, ordering: .sequentiallyConsistent)
            defer { table.creating.subtract(1, ordering: .sequentiallyConsistent) }
            guard table.handling.load(ordering: .sequentiallyConsistent) == 0 else {
                errno = EINTR
                return nil
            }
            let slot = register(path)
            let descriptor = make()
            guard descriptor >= 0 else {
                let failure = errno
                remove(slot)
                errno = failure
                return nil
            }
            return (slot, descriptor)
        }
    }

    /// Runs `body` with `signals` blocked on this thread.
    private static func blockingSignals<T>(_ body: () -> T) -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in signals { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// Registers `path`, to be removed if the process is ended by a signal before `remove(_:)`.
    private static func register(_ path: String) -> Slot {
        let table = Table.shared
        return table.registration.withLock { state in
            var index = state.nextFree
            while table.word(index).pointee.load(ordering: .sequentiallyConsistent) != 0 { index += 1 }
            precondition(index < chunkSize * chunkCount, "more than \(chunkSize * chunkCount) temporary files at once")
            table.ensureChunk(for: index)
            table.word(index).pointee.store(Int(bitPattern: strdup(path)), ordering: .sequentiallyConsistent)
            state.nextFree = index + 1
            state.count += 1
            if state.count == 1 { table.installHandlers() }
            return Slot(index: index)
        }
    }

    /// Forgets a temporary that was renamed into place or removed.
    static func remove(_ slot: Slot) {
        let table = Table.shared
        blockingSignals {
            table.registration.withLock { state in
                let address = table.word(slot.index).pointee.exchange(0, ordering: .sequentiallyConsistent)
                if table.handling.load(ordering: .sequentiallyConsistent) == 0 {
                    free(UnsafeMutableRawPointer(bitPattern: address))
                }
                state.nextFree = min(state.nextFree, slot.index)
                state.count -= 1
                if state.count == 0 { table.restoreHandlers() }
            }
        }
    }
}

/// The process-wide table behind `TemporaryFiles`.
private final class Table: Sendable {
    static let shared = Table()

    struct Registration {
        var nextFree = 0
        var count = 0
    }

    let registration = Mutex(Registration())
    /// Set by a handler before it reads the table; from then on no path is freed, nor created.
    let handling = Atomic<Int>(0)
    /// Threads between announcing a temporary and having it registered and created.
    let creating = Atomic<Int>(0)
    /// Addresses of the chunks (0: not allocated yet); each chunk holds `chunkSize` path addresses.
    nonisolated(unsafe) private let chunks: UnsafeMutablePointer<Atomic<Int>>
    /// The disposition each of `TemporaryFiles.signals` had before the handlers went in, by index;
    /// `installed[i]` is 1 while ours is in place.
    nonisolated(unsafe) private let previous: UnsafeMutablePointer<sigaction>
    nonisolated(unsafe) private let installed: UnsafeMutablePointer<Atomic<Int>>

    private init() {
        chunks = Self.words(TemporaryFiles.chunkCount)
        previous = .allocate(capacity: TemporaryFiles.signals.count)
        previous.initialize(repeating: sigaction(), count: TemporaryFiles.signals.count)
        installed = Self.words(TemporaryFiles.signals.count)
    }

    private static func words(_ count: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        let words = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: count)
        for i in 0..<count { (words + i).initialize(to: Atomic<Int>(0)) }
        return words
    }

    /// The word of slot `index`; its chunk must exist (or `ensureChunk` is about to make it).
    func word(_ index: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        let chunk = chunks[index / TemporaryFiles.chunkSize].load(ordering: .sequentiallyConsistent)
        guard let slots = UnsafeMutablePointer<Atomic<Int>>(bitPattern: chunk) else { return Self.empty }
        return slots + index % TemporaryFiles.chunkSize
    }

    /// Read for slots of chunks not allocated yet: always 0.
    nonisolated(unsafe) private static let empty = words(1)

    /// Allocates the chunk of slot `index` if it is not there yet (called under the registration lock).
    func ensureChunk(for index: Int) {
        let c = index / TemporaryFiles.chunkSize
        guard chunks[c].load(ordering: .sequentiallyConsistent) == 0 else { return }
        chunks[c].store(Int(bitPattern: Self.words(TemporaryFiles.chunkSize)), ordering: .sequentiallyConsistent)
    }

    func installHandlers() {
        for (i, signal) in TemporaryFiles.signals.enumerated() {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, !Self.isIgnored(current) else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeTemporariesAndReraise
            sigfillset(&action.sa_mask)
            action.sa_flags = 0
            previous[i] = current
            installed[i].store(1, ordering: .sequentiallyConsistent)
            if sigaction(signal, &action, nil) != 0 { installed[i].store(0, ordering: .sequentiallyConsistent) }
        }
    }

    /// Whether `action` ignores its signal (SIG_IGN is the handler address 1).
    private static func isIgnored(_ action: sigaction) -> Bool {
        guard let handler = action.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == 1 && action.sa_flags & Int32(SA_SIGINFO) == 0
    }

    func restoreHandlers() {
        for (i, signal) in TemporaryFiles.signals.enumerated()
        where installed[i].exchange(0, ordering: .sequentiallyConsistent) == 1 {
            sigaction(signal, previous + i, nil)
        }
    }

    /// The index of `signal` in `TemporaryFiles.signals`, without touching the array (in a handler).
    private static func position(of signal: Int32) -> Int? {
        switch signal {
        case SIGINT: 0
        case SIGTERM: 1
        case SIGHUP: 2
        case SIGQUIT: 3
        default: nil
        }
    }

    /// The handler's work: unlink every registered path, then the signal's earlier disposition.
    fileprivate func handle(_ signal: Int32) {
        let saved = errno
        handling.store(1, ordering: .sequentiallyConsistent)
        // A thread creating a temporary has these signals blocked and finishes in a moment; after
        // this, none starts (it sees `handling`).
        while creating.load(ordering: .sequentiallyConsistent) != 0 {}
        for c in 0..<TemporaryFiles.chunkCount {
            guard let slots = UnsafeMutablePointer<Atomic<Int>>(bitPattern: chunks[c].load(ordering: .sequentiallyConsistent)) else { break }
            for s in 0..<TemporaryFiles.chunkSize {
                if let path = UnsafePointer<CChar>(bitPattern: slots[s].load(ordering: .sequentiallyConsistent)) { unlink(path) }
            }
        }
        if let i = Self.position(of: signal) { sigaction(signal, previous + i, nil) }
        errno = saved
        // Blocked while this handler runs; delivered with the earlier disposition once it returns.
        raise(signal)
    }
}

/// The C signal handler (it cannot capture anything, so it goes through the shared table, which
/// exists before any handler is installed). Every word it reads is atomic; the pointers to them
/// never change after `init`.
private func removeTemporariesAndReraise(_ signal: Int32) {
    Table.shared.handle(signal)
}
