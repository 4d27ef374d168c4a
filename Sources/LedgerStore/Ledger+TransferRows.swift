import FinanceCore

/// The SQL of `transfer_pairs`, shared by imports (`ImportSession+Transfers`) and the user's
/// decisions (`Ledger+Transfers`). Each runs in the caller's transaction.
extension Ledger {
    /// A row of `transfer_pairs`, ids as stored (signed).
    struct PairRow {
        var out: Int64
        var `in`: Int64
        var status: TransferPair.Status
        var reasons: [TransferReason]
        var confidence: TransferConfidence
        var outTypeBefore: PaymentType?
        var inTypeBefore: PaymentType?
        var decidedAt: String?
    }

    /// Every stored pair: they are few (a handful a month), so callers filter in memory.
    func pairRows() throws(LedgerError) -> [PairRow] {
        let select = try statement(
            """
            SELECT out_id, in_id, status, evidence, confidence, out_type_before, in_type_before, decided_at FROM transfer_pairs ORDER BY id
            """)
        defer { select.reset() }
        var rows: [PairRow] = []
        while try select.step() {
            let reasons = select.string(3).split(separator: "\n").compactMap { TransferReason(code: String($0)) }
            rows.append(
                PairRow(
                    out: select.int64(0), in: select.int64(1),
                    status: TransferPair.Status(rawValue: select.string(2)) ?? .suggested, reasons: reasons,
                    confidence: TransferConfidence(rawValue: select.string(4)) ?? .low,
                    outTypeBefore: select.isNull(5) ? nil : ActivityColumns.type(select.int64(5)),
                    inTypeBefore: select.isNull(6) ? nil : ActivityColumns.type(select.int64(6)),
                    decidedAt: select.optionalString(7)))
        }
        return rows
    }

    /// Records a pair. An existing row of the same two sides is replaced only when `replacing`
    /// (the user decided) or when it is a suggestion (an import found it again, perhaps with more
    /// evidence); a decided or matched pair is never overwritten by an import.
    func store(
        out: ActivityID, in into: ActivityID, status: TransferPair.Status, reasons: [TransferReason],
        typesBefore: (PaymentType, PaymentType)?, importID: Int64?, decidedAt: String?, replacing: Bool
    ) throws(LedgerError) {
        let insert = try statement(
            """
            INSERT INTO transfer_pairs(out_id, in_id, status, evidence, confidence, out_type_before, in_type_before, import_id, decided_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            ON CONFLICT(out_id, in_id) DO UPDATE SET status = excluded.status, evidence = excluded.evidence,
                confidence = excluded.confidence, out_type_before = excluded.out_type_before,
                in_type_before = excluded.in_type_before, decided_at = excluded.decided_at
            WHERE ?10 OR transfer_pairs.status = 'suggested'
            """)
        insert.bind(1, Int64(bitPattern: out.value))
        insert.bind(2, Int64(bitPattern: into.value))
        insert.bind(3, status.rawValue)
        insert.bind(4, reasons.map(\.code).joined(separator: "\n"))
        insert.bind(5, TransferConfidence(reasons).rawValue)
        insert.bind(6, typesBefore.map { ActivityColumns.code($0.0) })
        insert.bind(7, typesBefore.map { ActivityColumns.code($0.1) })
        insert.bind(8, importID)
        insert.bind(9, decidedAt)
        insert.bind(10, Int64(replacing ? 1 : 0))
        try insert.run()
    }

    func setStatus(
        of out: ActivityID, _ into: ActivityID, _ status: TransferPair.Status, reasons: [TransferReason],
        decidedAt: String
    ) throws(LedgerError) {
        let update = try statement(
            """
            UPDATE transfer_pairs SET status = ?3, evidence = ?4, confidence = ?5, decided_at = ?6 WHERE out_id = ?1 AND in_id = ?2
            """)
        update.bind(1, Int64(bitPattern: out.value))
        update.bind(2, Int64(bitPattern: into.value))
        update.bind(3, status.rawValue)
        update.bind(4, reasons.map(\.code).joined(separator: "\n"))
        update.bind(5, TransferConfidence(reasons).rawValue)
        update.bind(6, decidedAt)
        try update.run()
    }

    /// Sets a transaction's type: always when `force` (the user decided), else only when no rule
    /// or edit locked it.
    func setType(_ type: PaymentType, of id: ActivityID, force: Bool) throws(LedgerError) {
        let update = try statement("UPDATE transactions SET type = ?2 WHERE id = ?1 AND deleted = 0 AND (?3 OR type_locked = 0)")
        update.bind(1, Int64(bitPattern: id.value))
        update.bind(2, ActivityColumns.code(type))
        update.bind(3, Int64(force ? 1 : 0))
        try update.run()
    }

    /// Removes the suggestions that pair either side with a third transaction: the side is taken.
    func dropOtherSuggestions(_ out: ActivityID, _ into: ActivityID) throws(LedgerError) {
        let delete = try statement(
            """
            DELETE FROM transfer_pairs WHERE status = 'suggested' AND (out_id = ?1 OR in_id = ?2) AND NOT (out_id = ?1 AND in_id = ?2)
            """)
        delete.bind(1, Int64(bitPattern: out.value))
        delete.bind(2, Int64(bitPattern: into.value))
        try delete.run()
    }
}

extension Ledger {
    /// Takes back what one import's pairing did, for undoing the import: its matched pairs give
    /// both sides their types before (an older side's included), and its matched and suggested
    /// pairs are forgotten. The user's decisions (accepted, rejected) stay. Runs in the caller's
    /// transaction.
    func undoTransferPairs(ofImport importID: Int64) throws(LedgerError) {
        let select = try statement(
            """
            SELECT out_id, in_id, out_type_before, in_type_before FROM transfer_pairs WHERE import_id = ?1 AND status = 'matched'
            """)
        select.bind(1, importID)
        var restore: [(Int64, Int64)] = []
        while try select.step() {
            if !select.isNull(2) { restore.append((select.int64(0), select.int64(2))) }
            if !select.isNull(3) { restore.append((select.int64(1), select.int64(3))) }
        }
        select.reset()
        let update = try statement("UPDATE transactions SET type = ?2 WHERE id = ?1 AND type_locked = 0")
        for (id, type) in restore {
            update.bind(1, id)
            update.bind(2, type)
            try update.run()
        }
        let delete = try statement("DELETE FROM transfer_pairs WHERE import_id = ?1 AND status IN ('matched', 'suggested')")
        delete.bind(1, importID)
        try delete.run()
    }
}
