import Glibc

/// Where a writer's bytes go: standard output, or a file written atomically.
///
/// A file is written to a temporary name beside it and renamed over the target by `commit()`, so a
/// failed or interrupted run never leaves a half-written file; `discard()` removes the temporary.
public final class ByteOutput {
    private var descriptor: Int32
    private let target: String?
    private let temporary: String?
    /// For held standard output: the anonymous file the bytes wait in until `commit()`.
    private var held: UnsafeMutablePointer<FILE>?
    private var finished = false

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
    /// When `path` is not a regular file but a device, pipe or socket (`-o /dev/null`,
    /// `-o /dev/stdout`, a named pipe), it is written in place: renaming a temporary over it would
    /// replace the device with a plain file.
    public static func atomicFile(_ path: String) throws(OutputError) -> ByteOutput {
        var info = stat()
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw OutputError(path: path, errno: EISDIR) }
            if type != S_IFREG {
                let fd = open(path, O_WRONLY | O_CLOEXEC)
                guard fd >= 0 else { throw OutputError(path: path, errno: errno) }
                return ByteOutput(descriptor: fd, target: nil, temporary: nil, ownsDescriptor: true)
            }
        }
        let directory: String, name: String
        if let slash = path.lastIndex(of: "/") {
            directory = String(path[...slash])
            name = String(path[path.index(after: slash)...])
        } else {
            directory = ""
            name = path
        }
        guard !name.isEmpty else { throw OutputError(path: path, errno: EISDIR) }
        for attempt in 0..<100 {
            let temporary = "\(directory).\(name).pfin-\(getpid())-\(attempt).tmp"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return ByteOutput(descriptor: fd, target: path, temporary: temporary) }
            if errno != EEXIST { throw OutputError(path: path, errno: errno) }
        }
        throw OutputError(path: path, errno: EEXIST)
    }

    /// A descriptor opened here (a device named with `-o`) that `commit` or `discard` closes.
    private let ownsDescriptor: Bool

    private init(descriptor: Int32, target: String?, temporary: String?, ownsDescriptor: Bool = false) {
        self.descriptor = descriptor
        self.target = target
        self.temporary = temporary
        self.ownsDescriptor = ownsDescriptor
    }

    deinit {
        if !finished { discard() }
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: target ?? "<stdout>", errno: errno)
            }
            offset += n
        }
    }

    public func write(_ bytes: [UInt8]) throws(OutputError) {
        let result: Result<Void, OutputError> = bytes.withUnsafeBytes { raw in Result { () throws(OutputError) in try write(raw) } }
        try result.get()
    }

    /// Makes the output final: for a file, flushes it to disk and renames it into place.
    public func commit() throws(OutputError) {
        guard !finished else { return }
        finished = true
        if let held {
            defer { fclose(held) }
            try copyHeld(held)
            return
        }
        guard let target, let temporary else {
            if ownsDescriptor { close(descriptor) }
            return
        }
        if fsync(descriptor) != 0 || close(descriptor) != 0 {
            let failure = errno
            unlink(temporary)
            throw OutputError(path: target, errno: failure)
        }
        descriptor = -1
        if rename(temporary, target) != 0 {
            let failure = errno
            unlink(temporary)
            throw OutputError(path: target, errno: failure)
        }
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
        close(descriptor)
        descriptor = -1
        unlink(temporary)
    }
}

/// A file that could not be written.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let errno: Int32

    public init(path: String, errno: Int32) {
        self.path = path
        self.errno = errno
    }

    public var description: String {
        "cannot write '\(path)': \(String(cString: strerror(errno)).lowercased())"
    }
}
