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
        guard count > 0, count <= 16, let base = bytes.baseAddress else { return OFXTag.lookup(bytes) }
        var first: UInt64 = 0, last: UInt64 = 0
        if count >= 8 {
            let raw = UnsafeRawPointer(base)
            first = raw.loadUnaligned(as: UInt64.self)
            last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            for i in 0..<count { first |= UInt64(base[i]) << (8 * UInt64(i)) }
        }
        let slot = Int(truncatingIfNeeded: ((first ^ (last &* 31) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> 57)
        let entry = entries[slot]
        if entry.count == count && entry.first == first && entry.last == last { return entry.tag }
        let tag = OFXTag.lookup(bytes)
        entries[slot] = Entry(first: first, last: last, count: count, tag: tag)
        return tag
    }
}
