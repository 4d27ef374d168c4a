import Glibc

/// Helpers for readers' `sniff`: where a text format's first content starts in an input's first
/// bytes, and whether they hold a marker.
enum SniffPrefix {
    /// The index after a UTF-8 byte-order mark and any spaces, tabs and line breaks.
    static func contentStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, isBlank(bytes[start]) { start += 1 }
        return start
    }

    /// Whether `needle` occurs in `text`.
    static func contains(_ needle: StaticString, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = needle.utf8CodeUnitCount
        guard text.count >= n, let base = text.baseAddress else { return false }
        let first = needle.utf8Start.pointee
        var i = 0
        while i <= text.count - n {
            guard let hit = memchr(base + i, Int32(first), text.count - n + 1 - i) else { return false }
            i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + i, needle.utf8Start, n) == 0 { return true }
            i += 1
        }
        return false
    }

    /// The index after a UTF-8 byte-order mark and any blank space.
    static func contentStart(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { contentStart($0) }
    }

    /// Whether `needle` occurs in `bytes`.
    static func contains(_ needle: StaticString, in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { contains(needle, in: $0) }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}
