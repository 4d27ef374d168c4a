import Glibc

/// A gate that opens once and stays open: `wait` returns once `open` was called, on any number
/// of threads.
public final class Latch: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var changed = pthread_cond_t()
    private var isOpen = false

    public init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&changed, nil)
    }

    deinit {
        pthread_cond_destroy(&changed)
        pthread_mutex_destroy(&mutex)
    }

    public func open() {
        pthread_mutex_lock(&mutex)
        isOpen = true
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&mutex)
    }

    public func wait() {
        pthread_mutex_lock(&mutex)
        while !isOpen { pthread_cond_wait(&changed, &mutex) }
        pthread_mutex_unlock(&mutex)
    }
}

/// Starts detached POSIX threads running Swift closures. Not a Dispatch pool's threads: a pool may
/// be as wide as the cores, and work that waits on a thread that never starts would hang.
public enum PosixThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Runs `body` on a new detached thread; `false` when no thread could be made.
    public static func start(_ body: @escaping () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
