import Glibc
import Synchronization

/// Text to standard output and standard error, unbuffered by Foundation.
///
/// A failed write to standard output (a full device, a closed pipe) is remembered: later text
/// for standard output is dropped, and `Pfin.run` turns the failure into an I/O error (exit 1)
/// once the command returns. Standard error is best effort.
enum Terminal {
    static func out(_ text: String) {
        guard outputFailure == nil else { return }
        if let failure = write(1, text) { failedOutput.store(failure, ordering: .sequentiallyConsistent) }
    }

    /// Text to standard error, on a line of its own when a progress line is shown (it erases the
    /// progress line, which the next tick draws again below).
    static func err(_ text: String) {
        if progressShown.load(ordering: .relaxed) { _ = write(2, "\r\u{1B}[K") }
        _ = write(2, text)
    }

    /// Text to standard error as it is, for the progress line itself.
    static func rawErr(_ text: String) { _ = write(2, text) }

    /// Whether a progress line is on the terminal now.
    static let progressShown = Atomic<Bool>(false)

    /// Whether `descriptor` is a terminal (not a pipe or a file).
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The height of the terminal on standard output: `$LINES` when set (as curses programs
    /// take it), else what the terminal says, else 24.
    static var rows: Int {
        if let text = getenv("LINES"), let lines = Int(String(cString: text)), lines > 0 { return lines }
        var size = winsize()
        if withUnsafeMutablePointer(to: &size, { ioctl(1, UInt(TIOCGWINSZ), $0) }) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        return 24
    }

    /// The errno of the first failed write to standard output, if any.
    static var outputFailure: Int32? {
        let failure = failedOutput.load(ordering: .sequentiallyConsistent)
        return failure == 0 ? nil : failure
    }

    private static let failedOutput = Atomic<Int32>(0)

    /// Writes all of `text`; the errno when a write fails.
    private static func write(_ fd: Int32, _ text: String) -> Int32? {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { return errno }
                if n == 0 { return EIO }
                offset += n
            }
            return nil
        }
    }
}
