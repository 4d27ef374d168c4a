import CLinux
import FinanceCore
import Glibc

/// Where a writer's bytes go: standard output, or a file written atomically.
///
/// A file is written to a temporary name beside it and renamed over the target by `commit()`, so a
/// failed or interrupted run never leaves a half-written file; `discard()` removes the temporary.
public final class ByteOutput {
    @exclusivity(unchecked) private var descriptor: Int32
    private let target: String?
    private let temporary: String?
    /// For held standard output: the anonymous file the bytes wait in until `commit()`.
    @exclusivity(unchecked) private var held: UnsafeMutablePointer<FILE>?
    @exclusivity(unchecked) private var finished = false

    /// Standard output.
    public static func standardOutput() -> ByteOutput {
        ByteOutput(descriptor: 1, target: nil, temporary: nil)
    }

    /// Standard output that receives nothing until `commit()`: for all-or-nothing runs
    /// (`--strict`), the bytes wait in an anonymous temporary file, so a run that fails half-way
    /// prints nothing.
    public static func heldStandardOutput() throws(OutputError) -> ByteOutput {
        guard let file = tmpfile() else { throw OutputError(path: "<stdout>", errno: errno) }
        let output = ByteOutput(descriptor: fileno(file), target: nil, temporary: nil)
        output.held = file
        return output
    }

    /// Bytes that go nowhere (`/dev/null`), for benchmarks.
    public static func discarding() -> ByteOutput {
        ByteOutput(descriptor: open("/dev/null", O_WRONLY | O_CLOEXEC), target: nil, temporary: nil)
    }

    /// A file that appears at `path` only when `commit()` succeeds.
    ///
    /// - A symbolic link is written through: the temporary goes beside the link's final target and
    ///   is renamed over it, so the link stays. A hard-linked file is replaced under the name given;
    ///   its other names keep the earlier content (that is what makes the write atomic).
    /// - A file that is replaced keeps its permission bits (and, where allowed, its owner and group);
    ///   a new file gets 0666 less the umask.
    /// - When `path` is not a regular file but a device, pipe or socket (`-o /dev/null`, a named
    ///   pipe), or a name under `/dev` or `/proc` (`-o /dev/stdout`), it is written in place:
    ///   renaming a temporary over it would replace the device with a plain file.
    /// - Until `commit()` or `discard()`, the temporary is removed if SIGINT, SIGTERM, SIGHUP or
    ///   SIGQUIT ends the process (`TemporaryFiles`).
    public static func atomicFile(_ path: String) throws(OutputError) -> ByteOutput {
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && info.st_mode & S_IFMT == S_IFDIR { throw OutputError(path: path, errno: EISDIR) }
        if exists && (info.st_mode & S_IFMT != S_IFREG || OutputPath.isSystemName(path)) {
            let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard fd >= 0 else { throw OutputError(path: path, errno: errno) }
            return ByteOutput(descriptor: fd, target: nil, temporary: nil, ownsDescriptor: true)
        }
        let target = try OutputPath.resolvingLinks(path)
        let (directory, name) = OutputPath.split(target)
        guard !name.isEmpty else { throw OutputError(path: path, errno: EISDIR) }
        for attempt in 0..<100 {
            let temporary = "\(directory).\(name).pfin-\(getpid())-\(attempt).tmp"
            // Registered before it exists, so that no moment leaves it behind on a signal.
            if let (slot, fd) = TemporaryFiles.create(temporary, { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }) {
                if exists { keepOwnerAndMode(of: info, on: fd) }
                return ByteOutput(descriptor: fd, target: target, temporary: temporary, slot: slot, shownPath: path)
            }
            let failure = errno
            if failure != EEXIST { throw OutputError(path: path, errno: failure) }
        }
        throw OutputError(path: path, errno: EEXIST)
    }

    /// Gives the temporary the replaced file's owner and group (when the system allows it: root,
    /// or a group the user is in) and then its permission bits (chown clears set-id bits).
    private static func keepOwnerAndMode(of info: stat, on fd: Int32) {
        if info.st_uid != geteuid() || info.st_gid != getegid() { _ = fchown(fd, info.st_uid, info.st_gid) }
        _ = fchmod(fd, info.st_mode & 0o7777)
    }

    /// A descriptor opened here (a device named with `-o`) that `commit` or `discard` closes.
    private let ownsDescriptor: Bool
    /// The temporary's entry in the table the signal handlers clean up.
    @exclusivity(unchecked) private var slot: TemporaryFiles.Slot?
    /// The name the user gave, for messages (the target may be a link's destination).
    private let shownPath: String?
    /// `seal()` has flushed and closed the temporary; `commit()` only renames it.
    @exclusivity(unchecked) private var sealed = false

