import FinanceCore

/// Which indexed literals occur in each scanned field's current value, so that a `contains`
/// condition on a literal the index knows is answered by one comparison instead of a search.
///
/// Each scan of a field takes a new stamp; a literal found during the scan gets the field's current
/// stamp. A literal occurs in the field exactly when its stamp equals the field's current one, so a
/// new transaction, or a rule changing the field, forgets everything found before without clearing
/// anything. Stamps are 32 bits; when they are about to run out, the table is cleared between two
/// transactions (one transaction takes at most 15 stamps: 9 fields, 6 of which a rule may change once).
///
/// Only sound for fields that are scanned on every transaction and rescanned after every change,
/// which `RuleEngine` guarantees for the fields `RuleIndex.scannedFields` lists.
///
/// One `ScratchTable`, so the scan's inner loop reads and writes it without checks or reference
/// counting.
struct FoundLiterals {
    /// Stamps per (literal, field slot 0..<fields): the scan of that field that last found the
    /// literal; then, at `current + slot`, per field slot, the stamp of its current scan, and at
    /// `current + fields` the last stamp taken. Stamps start at 1, so the
    /// zeroed table finds nothing.
    private let table: ScratchTable<UInt32>
    private let current: Int
    private static let fields = TextField.allCases.count

    init(literalCount: Int) {
        current = Self.fields * literalCount
        table = .make(count: current + Self.fields + 1, repeating: 0)
    }

    /// A new transaction: makes sure its scans cannot run out of stamps.
    @inline(__always)
    func beginTransaction() {
        if table.withElements({ $0[current + Self.fields] }) > UInt32.max - 64 { restart() }
    }

    /// A scan of `field` starts: what was found in it before no longer counts.
    @inline(__always)
    func beginScan(_ field: TextField) {
        table.withElements { t in
            t[current + Self.fields] += 1
            t[current + field.slot] = t[current + Self.fields]
        }
    }

    @inline(never)
    private func restart() {
        table.fill(0)
        table.withElements { $0[current + Self.fields] = 1 }
    }

    /// The scan of `field` found `literal`.
    @inline(__always)
    func mark(_ literal: Int, in field: TextField) {
        let slot = field.slot
        table.withElements { t in t[literal &* Self.fields &+ slot] = t[current &+ slot] }
    }

    /// Whether `literal` occurs in `field` (not `text`: ask its parts) as last scanned.
    @inline(__always)
    func contains(_ literal: Int, in field: TextField) -> Bool {
        let slot = field.slot
        return table.withElements { t in t[literal &* Self.fields &+ slot] == t[current &+ slot] }
    }
}
