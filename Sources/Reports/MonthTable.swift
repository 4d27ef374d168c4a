/// The accumulators of one currency by month: a dense array over the months seen so far.
///
/// Input is rarely one month at a time (two accounts merged by date alternate currencies, a
/// shuffled export jumps around), and a dictionary lookup per transaction cost a tenth of `add`.
/// Months span at most 9999 years, so the array stays small however the input jumps.
struct MonthTable {
    /// The month ordinal of `slots[0]`.
    private var base = 0
    /// Accumulator index + 1 by month; 0 for a month not seen yet.
    private var slots: [Int32] = []

    @inline(__always)
    func accumulator(ordinal: Int) -> Int? {
        let i = ordinal &- base
        guard i >= 0 && i < slots.count else { return nil }
        let slot = Int(slots[i])
        return slot == 0 ? nil : slot - 1
    }

    mutating func set(_ accumulator: Int, ordinal: Int) {
        if slots.isEmpty {
            base = ordinal
        } else if ordinal < base {
            slots.insert(contentsOf: repeatElement(0, count: base - ordinal), at: 0)
            base = ordinal
        }
        let i = ordinal - base
        if i >= slots.count { slots.append(contentsOf: repeatElement(0, count: i + 1 - slots.count)) }
        slots[i] = Int32(truncatingIfNeeded: accumulator + 1)
    }
}
