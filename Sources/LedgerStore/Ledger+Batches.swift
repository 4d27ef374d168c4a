import FinanceCore

/// Imports as batches: listing them, undoing one, and bringing deleted transactions back.
extension Ledger {
    /// Every import batch, oldest first.
    public func imports() throws(LedgerError) -> [ImportBatch] {
        let query = try statement("\(Self.batchSelect) ORDER BY id")
        defer { query.reset() }
        var batches: [ImportBatch] = []
        while try query.step() { batches.append(Self.batch(query)) }
        return batches
    }

    /// The batch with this number, if there is one.
    public func importBatch(_ id: Int64) throws(LedgerError) -> ImportBatch? {
        let query = try statement("\(Self.batchSelect) WHERE id = ?1")
        defer { query.reset() }
        query.bind(1, id)
        return try query.step() ? Self.batch(query) : nil
    }

    /// Removes a batch's transactions and the balances it stated, and marks it undone, all in one
    /// SQLite transaction.
    ///
    /// The rows are removed, not tombstoned: importing the file again adds them again. The type
    /// changes the batch's transfer matching made on other rows are put back (unless the user has
    /// set the type since), and so are those a later import's matching made when it paired one of
    /// the batch's rows with a row of its own. Duplicates the batch skipped belong to the batch
    /// that added them and stay.
    ///
    /// - Parameters:
    ///   - id: the batch; the latest one when `nil`.
    ///   - force: also remove rows of the batch the user edited or deleted (otherwise refused, so
    ///     that an edit is never lost by surprise).
    /// - Throws: `.noImports`, `.batchNotFound`, `.batchUndone`, `.batchEdited` (nothing changed then).
    public func undo(batch id: Int64? = nil, force: Bool = false) throws(LedgerError) -> UndoResult {
        guard !importInProgress else { throw .invalid("an import into '\(path)' is in progress") }
        return try inTransaction("undoing an import") { () throws(LedgerError) -> UndoResult in
            let batchID: Int64
            if let id {
                batchID = id
            } else {
                let last = try statement("SELECT id FROM imports ORDER BY id DESC LIMIT 1")
                defer { last.reset() }
                guard try last.step() else { throw LedgerError.noImports }
                batchID = last.int64(0)
            }
            guard let batch = try importBatch(batchID) else { throw LedgerError.batchNotFound(batchID) }
            if batch.isUndone { throw LedgerError.batchUndone(batch) }
            let edited = try editedEntries(of: batchID)
            if !edited.isEmpty && !force { throw LedgerError.batchEdited(batch, edited) }
            let reverts = try typeChangesToRevert(for: batchID)
            let unpaired = try undoPairs(touching: batchID)
            let revert = try statement("UPDATE transactions SET type = ?2 WHERE id = ?1")
            let forget = try statement("DELETE FROM import_type_changes WHERE import_id = ?1 AND transaction_id = ?2")
            for change in reverts {
                revert.bind(1, change.transaction)
                revert.bind(2, change.previousType)
                try revert.run()
                forget.bind(1, change.importID)
                forget.bind(2, change.transaction)
                try forget.run()
            }
            try connection.execute(
                """
                DELETE FROM import_type_changes WHERE import_id = \(batchID)
                    OR transaction_id IN (SELECT id FROM transactions WHERE import_id = \(batchID))
                """, "undoing import \(batchID)")
            let forgetBalances = try statement("DELETE FROM balances WHERE import_id = ?1")
            forgetBalances.bind(1, batchID)
            try forgetBalances.run()
            let remove = try statement("DELETE FROM transactions WHERE import_id = ?1")
            remove.bind(1, batchID)
            try remove.run()
            let removed = connection.changes
            let mark = try statement("UPDATE imports SET undone_at = ?2 WHERE id = ?1")
            mark.bind(1, batchID)
            mark.bind(2, Timestamp.now())
            try mark.run()
            var untransferred: [PaymentActivity] = []
            var seen = Set<Int64>()
            for id in unpaired + reverts.map(\.transaction) where seen.insert(id).inserted {
                if let row = try entry(ActivityID(value: UInt64(bitPattern: id))) {
                    untransferred.append(row.entry.activity)
                }
            }
            return UndoResult(batch: batch, removed: removed, untransferred: untransferred)
        }
    }

    /// Brings deleted transactions back, all or none.
    ///
    /// - Throws: `.notFound` for an id with no transaction, `.notDeleted` for one that is not
    ///   deleted; then nothing is restored.
    public func restore(_ ids: [ActivityID]) throws(LedgerError) {
        try setDeleted(false, ids, "restoring") { id throws(LedgerError) in
            try entry(id) == nil ? LedgerError.notFound(id) : LedgerError.notDeleted(id)
        }
    }

    private static let batchSelect = """
        SELECT id, file, started_at, inserted, skipped_duplicates, errors, transfer_pairs, undone_at FROM imports
        """

    private static func batch(_ s: SQLiteStatement) -> ImportBatch {
        ImportBatch(
            id: s.int64(0), file: s.string(1), startedAt: s.string(2), inserted: Int(s.int64(3)),
            skippedDuplicates: Int(s.int64(4)), errors: Int(s.int64(5)), transferPairs: Int(s.int64(6)),
            undoneAt: s.optionalString(7))
    }

    /// The batch's rows the user edited or deleted (both set `edited_at`).
    private func editedEntries(of batch: Int64) throws(LedgerError) -> [LedgerEntry] {
        let query = try statement(
            """
            SELECT \(ActivityColumns.select) FROM transactions WHERE import_id = ?1 AND edited_at IS NOT NULL ORDER BY seq
            """)
        defer { query.reset() }
        query.bind(1, batch)
        let names = try NameLookup(self)
        var entries: [LedgerEntry] = []
        while try query.step() { entries.append(ActivityColumns.readEntry(query, names: names)) }
        return entries
    }
}
