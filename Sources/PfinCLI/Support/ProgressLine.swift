import Dispatch
import FinanceCore
import Glibc
import StatementFormats
import Synchronization

/// A line on standard error for work that takes longer than about a second, as cargo and curl
/// show one: what is read, how much of how much, the rate, and the time left where the size is
/// known.
///
///     giro.csv: 45.2 MB of 120.0 MB (38 %), 812,000 rows/s, 2 s left
///
/// Only when standard error is a terminal (not with `TERM=dumb`) and not `--quiet`: a pipe or a
/// log file never gets it. The line is rewritten in place four times a second and erased when the
/// work ends, so diagnostics and results are never mixed with it. `$PFIN_PROGRESS_AFTER` (seconds)
/// changes the one-second delay.
final class ProgressLine: @unchecked Sendable {
    /// Whether a progress line may be shown at all.
    static func isWanted(quiet: Bool) -> Bool {
        guard !quiet, Terminal.isTerminal(2) else { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }

    /// A line for reading `path` when `wanted` (see `isWanted`), else `nil`.
    static func reading(_ path: String, wanted: Bool) -> ProgressLine? {
        wanted ? ProgressLine(label: path == "-" ? "<stdin>" : path) : nil
    }

    private let label: String
    private let queue = DispatchQueue(label: "pfin.progress")
    private let timer: DispatchSourceTimer
    private let started = DispatchTime.now()
    private let delay: Double
    /// Rows done so far, published by `countRow` every 1,024 rows.
    private let rows = Atomic<Int>(0)
    /// Rows counted by the working thread alone, not yet all published.
    private var counted = 0
    /// The input being read (set once it is open); touched on `queue` only.
    private var input: ByteInput?
    private var shown = false
    private var stopped = false

    init(label: String) {
        self.label = label
        delay = getenv("PFIN_PROGRESS_AFTER").flatMap { Double(String(cString: $0)) } ?? 1
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(250))
        timer.setEventHandler { [unowned self] in tick() }
        timer.resume()
    }

    /// One more row done; called by the thread doing the work.
    func countRow() {
        counted += 1
        if counted & 1023 == 0 { rows.store(counted, ordering: .relaxed) }
    }

    /// Watches `input`'s bytes against its size.
    func watch(_ input: ByteInput) {
        queue.sync { self.input = input }
    }

    /// Ends the line: erases it if it was shown. Call before printing the results.
    func stop() {
        queue.sync {
            guard !stopped else { return }
            stopped = true
            timer.cancel()
            if shown {
                Terminal.progressShown.store(false, ordering: .relaxed)
                Terminal.err("\r\u{1B}[K")
            }
        }
    }

    private func tick() {
        guard !stopped else { return }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        guard seconds >= delay else { return }
        Terminal.rawErr(
            "\r"
                + Self.text(
                    label: label, read: input?.bytesRead ?? 0, size: input?.size,
                    rows: rows.load(ordering: .relaxed), seconds: seconds) + "\u{1B}[K")
        shown = true
        Terminal.progressShown.store(true, ordering: .relaxed)
    }

    /// `LABEL: READ of SIZE (P %), R rows/s, T s left`, the parts known.
    static func text(label: String, read: Int, size: Int?, rows: Int, seconds: Double) -> String {
        var parts: [String] = []
        if let size, size > 0 {
            let percent = min(100, read * 100 / size)
            parts.append("\(megabytes(read)) of \(megabytes(size)) (\(percent) %)")
        } else {
            parts.append(megabytes(read))
        }
        if rows > 0, seconds > 0 { parts.append("\(grouped(Int(Double(rows) / seconds))) rows/s") }
        if let size, read > 0, read < size, seconds > 0 {
            let left = Double(size - read) / (Double(read) / seconds)
            parts.append("\(Int(left.rounded(.up))) s left")
        }
        return "\(label): " + parts.joined(separator: ", ")
    }

    /// `45.2 MB`, in decimal megabytes with one digit after the point, from whole bytes.
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    /// `812,000`.
    static func grouped(_ n: Int) -> String {
        var digits = Array(String(n))
        var i = digits.count - 3
        while i > 0 { digits.insert(",", at: i); i -= 3 }
        return String(digits)
    }
}
