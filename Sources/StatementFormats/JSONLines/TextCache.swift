import Glibc

/// Texts that repeat from line to line (categories, accounts, the source's file name), kept by
/// their bytes, so that a repeat costs a lookup and a retain rather than a new `String` (an
/// allocation and a copy for anything over 15 bytes) and its release.
///
/// A history alternates between a few dozen categories, so remembering only the last one missed
/// on most lines. Here 64 slots are chosen by a hash of the length and the first and last eight
/// bytes; a collision replaces the slot. Those three identify a text of up to 16 bytes exactly;
/// longer ones are compared in full. Texts over 256 bytes are not kept, so memory stays bounded.
struct TextCache {
    private struct Entry {
        var first: UInt64
        var last: UInt64
        var count: Int
        var text: String
    }

    private static let slots = 64
    private static let longest = 256
    private var entries = [Entry](repeating: Entry(first: 0, last: 0, count: -1, text: ""), count: TextCache.slots)

    /// The text of `bytes`, which must be well-formed UTF-8.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        guard count > 0, count <= Self.longest, let base = bytes.baseAddress else {
            return String(decoding: bytes, as: UTF8.self)
        }
        let (first, last) = ShortKey.pack(bytes)
        let slot = ShortKey.slot(first, last, count: count, bits: 6)
        if entries[slot].count == count && entries[slot].first == first && entries[slot].last == last
            && (count <= 16 || Self.same(entries[slot].text, base, count))
        {
            return entries[slot].text
        }
        let text = String(decoding: bytes, as: UTF8.self)
        entries[slot] = Entry(first: first, last: last, count: count, text: text)
        return text
    }

    /// Whether `text` is exactly the `count` bytes at `bytes`.
    private static func same(_ text: String, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { stored in
            guard stored.count == count, let start = stored.baseAddress else { return false }
            return memcmp(start, bytes, count) == 0
        } ?? false
    }
}
