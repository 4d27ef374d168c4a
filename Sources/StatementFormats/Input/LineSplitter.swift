import FinanceCore
import Glibc

/// Cuts the bytes gathered in a buffer into lines, for the readers that read line by line (JSON
/// Lines, QIF, MT940): each call takes the whole lines appended so far and leaves the rest.
///
/// A line longer than `maximumLineBytes` is reported (`overlong`, with its number) and skipped
/// up to its end without being held, so memory stays at a chunk and a line whatever the input.
struct LineSplitter {
    let buffer: ByteBuffer
    let maximumLineBytes: Int
    /// `\n`, or `\r` for files with classic Mac line ends.
    let lineBreak: UInt8
    /// The number of the next line.
    private(set) var line = 1
    /// Bytes at the front of `buffer` already searched for a line break.
    private(set) var searched = 0
    /// Inside a line that was too long: dropping bytes up to its end.
    private var skipping = false

    init(buffer: ByteBuffer, maximumLineBytes: Int, lineBreak: UInt8 = 0x0A) {
        self.buffer = buffer
        self.maximumLineBytes = maximumLineBytes
        self.lineBreak = lineBreak
    }

    /// Whether the next byte of `buffer` starts a line (none of a line is held, none is being
    /// skipped): a reading in parts can take a part in there.
    var isAtLineStart: Bool { buffer.count == 0 && !skipping }

    /// Goes on at line `line`, the buffer empty: a reading in parts took the lines before it in
    /// past the splitter. (The bytes a reading in parts hands back to the buffer always follow
    /// those it took, so what was searched stays searched.)
    mutating func resume(atLine line: Int) {
        self.line = line
        searched = 0
    }

    /// Hands each whole line in `buffer` (the last one too when `isFinal`) and its number to
    /// `emit`, without its line break, and drops it from the buffer.
    mutating func split(
        isFinal: Bool, emit: (UnsafeBufferPointer<UInt8>, Int) throws -> Void,
        overlong: (Int) throws -> Void
    ) rethrows {
        // One scope for the chunk: `emit` reads lines in place and never appends to `buffer`.
        let start = try buffer.withBytes { bytes in try splitLines(bytes, isFinal: isFinal, emit: emit, overlong: overlong) }
        guard let start else {
            buffer.removeAll()
            return
        }
        buffer.removeFirst(start)
        searched = buffer.count
        if buffer.count > maximumLineBytes {
            try overlong(line)
            buffer.removeAll()
            searched = 0
            skipping = true
        }
    }

    /// Emits the whole lines of `bytes`; returns where the rest starts, or `nil` when all of it
    /// belongs to a line being skipped.
    private mutating func splitLines(
        _ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, emit: (UnsafeBufferPointer<UInt8>, Int) throws -> Void,
        overlong: (Int) throws -> Void
    ) rethrows -> Int? {
        var start = 0
        if skipping {
            guard let end = Self.find(lineBreak, in: bytes, from: 0) else { return nil }
            start = end + 1
            line += 1
            skipping = false
        }
        var from = max(start, searched)
        while let end = Self.find(lineBreak, in: bytes, from: from) {
            try take(bytes, start, end, emit, overlong)
            start = end + 1
            from = start
        }
        if isFinal && start < bytes.count {
            try take(bytes, start, bytes.count, emit, overlong)
            start = bytes.count
        }
        return start
    }

    private mutating func take(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ emit: (UnsafeBufferPointer<UInt8>, Int) throws -> Void,
        _ overlong: (Int) throws -> Void
    ) rethrows {
        if end - start > maximumLineBytes {
            try overlong(line)
        } else {
            try emit(UnsafeBufferPointer(rebasing: bytes[start..<end]), line)
        }
        line += 1
    }

    /// The offset of the first `byte` in `bytes` at or after `from`.
    @inline(__always)
    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard from < bytes.count, let base = bytes.baseAddress, let found = memchr(base + from, Int32(byte), bytes.count - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
