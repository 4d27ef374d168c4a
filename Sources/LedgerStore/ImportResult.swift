/// What importing one file did (or, for a dry run, would do).
public struct ImportResult: Sendable, Equatable {
    /// The file as the user named it.
    public var file: String
    /// New transactions written.
    public var inserted: Int
    /// Transactions already in the ledger (by id), left as they are there, deleted or edited ones included.
    public var skippedDuplicates: Int
    /// Errors the reader reported, as the caller passed them to `commit`.
    public var errors: Int
    /// Pairs of a money-out and a money-in between two own accounts that became transfers.
    public var transferPairs: Int
    /// Possible pairs found but not applied (see `TransferMatcher`): `pfin transfers` lists them.
    public var transferSuggestions: Int
    /// Nothing was written: the transaction was rolled back.
    public var dryRun: Bool
    /// The import's batch (`imports.id`), for `Ledger.undo`; `nil` for a dry run or a rolled-back file.
    public var batch: Int64?
    /// A dry run's rows: what would be added, the duplicates and of what, the would-be transfers.
    public var preview: ImportPreview?

    public init(
        file: String, inserted: Int = 0, skippedDuplicates: Int = 0, errors: Int = 0, transferPairs: Int = 0,
        transferSuggestions: Int = 0, dryRun: Bool = false, batch: Int64? = nil, preview: ImportPreview? = nil
    ) {
        self.file = file
        self.inserted = inserted
        self.skippedDuplicates = skippedDuplicates
        self.errors = errors
        self.transferPairs = transferPairs
        self.transferSuggestions = transferSuggestions
        self.dryRun = dryRun
        self.batch = batch
        self.preview = preview
    }
}

/// How to import a file.
public struct ImportOptions: Sendable, Equatable {
    /// Do everything (duplicates, transfer matching) inside the transaction, then roll it back.
    public var dryRun: Bool
    /// Pair a money-out and a money-in between own accounts as transfers (see `TransferMatcher`).
    public var matchTransfers: Bool

    public init(dryRun: Bool = false, matchTransfers: Bool = true) {
        self.dryRun = dryRun
        self.matchTransfers = matchTransfers
    }
}
