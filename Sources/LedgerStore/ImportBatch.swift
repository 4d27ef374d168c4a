/// One import as the ledger remembers it (a row of `imports`): the file, when, and what it did.
///
/// Every `pfin import` of a file that committed is a batch; a dry run or a file with errors
/// leaves none. `Ledger.undo` removes a batch's transactions and marks it undone.
public struct ImportBatch: Sendable, Equatable {
    /// The batch number (`imports.id`), counting up from 1.
    public var id: Int64
    /// The file as the user named it.
    public var file: String
    /// When the import started (UTC, `YYYY-MM-DDTHH:MM:SSZ`).
    public var startedAt: String
    public var inserted: Int
    public var skippedDuplicates: Int
    public var errors: Int
    public var transferPairs: Int
    /// When `pfin undo` removed its transactions, if it did.
    public var undoneAt: String?

    public var isUndone: Bool { undoneAt != nil }

    public init(
        id: Int64, file: String, startedAt: String, inserted: Int, skippedDuplicates: Int, errors: Int,
        transferPairs: Int, undoneAt: String? = nil
    ) {
        self.id = id
        self.file = file
        self.startedAt = startedAt
        self.inserted = inserted
        self.skippedDuplicates = skippedDuplicates
        self.errors = errors
        self.transferPairs = transferPairs
        self.undoneAt = undoneAt
    }
}
