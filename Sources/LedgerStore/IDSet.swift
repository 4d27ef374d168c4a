/// A set of transaction ids for bulk imports: open addressing over the ids' own bits.
///
/// Ids are SipHash outputs, already uniformly spread, so they need no hashing again; `Set<Int64>`
/// hashed each one (with a per-process seed), which took 0.2 s of a million-row import.
struct IDSet {
    private var slots: [UInt64]
    private var mask: Int
    private(set) var count = 0
    /// 0 marks an empty slot, so the id 0 is tracked apart.
    private var hasZero = false

    init(minimumCapacity: Int = 1024) {
        var size = 16
        while size < minimumCapacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Adds `id`; `false` when it was already there.
    mutating func insert(_ id: UInt64) -> Bool {
        if id == 0 {
            defer { hasZero = true }
            return !hasZero
        }
        if (count + 1) * 2 > slots.count { grow() }
        var i = Int(truncatingIfNeeded: id) & mask
        while true {
            let slot = slots[i]
            if slot == 0 {
                slots[i] = id
                count += 1
                return true
            }
            if slot == id { return false }
            i = (i + 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        count = 0
        for id in old where id != 0 { _ = insert(id) }
    }
}
