import FinanceCore

/// What an import leaves for `pfin undo` and shows in a dry run: the type changes its transfer
/// matching made, and the preview's details.
///
/// The changes are recorded by a TEMP trigger (this connection only, rolled back with the import)
/// rather than by the matching code: whatever way matching decides, every row whose type it turns
/// into `transfer` is written to `import_type_changes` with its type before, and nothing outside an
/// import (an edit, an accepted suggestion) ever is.
extension ImportSession {
    static let typeChangeTrigger = "pfin_import_type_changes"

    /// Creates the trigger for this import (inside its transaction).
    func startRecordingTypeChanges() throws(LedgerError) {
        try ledger.connection.execute(
            """
            DROP TRIGGER IF EXISTS temp.\(Self.typeChangeTrigger);
            CREATE TEMP TRIGGER \(Self.typeChangeTrigger) AFTER UPDATE OF type ON transactions
            WHEN NEW.type = 2 AND OLD.type <> 2
            BEGIN
                INSERT INTO import_type_changes(import_id, transaction_id, previous_type) VALUES (\(importID), NEW.id, OLD.type);
            END
            """, "preparing the import of '\(file)'")
    }

    /// Drops the trigger before the import commits (a rollback takes it away by itself).
    func stopRecordingTypeChanges() throws(LedgerError) {
        try ledger.connection.execute("DROP TRIGGER IF EXISTS temp.\(Self.typeChangeTrigger)", "finishing the import of '\(file)'")
    }

    /// Fills in the dry run's details once every row is stored and matched: the ledger row each
    /// duplicate matches, and the rows that became transfers.
    func completePreview() throws(LedgerError) {
        guard var preview else { return }
        let names = try NameLookup(ledger)
        let existing = try ledger.statement("SELECT id, day, name, deleted, edited_at, import_id FROM transactions WHERE id = ?1")
        for i in preview.duplicates.indices {
            existing.bind(1, Int64(bitPattern: preview.duplicates[i].activity.id.value))
            defer { existing.reset() }
            guard try existing.step() else { continue }
            preview.duplicates[i].existing = ImportPreview.Existing(
                id: ActivityID(value: UInt64(bitPattern: existing.int64(0))), date: ActivityColumns.date(existing.int64(1)),
                name: existing.string(2), deleted: existing.int64(3) != 0, edited: !existing.isNull(4),
                inThisFile: !existing.isNull(5) && existing.int64(5) == importID)
        }
        let changed = try ledger.statement(
            """
            SELECT \(Self.qualified(ActivityColumns.select)), c.previous_type FROM import_type_changes c
            JOIN transactions t ON t.id = c.transaction_id WHERE c.import_id = ?1 ORDER BY t.seq
            """)
        defer { changed.reset() }
        changed.bind(1, importID)
        while try changed.step() {
            let activity = ActivityColumns.read(changed, names: names)
            preview.transfers.append(
                ImportPreview.TransferChange(
                    activity: activity, previousType: ActivityColumns.type(changed.int64(ActivityColumns.selectCount)),
                    isNew: !changed.isNull(15) && changed.int64(15) == importID))
        }
        self.preview = preview
    }

    /// `id, account_id, …` as `t.id, t.account_id, …`, for a join.
    static func qualified(_ columns: String) -> String {
        columns.split(separator: ",").map { "t." + $0.filter { $0 != " " && $0 != "\n" } }.joined(separator: ", ")
    }
}
