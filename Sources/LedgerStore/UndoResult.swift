import FinanceCore

/// What `Ledger.undo` did.
public struct UndoResult: Sendable, Equatable {
    /// The batch, as it was before the undo.
    public var batch: ImportBatch
    /// Transactions removed (the batch's rows, its deleted ones included).
    public var removed: Int
    /// Rows outside the batch that its transfer pairings had made transfers, now back to the type
    /// they had (as they are now, with that type).
    public var untransferred: [PaymentActivity]

    public init(batch: ImportBatch, removed: Int, untransferred: [PaymentActivity]) {
        self.batch = batch
        self.removed = removed
        self.untransferred = untransferred
    }
}
