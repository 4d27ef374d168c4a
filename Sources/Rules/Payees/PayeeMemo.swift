import FinanceCore
import Glibc

/// The clean names of the texts seen last, so that a text the bank prints again is cleaned once.
///
/// Bank exports repeat their payees' texts: a year of a household's card and current account has
/// a few hundred distinct texts among thousands of rows, and a generated million-row export 31.
/// Cleaning a text takes a few microseconds (tokens, phrase tables, title case); finding it here
/// takes a hash of its bytes and one or two comparisons of them. The table is two-way set
/// associative: a text has two slots, and a newer text replaces the one of them used less
/// recently. (With one slot a text, a few hundred texts in 4,096 slots share some slots by the
/// birthday bound, and two texts in one slot that take turns evicted each other on every row: a
/// tenth of a million-row history's rows were cleaned again.) Its size is fixed whatever the
/// input: 4,096 slots of texts up to 128 bytes, half a megabyte.
final class PayeeMemo {
    static let slotCount = 4096
    /// The longest text a slot holds, in bytes; a longer one is cleaned every time.
    static let slotBytes = 128

    /// Each slot's text as UTF-8, at `slot × slotBytes` in one block (no object per text, so a
    /// lookup retains nothing), its length (-1: empty), and what it cleans to (`nil`: the text
    /// stays the name).
    /// A class, so that a lookup reaches the tables in place (a struct held by the normaliser is
    /// loaded whole, its arrays retained, for every call); bytes and lengths in `ScratchTable`s,
    /// read in scopes without a retain or a bounds check.
    private let bytes = ScratchTable<UInt8>.make(count: slotCount * slotBytes, repeating: 0)
    private let lengths = ScratchTable<Int>.make(count: slotCount, repeating: -1)
    @exclusivity(unchecked) private var names = [String?](repeating: nil, count: slotCount)
    /// Per pair of slots, the one used last (0 or 1): the other is the one to replace.
    private let recent = ScratchTable<UInt8>.make(count: slotCount / 2, repeating: 0)

    /// Where `text` is or is to be kept and, when it is there, what it cleaned to: `.some(nil)`
    /// for a text that stays the name, `nil` for one not kept (the slot is then the one to store
    /// it in).
    func find(_ text: String) -> (slot: Int, name: String??) {
        if let found = text.utf8.withContiguousStorageIfAvailable({ find($0) }) { return found }
        return Array(text.utf8).withUnsafeBufferPointer { find($0) }
    }

    private func find(_ text: UnsafeBufferPointer<UInt8>) -> (slot: Int, name: String??) {
        let first = Self.slot(of: text)
        for slot in first...first + 1 where holds(slot, text) {
            recent.withElements { $0[first >> 1] = UInt8(slot & 1) }
            return (slot, .some(names[slot]))
        }
        let empty = lengths.withElements { $0[first] < 0 ? first : $0[first + 1] < 0 ? first + 1 : nil }
        return (empty ?? first + 1 - Int(recent.withElements { $0[first >> 1] }), nil)
    }

    private func holds(_ slot: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lengths.withElements({ $0[slot] }) == text.count else { return false }
        return text.count == 0 || bytes.withElements { memcmp($0 + slot &* Self.slotBytes, text.baseAddress!, text.count) == 0 }
    }

    /// Keeps `text` and its clean name in `slot`, as `find` gave it (a text longer than
    /// `slotBytes` is not kept).
    func store(_ text: String, name: String?, slot: Int) {
        if let stored = text.utf8.withContiguousStorageIfAvailable({ store($0, slot: slot) }) {
            guard stored else { return }
        } else {
            guard Array(text.utf8).withUnsafeBufferPointer({ store($0, slot: slot) }) else { return }
        }
        names[slot] = name
        recent.withElements { $0[slot >> 1] = UInt8(slot & 1) }
    }

    /// The text's bytes into `slot`; false (nothing stored) when it is too long to keep.
    private func store(_ utf8: UnsafeBufferPointer<UInt8>, slot: Int) -> Bool {
        guard utf8.count <= Self.slotBytes else { return false }
        if let from = utf8.baseAddress { bytes.withElements { ($0 + slot &* Self.slotBytes).update(from: from, count: utf8.count) } }
        lengths.withElements { $0[slot] = utf8.count }
        return true
    }

    /// The first of the two slots of `text` (an even number): a multiplicative hash of its byte
    /// count and of its first and last eight bytes (every byte, for shorter texts). Texts that
    /// share those share slots and may replace each other, which costs a cleaning, never a wrong
    /// name: `find` compares every byte.
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
        // A product's low bits depend only on its inputs' low bits, and a text's last bytes (a
        // store number) sit high in its last word: the bits are mixed down before a slot is taken
        // from the top.
        h = (h ^ (h &>> 33)) &* 0xFF51_AFD7_ED55_8CCD
        h ^= h &>> 33
        return Int(truncatingIfNeeded: h &>> 52) & (slotCount - 2)
    }
}
