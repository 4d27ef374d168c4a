import FinanceCore

/// Why the ledger could not do what was asked, and what the user can do about it.
///
/// A value, never a crash or a printed line: the command line words it (`pfin: error: …` plus a
/// `note:` with `advice`). SQLite's own message travels along, because "database is locked" or
/// "disk I/O error" is what a user searches for.
public enum LedgerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database file could not be opened or created (missing directory rights, not a database…).
    case cannotOpen(path: String, reason: String)
    /// There is no database at `path` and the caller asked not to create one.
    case missing(path: String)
    /// The database was written by a newer pfin: its schema version is above what this one knows.
    case newerSchema(path: String, found: Int, supported: Int)
    /// Another pfin held the database longer than the busy timeout.
    case busy(path: String, operation: String)
    /// SQLite failed; `code` is its extended result code and `message` its own words.
    case sqlite(path: String, operation: String, code: Int32, message: String)
    /// No transaction in the ledger has this id (or it was deleted).
    case notFound(ActivityID)
    /// The transaction is not deleted, so there is nothing to restore.
    case notDeleted(ActivityID)
    /// There is no import to undo.
    case noImports
    /// No import batch has this number.
    case batchNotFound(Int64)
    /// The batch was undone already.
    case batchUndone(ImportBatch)
    /// The batch holds transactions the user edited or deleted; undoing it needs `force`.
    case batchEdited(ImportBatch, [LedgerEntry])
    /// A value the ledger cannot store, such as an amount too large for 64 bits.
    case invalid(String)
    /// Part of the API that is declared but not implemented yet.
    case notYetImplemented(String)

    /// What went wrong, in one sentence without a trailing period.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): return "cannot open the ledger '\(path)': \(reason)"
        case .missing(let path): return "there is no ledger at '\(path)'"
        case .newerSchema(let path, let found, let supported):
            return "the ledger '\(path)' has schema version \(found), but this pfin knows versions up to \(supported)"
        case .busy(let path, let operation):
            return "the ledger '\(path)' stayed locked by another pfin while \(operation)"
        case .sqlite(let path, let operation, _, let message): return "SQLite failed while \(operation) in '\(path)': \(message)"
        case .notFound(let id): return "no transaction has the id \(id)"
        case .notDeleted(let id): return "the transaction \(id) is not deleted"
        case .noImports: return "the ledger has no imports to undo"
        case .batchNotFound(let id): return "there is no import batch \(id)"
        case .batchUndone(let batch):
            return "import batch \(batch.id) ('\(batch.file)') was undone already, at \(batch.undoneAt ?? "")"
        case .batchEdited(let batch, let entries):
            let rows = entries.count == 1 ? "1 transaction" : "\(entries.count) transactions"
            return "import batch \(batch.id) ('\(batch.file)') has \(rows) you edited or deleted; nothing was undone"
        case .invalid(let message): return message
        case .notYetImplemented(let what): return "\(what) is not implemented yet"
        }
    }

    /// What to do about it, when there is something to do.
    public var advice: String? {
        switch self {
        case .cannotOpen: return "check that the directory is writable, or choose another file with --db PATH (or $PFIN_DB)"
        case .missing: return "import a statement first ('pfin import FILE'), or name the ledger with --db PATH"
        case .newerSchema: return "update pfin, or use another ledger with --db PATH"
        case .busy: return "another pfin is importing into the same ledger; run this again when it has finished"
        case .sqlite(_, _, let code, _):
            switch code & 0xFF {
            case 13: return "the disk is full; free some space and run again"  // SQLITE_FULL
            case 11, 26: return "the file is damaged or not a pfin ledger; restore it from a backup or choose another with --db"
            case 8: return "the ledger is read-only; check the file's permissions"  // SQLITE_READONLY
            default: return nil
            }
        case .notFound: return "'pfin list' shows the ids; a unique prefix of one is enough"
        case .notDeleted: return "'pfin list --deleted' shows the deleted transactions"
        case .noImports, .batchNotFound, .batchUndone: return "'pfin imports' lists the batches; 'pfin undo BATCH' undoes one"
        case .batchEdited:
            return "--force undoes it anyway: the edits are lost, and a re-import brings the rows back as the bank sent them"
        case .invalid, .notYetImplemented: return nil
        }
    }
}
