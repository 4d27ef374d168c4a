/// Which indexed literals occur in each scanned field's current value, so that a `contains`
/// condition on a literal the index knows is answered by one comparison instead of a search.
///
/// Each scan of a field takes a new stamp; a literal found during the scan gets the field's current
/// stamp. A literal occurs in the field exactly when its stamp equals the field's current one, so a
/// new transaction, or a rule changing the field, forgets everything found before without clearing
/// anything. Stamps are 32 bits; when they are about to run out, the table is cleared between two
/// transactions (one transaction takes at most 13 stamps: 7 fields, 6 of which a rule may change once).
///
/// Only sound for fields that are scanned on every transaction and rescanned after every change,
/// which `RuleEngine` guarantees for the fields `RuleIndex.scannedFields` lists.
///
/// A plain value over raw memory (its owner deallocates it), so the scan's inner loop can use it
/// without reference counting.
struct FoundLiterals {
    /// Stamps per (literal, field slot 0..<8): the scan of that field that last found the literal;
    /// a literal's stamps share a cache line.
    private let stamps: UnsafeMutablePointer<UInt32>
    /// Per field slot, the stamp of its current scan; `current[8]`: the last stamp taken. Stamps
    /// start at 1, so the zeroed table finds nothing.
    private let current: UnsafeMutablePointer<UInt32>
    private let literalCount: Int
    private static let fields = 8

    init(literalCount: Int) {
        self.literalCount = literalCount
        stamps = .allocate(capacity: max(1, Self.fields * literalCount))
        stamps.initialize(repeating: 0, count: max(1, Self.fields * literalCount))
        current = .allocate(capacity: 9)
        current.initialize(repeating: 0, count: 9)
    }

    func deallocate() {
        stamps.deallocate()
        current.deallocate()
    }

    /// A new transaction: makes sure its scans cannot run out of stamps.
    @inline(__always)
    func beginTransaction() {
        if current[8] > UInt32.max - 64 { restart() }
    }

    /// A scan of `field` starts: what was found in it before no longer counts.
    @inline(__always)
    func beginScan(_ field: TextField) {
        current[8] += 1
        current[field.slot] = current[8]
    }

    @inline(never)
    private func restart() {
        stamps.update(repeating: 0, count: max(1, Self.fields * literalCount))
        current.update(repeating: 0, count: 9)
        current[8] = 1
    }

    /// The scan of `field` found `literal`.
    @inline(__always)
    func mark(_ literal: Int, in field: TextField) {
        let slot = field.slot
        stamps[literal &* Self.fields &+ slot] = current[slot]
    }

    /// Whether `literal` occurs in `field` (not `text`: ask its parts) as last scanned.
    @inline(__always)
    func contains(_ literal: Int, in field: TextField) -> Bool {
        let slot = field.slot
        return stamps[literal &* Self.fields &+ slot] == current[slot]
    }
}
