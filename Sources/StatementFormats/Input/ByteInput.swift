import Glibc
import Synchronization

/// A source of raw bytes: a file or standard input, read in chunks, with a peekable prefix.
///
/// Readers sniff a format and detect a dialect from the first bytes, then stream the rest; the
/// prefix they peeked is replayed, so standard input works as well as a file.
public final class ByteInput {
    /// How the input is named in diagnostics and in each activity's `source`.
    public let displayName: String
    /// The size of a regular file when opened; `nil` for standard input, pipes and memory.
    public private(set) var size: Int?
    /// Bytes taken from the file so far (what was peeked included); safe to read from another
    /// thread, for a progress line.
    public var bytesRead: Int { readCount.load(ordering: .relaxed) }
    private let readCount = Atomic<Int>(0)
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var replay: [UInt8] = []
    private var replayOffset = 0
    private var reachedEnd = false

    /// Opens a file for reading; `-` means standard input.
    public init(path: String) throws(InputError) {
        if path == "-" {
            displayName = "<stdin>"
            descriptor = 0
            ownsDescriptor = false
            return
        }
        displayName = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw InputError(path: path, errno: errno) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw InputError(path: path, errno: EISDIR)
        }
        descriptor = fd
        ownsDescriptor = true
        if (info.st_mode & S_IFMT) == S_IFREG { size = Int(info.st_size) }
    }

    /// Reads from memory, for tests and in-process pipelines.
    public init(bytes: [UInt8], displayName: String) {
        self.displayName = displayName
        descriptor = -1
        ownsDescriptor = false
        replay = bytes
        reachedEnd = true
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// The first `count` bytes (fewer at the end of the input), without consuming them.
    public func peek(upTo count: Int) throws(InputError) -> [UInt8] {
        while replay.count - replayOffset < count && !reachedEnd {
            let want = count - (replay.count - replayOffset)
            let start = replay.count
            replay.append(contentsOf: [UInt8](repeating: 0, count: want))
            let got = try readDescriptor(into: &replay, at: start, count: want)
            replay.removeLast(want - got)
            if got == 0 { reachedEnd = true }
        }
        let available = min(count, replay.count - replayOffset)
        return Array(replay[replayOffset..<(replayOffset + available)])
    }

    /// Reads up to `maxCount` bytes, appending them to `buffer`; returns 0 at the end of the input.
    public func read(appendingTo buffer: inout [UInt8], maxCount: Int) throws(InputError) -> Int {
        if replayOffset < replay.count {
            let n = min(maxCount, replay.count - replayOffset)
            buffer.append(contentsOf: replay[replayOffset..<(replayOffset + n)])
            replayOffset += n
            if replayOffset == replay.count {
                replay = []
                replayOffset = 0
            }
            return n
        }
        guard !reachedEnd else { return 0 }
        let start = buffer.count
        buffer.append(contentsOf: [UInt8](repeating: 0, count: maxCount))
        let got = try readDescriptor(into: &buffer, at: start, count: maxCount)
        buffer.removeLast(maxCount - got)
        if got == 0 { reachedEnd = true }
        return got
    }

    /// Reads up to `buffer.count` bytes straight into `buffer`; returns 0 at the end of the input.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        guard buffer.count > 0 else { return 0 }
        if replayOffset < replay.count {
            let n = min(buffer.count, replay.count - replayOffset)
            replay.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + replayOffset, byteCount: n) }
            replayOffset += n
            if replayOffset == replay.count {
                replay = []
                replayOffset = 0
            }
            return n
        }
        guard !reachedEnd, descriptor >= 0 else { return 0 }
        while true {
            let n = Glibc.read(descriptor, buffer.baseAddress!, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw InputError(path: displayName, errno: errno) }
            if n == 0 { reachedEnd = true }
            readCount.add(n, ordering: .relaxed)
            return n
        }
    }

    private func readDescriptor(into buffer: inout [UInt8], at offset: Int, count: Int) throws(InputError) -> Int {
        guard descriptor >= 0 else { return 0 }
        let fd = descriptor
        var result = 0
        var failure: Int32 = 0
        buffer.withUnsafeMutableBytes { raw in
            while true {
                let n = Glibc.read(fd, raw.baseAddress! + offset, count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failure = errno } else { result = n }
                break
            }
        }
        if failure != 0 { throw InputError(path: displayName, errno: failure) }
        readCount.add(result, ordering: .relaxed)
        return result
    }
}

/// A file that could not be opened or read.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let errno: Int32

    public init(path: String, errno: Int32) {
        self.path = path
        self.errno = errno
    }

    public var description: String {
        "cannot read '\(path)': \(String(cString: strerror(errno)).lowercased())"
    }
}
