import FinanceCore

/// Which transfer pairings undoing a batch takes apart, from `import_type_changes` (see
/// `ImportSession+Batch`).
extension Ledger {
    /// A type an import's matching changed to `transfer`, and what it was.
    struct TypeChange: Equatable {
        var importID: Int64
        var transaction: Int64
        var previousType: Int64
    }

    /// A changed row with what pairing compares: its account, day and amount.
    private struct ChangedSide {
        var change: TypeChange
        var account: Int64?
        var day: Int64
        var amount: Money
    }

    /// The type changes to put back when `batch` is undone, on rows that stay in the ledger:
    ///
    /// - those the batch's own matching made on older rows (the other side of its pairs);
    /// - for each row of the batch a later import's matching turned into a transfer, that
    ///   import's change on the row it paired it with: opposite amount, same currency, another
    ///   account, within the window (the nearest by date when several could be).
    ///
    /// Only rows still of type transfer and not locked: a type the user set since stays.
    func typeChangesToRevert(for batch: Int64) throws(LedgerError) -> [TypeChange] {
        var reverts = try changedSides(where: "c.import_id = ?1 AND t.import_id IS NOT ?1", batch).map(\.change)
        let pairedLater = try changedSides(where: "t.import_id = ?1 AND c.import_id <> ?1", batch, stillTransfer: false)
        var laterSides: [Int64: [ChangedSide]] = [:]
        for side in pairedLater {
            let later = side.change.importID
            if laterSides[later] == nil {
                laterSides[later] = try changedSides(where: "c.import_id = ?2 AND t.import_id IS NOT ?1", batch, later)
            }
            let window = Int64(TransferMatcher.windowDays)
            let counterparts = (laterSides[later] ?? []).filter { other in
                other.account != side.account && abs(other.day - side.day) <= window
                    && other.amount.isNegative != side.amount.isNegative && other.amount.magnitude == side.amount.magnitude
            }
            guard let nearest = counterparts.min(by: { abs($0.day - side.day) < abs($1.day - side.day) }),
                !reverts.contains(nearest.change)
            else { continue }
            reverts.append(nearest.change)
        }
        return reverts
    }

    /// The recorded changes joined with their rows, `?1` bound to `first`, `?2` to `second`.
    ///
    /// - Parameter stillTransfer: only rows that are still transfers and not locked.
    private func changedSides(where condition: String, _ first: Int64, _ second: Int64? = nil,
                              stillTransfer: Bool = true) throws(LedgerError) -> [ChangedSide]
    {
        let query = try statement("""
            SELECT c.import_id, t.id, c.previous_type, t.account_id, t.day, t.amount_units, t.amount_scale, t.currency
            FROM import_type_changes c JOIN transactions t ON t.id = c.transaction_id
            WHERE \(condition)\(stillTransfer ? " AND t.type = 2 AND t.type_locked = 0" : "") ORDER BY t.seq
            """)
        defer { query.reset() }
        query.bind(1, first)
        if let second { query.bind(2, second) }
        var sides: [ChangedSide] = []
        while try query.step() {
            let code = query.bytes(7)
            let currency = code.count == 3 ? CurrencyCode(bytes: code[0], code[1], code[2]) : nil
            let scale = UInt8(clamping: max(0, min(Int64(Money.maximumScale), query.int64(6))))
            sides.append(ChangedSide(
                change: TypeChange(importID: query.int64(0), transaction: query.int64(1), previousType: query.int64(2)),
                account: query.isNull(3) ? nil : query.int64(3), day: query.int64(4),
                amount: Money(units: query.int64(5), scale: scale, currency: currency)))
        }
        return sides
    }
}
