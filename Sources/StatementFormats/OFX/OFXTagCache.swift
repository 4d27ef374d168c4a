/// Remembers which tag a name's bytes are, so that a file's thousands of identical tags are looked
/// up once each. A name of up to 16 bytes is identified exactly by its length and its first and last
/// eight bytes (they overlap for shorter names); longer names always take the full lookup.
struct OFXTagCache {
    private struct Entry {
        var first: UInt64
        var last: UInt64
        var count: Int
        var tag: OFXTag
    }

    private var entries = [Entry](repeating: Entry(first: 0, last: 0, count: -1, tag: .unknown), count: 128)

    mutating func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> OFXTag {
        let count = bytes.count
        guard count > 0, count <= 16 else { return OFXTag.lookup(bytes) }
        let (first, last) = Self.pack(bytes)
        let slot = Int(truncatingIfNeeded: ((first ^ (last &* 31) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> 57)
        let entry = entries[slot]
        if entry.count == count && entry.first == first && entry.last == last { return entry.tag }
        let tag = OFXTag.lookup(bytes)
        entries[slot] = Entry(first: first, last: last, count: count, tag: tag)
        return tag
    }

    /// A name's first and last eight bytes, which tell names of up to 16 bytes of the same length
    /// apart exactly (they overlap for shorter names; names under eight bytes are zero-padded).
    @inline(__always)
    static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: UInt64, last: UInt64) {
        let count = bytes.count
        guard count >= 8 else {
            var first: UInt64 = 0
            for i in 0..<count { first |= UInt64(bytes[i]) << (8 * UInt64(i)) }
            return (first, 0)
        }
        let raw = UnsafeRawBufferPointer(bytes)
        return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }
}
