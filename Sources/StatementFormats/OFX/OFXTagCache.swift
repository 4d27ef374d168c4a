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
        let (first, last) = ShortKey.pack(bytes)
        let slot = ShortKey.slot(first, last, count: count, bits: 7)
        let entry = entries[slot]
        if entry.count == count && entry.first == first && entry.last == last { return entry.tag }
        let tag = OFXTag.lookup(bytes)
        entries[slot] = Entry(first: first, last: last, count: count, tag: tag)
        return tag
    }
}
