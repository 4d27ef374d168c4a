import FinanceCore

/// The first import into a ledger without transactions writes through SQLite's rollback journal
/// instead of the WAL.
///
/// In WAL mode every page of an import is written twice: into the WAL, then by the checkpoint
/// into the database. A rollback journal keeps only the pages that existed before the
/// transaction, and a ledger without transactions has next to none, so its first import is written
/// once (`sqlite3 .import` of a million rows: 2.22 s with a rollback journal, 2.57 s in WAL mode). The
/// guarantee is the same: a crash leaves a hot journal that the next opening rolls back, so the file
/// is all or nothing; `synchronous=FULL` meanwhile, as SQLite asks of a rollback journal that must
/// survive power loss. Leaving WAL mode needs the file to itself: with another connection open the
/// import stays in WAL mode rather than wait. Afterwards the ledger goes back to WAL mode (an
/// opening connection also switches a file it finds in rollback mode).
extension Ledger {
    /// Switches to the rollback journal when the ledger is a file without transactions and no other
    /// connection has it open; whether it did.
    func enterRollbackJournalForFirstImport() -> Bool {
        guard path != Ledger.inMemory, !path.isEmpty, !connection.inTransaction else { return false }
        guard (try? connection.integer("SELECT NOT EXISTS (SELECT 1 FROM transactions)")) == 1 else { return false }
        let mode = try? connection.withoutWaiting { () throws(LedgerError) in
            try connection.text("PRAGMA journal_mode = DELETE")
        }
        guard mode == "delete" else { return false }
        guard (try? connection.execute("PRAGMA synchronous = FULL", "setting the sync mode")) != nil else {
            leaveRollbackJournal()
            return false
        }
        return true
    }

    /// Back to WAL mode after the import committed or rolled back. A failure leaves a sound file
    /// in rollback mode, which the next connection to open it switches.
    func leaveRollbackJournal() {
        try? connection.execute("PRAGMA synchronous = NORMAL", "setting the sync mode")
        try? Ledger.switchToWAL(connection, waitingUpTo: busySeconds)
    }
}
