/// Counts of row keys (64-bit hashes) seen so far in a file, with the date of each row.
///
/// Keys whose hashed text includes the row's date (every row without a bank id) are kept in one
/// table per date; the others (bank ids, which may recur on another date) in one table for the
/// whole file. Rows come in or near date order, so nearly every lookup lands in the table of the
/// date just used: a few kilobytes that stay in the first-level cache while the file's bytes
/// stream past. One table for a week of a large file's rows (up to 512 KB) was evicted by every
/// megabyte read, and its lookup was a cache miss on most rows. Releasing a date drops its table
/// whole; emptied tables are kept for the next dates, sized as the last date needed.
///
/// Counts are exactly those of one table over all keys, but for two rows of different dates whose
/// 64-bit keys collide (at SipHash's 2⁻⁶⁴, not a case any file will meet).
final class OccurrenceTable {
    private let undated = KeyTable(size: 1 << 11)
    @exclusivity(unchecked) private var days: [Int32: KeyTable] = [:]
    /// The table of the date used last; `days` owns it.
    @exclusivity(unchecked) private var lastDate: Int32 = 0
    @exclusivity(unchecked) private var lastDay: Unmanaged<KeyTable>?
    /// Emptied tables, ready for new dates, and the size a new date's table starts at.
    @exclusivity(unchecked) private var spares: [KeyTable] = []
    @exclusivity(unchecked) private var daySize = 16
    /// Distinct keys in all tables.
    @exclusivity(unchecked) private(set) var count = 0

    /// At most this many emptied tables are kept, none larger than `largestSpare` slots.
    private static let spareLimit = 16
    private static let largestSpare = 1 << 12

    init() {}

    /// Returns how many times `key` was seen before, and counts this time. `dated` says that the
    /// key's text includes `date`, so that equal keys always come with equal dates.
    func increment(_ key: UInt64, date: LocalDate, dated: Bool) -> UInt32 {
        // Zero marks an empty slot, so the one key that hashes to zero is stored as one.
        let stored = key == 0 ? 1 : key
        let day = date.packed
        guard dated else { return counted(undated, stored, day) }
        if let lastDay, lastDate == day {
            return lastDay._withUnsafeGuaranteedRef { counted($0, stored, day) }
        }
        let table = days[day] ?? openDay(day)
        lastDate = day
        lastDay = Unmanaged.passUnretained(table)
        return counted(table, stored, day)
    }

    @inline(__always)
    private func counted(_ table: KeyTable, _ key: UInt64, _ day: Int32) -> UInt32 {
        let before = table.count
        let previous = table.increment(key, date: day)
        count += table.count &- before
        return previous
    }

    /// A table for a date not seen before, as large as the previous date's grew.
    private func openDay(_ day: Int32) -> KeyTable {
        if let lastDay { daySize = lastDay._withUnsafeGuaranteedRef { $0.size } }
        let table = spares.popLast() ?? KeyTable(size: daySize)
        days[day] = table
        return table
    }

    /// Keeps only the entries whose date `keep` accepts.
    func keepDates(where keep: (LocalDate) -> Bool) {
        let released = days.keys.filter { !keep(LocalDate(packed: $0)) }
        for day in released {
            guard let table = days.removeValue(forKey: day) else { continue }
            if table.size <= OccurrenceTable.largestSpare && spares.count < OccurrenceTable.spareLimit {
                table.removeAll()
                spares.append(table)
            }
        }
        if days[lastDate] == nil { lastDay = nil }
        undated.rebuild(size: max(KeyTable.size(for: undated.count), 1 << 10)) { keep(LocalDate(packed: $0)) }
        count = days.values.reduce(undated.count) { $0 + $1.count }
    }
}

/// Open addressing with linear probing. The keys are already SipHash digests, so they index the
/// table directly (Swift's `Dictionary` would hash them again with a per-process seed). Key, count
/// and date share one 16-byte slot, so a lookup touches one cache line. Entries are never deleted
/// one by one: releasing dates rebuilds the table from the entries that stay.
private final class KeyTable {
    struct Entry {
        var key: UInt64
        var count: UInt32
        var date: Int32
    }

    @exclusivity(unchecked) private var slots: ScratchTable<Entry>
    @exclusivity(unchecked) private var mask: Int
    @exclusivity(unchecked) private(set) var count = 0

    var size: Int { mask + 1 }

    init(size: Int) {
        slots = .make(count: size, repeating: Entry(key: 0, count: 0, date: 0))
        mask = size - 1
    }

    static func size(for capacity: Int) -> Int {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        return size
    }

    /// Returns how many times `key` (never zero) was seen before, and counts this time.
    @inline(__always)
    func increment(_ key: UInt64, date: Int32) -> UInt32 {
        let mask = mask
        let previous: UInt32? = slots.withElements { slots in
            var slot = Int(truncatingIfNeeded: key) & mask
            while true {
                let existing = slots[slot].key
                if existing == key {
                    let previous = slots[slot].count
                    slots[slot].count = previous &+ 1
                    return previous
                }
                if existing == 0 {
                    slots[slot] = Entry(key: key, count: 1, date: date)
                    return nil
                }
                slot = (slot + 1) & mask
            }
        }
        if let previous { return previous }
        count += 1
        if count * 2 > mask + 1 { rebuild(size: (mask + 1) * 2) { _ in true } }
        return 0
    }

    func removeAll() {
        slots.fill(Entry(key: 0, count: 0, date: 0))
        count = 0
    }

    func rebuild(size: Int, keeping keep: (Int32) -> Bool) {
        let old = slots, oldSize = mask + 1
        let new = ScratchTable<Entry>.make(count: size, repeating: Entry(key: 0, count: 0, date: 0))
        let mask = size - 1
        var kept = 0
        old.withElements { old in
            new.withElements { slots in
                for i in 0..<oldSize where old[i].key != 0 && keep(old[i].date) {
                    var slot = Int(truncatingIfNeeded: old[i].key) & mask
                    while slots[slot].key != 0 { slot = (slot + 1) & mask }
                    slots[slot] = old[i]
                    kept += 1
                }
            }
        }
        (slots, self.mask, count) = (new, mask, kept)
    }
}
