/// Counts of row keys (64-bit hashes) seen so far in a file, with the date of each row: an
/// open-addressing table with linear probing.
///
/// The keys are already SipHash digests, so they index the table directly; Swift's `Dictionary`
/// would hash them again with a per-process seed. Key, count and date share one 16-byte slot so a
/// lookup touches one cache line. Entries are never deleted one by one: releasing old dates
/// rebuilds the table from the entries that stay.
final class OccurrenceTable {
    private struct Entry {
        var key: UInt64
        var count: UInt32
        var date: Int32
    }

    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) private var mask: Int
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int = 1 << 10) {
        let size = OccurrenceTable.size(for: capacity)
        slots = .allocate(capacity: size)
        slots.initialize(repeating: Entry(key: 0, count: 0, date: 0), count: size)
        mask = size - 1
    }

    deinit { slots.deallocate() }

    private static func size(for capacity: Int) -> Int {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        return size
    }

    /// Returns how many times `key` was seen before, and counts this time.
    func increment(_ key: UInt64, date: LocalDate) -> UInt32 {
        // Zero marks an empty slot, so the one key that hashes to zero is stored as one.
        let stored = key == 0 ? 1 : key
        var slot = Int(truncatingIfNeeded: stored) & mask
        while true {
            let existing = slots[slot].key
            if existing == stored {
                let previous = slots[slot].count
                slots[slot].count = previous &+ 1
                return previous
            }
            if existing == 0 {
                slots[slot] = Entry(key: stored, count: 1, date: date.packed)
                count += 1
                if count * 2 > mask + 1 { rebuild(size: (mask + 1) * 2) { _ in true } }
                return 0
            }
            slot = (slot + 1) & mask
        }
    }

    /// Keeps only the entries whose date `keep` accepts.
    func keepDates(where keep: (LocalDate) -> Bool) {
        rebuild(size: max(OccurrenceTable.size(for: count), 1 << 10)) { keep(LocalDate(packed: $0)) }
    }

    private func rebuild(size: Int, keeping keep: (Int32) -> Bool) {
        let old = slots, oldSize = mask + 1
        slots = .allocate(capacity: size)
        slots.initialize(repeating: Entry(key: 0, count: 0, date: 0), count: size)
        mask = size - 1
        count = 0
        for i in 0..<oldSize where old[i].key != 0 && keep(old[i].date) {
            var slot = Int(truncatingIfNeeded: old[i].key) & mask
            while slots[slot].key != 0 { slot = (slot + 1) & mask }
            slots[slot] = old[i]
            count += 1
        }
        old.deallocate()
    }
}
