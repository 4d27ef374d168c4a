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

    /// The type changes to put back when `batch` is undone, on rows that stay in the ledger: those
    /// the batch's own matching made on older rows (the other side of its pairs), still of type
    /// transfer and not locked (a type the user set since stays). Pairs a later import or the user
    /// made with the batch's rows are taken apart from their records (`undoPairs(touching:)`).
    func typeChangesToRevert(for batch: Int64) throws(LedgerError) -> [TypeChange] {
        try changedSides(where: "c.import_id = ?1 AND t.import_id IS NOT ?1", batch).map(\.change)
    }

    /// Takes apart every pair with a side among `batch`'s rows (matched by any import, or accepted
    /// by the user): the other side gets back the type it had before the pair, unless its type is
    /// locked, and the pair is forgotten. Rejections stay, so that a re-import does not pair again
    /// what the user refused. Returns the ids whose types were put back.
    func undoPairs(touching batch: Int64) throws(LedgerError) -> [Int64] {
        try undoTransferPairs(ofImport: batch)
        let select = try statement(
            """
            SELECT p.out_id, p.in_id, p.out_type_before, p.in_type_before,
                   o.import_id IS ?1, i.import_id IS ?1
            FROM transfer_pairs p LEFT JOIN transactions o ON o.id = p.out_id LEFT JOIN transactions i ON i.id = p.in_id
            WHERE p.status IN ('matched', 'accepted') AND (o.import_id IS ?1 OR i.import_id IS ?1)
            """)
        select.bind(1, batch)
        var restore: [(Int64, Int64)] = []
        while try select.step() {
            let outInBatch = select.int64(4) == 1, inInBatch = select.int64(5) == 1
            if !outInBatch && !select.isNull(2) { restore.append((select.int64(0), select.int64(2))) }
            if !inInBatch && !select.isNull(3) { restore.append((select.int64(1), select.int64(3))) }
        }
        select.reset()
        let update = try statement("UPDATE transactions SET type = ?2 WHERE id = ?1 AND type_locked = 0 AND type = 2")
        var restored: [Int64] = []
        for (id, type) in restore {
            update.bind(1, id)
            update.bind(2, type)
            try update.run()
            if connection.changes == 1 { restored.append(id) }
        }
        try connection.execute(
            """
            DELETE FROM transfer_pairs WHERE status <> 'rejected'
                AND (out_id IN (SELECT id FROM transactions WHERE import_id = \(batch))
                     OR in_id IN (SELECT id FROM transactions WHERE import_id = \(batch)))
            """, "undoing the transfer pairs of import \(batch)")
        return restored
    }

    /// The recorded changes joined with their rows, `?1` bound to `first`, `?2` to `second`.
    ///
    /// - Parameter stillTransfer: only rows that are still transfers and not locked.
    private func changedSides(
        where condition: String, _ first: Int64, _ second: Int64? = nil,
        stillTransfer: Bool = true
    ) throws(LedgerError) -> [ChangedSide] {
        let query = try statement(
            """
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
            sides.append(
                ChangedSide(
                    change: TypeChange(importID: query.int64(0), transaction: query.int64(1), previousType: query.int64(2)),
                    account: query.isNull(3) ? nil : query.int64(3), day: query.int64(4),
                    amount: Money(units: query.int64(5), scale: scale, currency: currency)))
        }
        return sides
    }
}
