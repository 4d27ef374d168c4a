import Glibc

/// The clean names of the texts seen last, so that a text the bank prints again is cleaned once.
///
/// Bank exports repeat their payees' texts: a year of a household's card and current account has
/// a few hundred distinct texts among thousands of rows, and a generated million-row export 31.
/// Cleaning a text takes a few microseconds (tokens, phrase tables, title case); finding it here
/// takes a hash of its bytes and one comparison of them. The table is direct-mapped (a text has
/// one slot, and a newer text in it replaces the older), so its size is fixed whatever the input:
/// 4,096 slots.
struct PayeeMemo {
    static let slotCount = 4096

    /// Each slot's text and what it cleans to (`nil` when the text stays the name).
    private var texts = [String?](repeating: nil, count: slotCount)
    private var names = [String?](repeating: nil, count: slotCount)

    /// The slot of `text` and, when the text is there, what it cleaned to: `.some(nil)` for a text
    /// that stays the name, `nil` for one not seen (last) in its slot.
    func find(_ text: String) -> (slot: Int, name: String??) {
        let slot = Self.slot(of: text)
        guard let seen = texts[slot], Self.sameBytes(seen, text) else { return (slot, nil) }
        return (slot, .some(names[slot]))
    }

    mutating func store(_ text: String, name: String?, slot: Int) {
        texts[slot] = text
        names[slot] = name
    }

    /// The slot of `text`: a multiplicative hash of its byte count and of its first and last eight
    /// bytes (every byte, for shorter texts). Texts that share those share a slot and replace each
    /// other, which costs a cleaning, never a wrong name: `find` compares every byte.
    static func slot(of text: String) -> Int {
        text.utf8.withContiguousStorageIfAvailable(slot(of:)) ?? Array(text.utf8).withUnsafeBufferPointer(slot(of:))
    }

    private static func slot(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let raw = UnsafeRawBufferPointer(bytes)
        let count = raw.count
        var h = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        if count >= 8 {
            h = (h ^ raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h = (h ^ raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) &* 0xC4CE_B9FE_1A85_EC53
        } else {
            var word: UInt64 = 0
            for i in 0..<count { word = word &<< 8 | UInt64(raw.load(fromByteOffset: i, as: UInt8.self)) }
            h = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
        }
        return Int(truncatingIfNeeded: h ^ (h &>> 29)) & (slotCount - 1)
    }

    /// Byte equality of the UTF-8 (what the steps read), without `==`'s Unicode comparison.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let equal = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
            }
        }
        return (equal ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }
}
