import FinanceCore

/// What a dry run found, row by row: the transactions it would add, the ones already in the ledger
/// (and which ledger row each duplicates), and the rows its transfer matching would turn into transfers.
///
/// Only a dry run collects it (`ImportOptions.dryRun`): a real import reports counts, and a
/// million-row file should not be held in memory twice.
public struct ImportPreview: Sendable, Equatable {
    /// A statement row that is already in the ledger, and the ledger row it duplicates.
    public struct Duplicate: Sendable, Equatable {
        /// The row read from the file.
        public var activity: PaymentActivity
        /// The ledger's row with the same id; `nil` when it is an earlier row of the same file
        /// not yet stored (a bulk load's pending rows).
        public var existing: Existing?
    }

    /// The ledger row a duplicate matches, as the ledger holds it (edits included).
    public struct Existing: Sendable, Equatable {
        public var id: ActivityID
        public var date: LocalDate
        public var name: String
        /// The user deleted it: the re-import leaves it deleted.
        public var deleted: Bool
        /// The user edited it (`edited_at` is set): the re-import keeps the edit.
        public var edited: Bool
        /// It was added by this same file, earlier (the file repeats a bank id).
        public var inThisFile: Bool
    }

    /// A row whose type the import's transfer matching changed to `transfer`.
    public struct TransferChange: Sendable, Equatable {
        public var activity: PaymentActivity
        /// Its type before matching.
        public var previousType: PaymentType
        /// It is one of the rows this import adds (otherwise an older row of the ledger).
        public var isNew: Bool
    }

    /// The rows that would be added, in file order.
    public var added: [PaymentActivity] = []
    /// The rows skipped as already in the ledger, in file order.
    public var duplicates: [Duplicate] = []
    /// The rows that would become transfers, new ones and older ones on the other side.
    public var transfers: [TransferChange] = []

    public init(added: [PaymentActivity] = [], duplicates: [Duplicate] = [], transfers: [TransferChange] = []) {
        self.added = added
        self.duplicates = duplicates
        self.transfers = transfers
    }
}