    private init(
        descriptor: Int32, target: String?, temporary: String?, ownsDescriptor: Bool = false,
        slot: TemporaryFiles.Slot? = nil, shownPath: String? = nil
    ) {
        self.descriptor = descriptor
        self.target = target
        self.temporary = temporary
        self.ownsDescriptor = ownsDescriptor
        self.slot = slot
        self.shownPath = shownPath
    }

    deinit {
        if !finished { discard() }
    }

    /// The name in messages.
    private var displayPath: String { shownPath ?? target ?? "<stdout>" }

    /// Writes all of `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: displayPath, errno: errno)
            }
            offset += n
        }
        if temporary != nil { written += bytes.count }
        if written - writebackStart >= Self.writebackStep { startWriteback() }
    }

    /// A temporary's bytes are sent to the disk as they come, a step at a time: the kernel would
    /// otherwise keep them in memory until `seal()`'s `fsync`, which then waits for all of them
    /// (the 121 files of a 60-month HTML report, 140 MB of month files among them, spent 111 ms
    /// in `fsync`; 74 ms with their writing started early).
    public static let writebackStep = 1 << 20
    /// Bytes written to the temporary, and where the range not yet sent to the disk starts.
    @exclusivity(unchecked) private var written = 0
    @exclusivity(unchecked) private var writebackStart = 0

    /// Asks the kernel to start writing the temporary's latest bytes to disk, without waiting
    /// (`sync_file_range`); only a hint, so a failure is ignored: `seal()` flushes them anyway.
    private func startWriteback() {
        _ = clinux_start_writeback(descriptor, Int64(writebackStart), Int64(written - writebackStart))
        writebackStart = written
    }

    /// Writes all of `buffer`'s bytes (the writers' row buffers).
    public func write(_ buffer: ByteBuffer) throws(OutputError) {
        try buffer.withBytes { (bytes) throws(OutputError) in try write(UnsafeRawBufferPointer(bytes)) }
    }

    public func write(_ bytes: [UInt8]) throws(OutputError) {
        let result: Result<Void, OutputError> = bytes.withUnsafeBytes { raw in Result { () throws(OutputError) in try write(raw) } }
        try result.get()
    }

    /// Flushes a file's temporary to disk and closes it, keeping it for `commit()`: a batch of many
    /// files (`report --out-dir`) holds one descriptor at a time, not one per file. Does nothing
    /// for standard output or a device.
    public func seal() throws(OutputError) {
        guard !finished, !sealed, temporary != nil else { return }
        sealed = true
        let flushFailure = fsync(descriptor) == 0 ? 0 : errno
        let closeFailure = close(descriptor) == 0 ? 0 : errno
        descriptor = -1
        let failure = flushFailure != 0 ? flushFailure : closeFailure
        if failure != 0 {
            discard()
            throw OutputError(path: displayPath, errno: failure)
        }
    }

    /// Makes the output final: for a file, flushes it to disk and renames it into place.
    public func commit() throws(OutputError) {
        guard !finished else { return }
        if let held {
            finished = true
            defer { fclose(held) }
            try copyHeld(held)
            return
        }
        guard let target, let temporary else {
            finished = true
            if ownsDescriptor && close(descriptor) != 0 { throw OutputError(path: displayPath, errno: errno) }
            return
        }
        try seal()
        finished = true
        defer { forget() }
        if rename(temporary, target) != 0 {
            let failure = errno
            unlink(temporary)
            throw OutputError(path: displayPath, errno: failure)
        }
    }

    /// Takes the temporary out of the signal handlers' table.
    private func forget() {
        if let slot { TemporaryFiles.remove(slot) }
        slot = nil
    }

    private func copyHeld(_ file: UnsafeMutablePointer<FILE>) throws(OutputError) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw OutputError(path: "<stdout>", errno: errno) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw OutputError(path: "<stdout>", errno: errno) }
            if n == 0 { return }
            var offset = 0
            while offset < n {
                let w = chunk.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + offset, n - offset) }
                if w < 0 && errno == EINTR { continue }
                if w < 0 { throw OutputError(path: "<stdout>", errno: errno) }
                offset += w
            }
        }
    }

    /// Abandons the output: a file's temporary is removed and the target left as it was.
    public func discard() {
        guard !finished else { return }
        finished = true
        if let held {
            fclose(held)
            return
        }
        guard let temporary else {
            if ownsDescriptor { close(descriptor) }
            return
        }
        if !sealed { close(descriptor) }
        descriptor = -1
        unlink(temporary)
        forget()
    }
}

/// A file that could not be written.
public struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let errno: Int32

    public init(path: String, errno: Int32) {
        self.path = path
        self.errno = errno
    }

    public var description: String {
        let reason = String(cString: strerror(errno)).lowercased()
        return path == "<stdout>" ? "cannot write to standard output: \(reason)" : "cannot write '\(path)': \(reason)"
    }
}
