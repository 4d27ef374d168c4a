import FinanceCore

/// A pair of transactions the ledger holds as (possibly) one transfer between two own accounts:
/// found by an import (`matched` or `suggested`) or decided by the user (`accepted`, `rejected`).
public struct TransferPair: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        /// Found with evidence beyond the amount and applied: both sides are transfers.
        case matched
        /// Found, but not applied: only the amount links them, the pairing is ambiguous, or a rule
        /// gave a side another type. `pfin transfers --accept` applies it.
        case suggested
        /// Applied by the user.
        case accepted
        /// Dismissed by the user: it is never found again.
        case rejected

        /// Whether both sides are transfers because of it.
        public var isApplied: Bool { self == .matched || self == .accepted }
    }

    /// The money-out side.
    public var out: LedgerEntry
    /// The money-in side.
    public var `in`: LedgerEntry
    public var status: Status
    /// Why the sides look like one transfer, and for a suggestion why it is only one.
    public var reasons: [TransferReason]
    public var confidence: TransferConfidence
    /// When the user accepted or rejected it (UTC, `YYYY-MM-DDTHH:MM:SSZ`).
    public var decidedAt: String?

    public init(
        out: LedgerEntry, in: LedgerEntry, status: Status, reasons: [TransferReason], confidence: TransferConfidence,
        decidedAt: String? = nil
    ) {
        self.out = out
        self.in = `in`
        self.status = status
        self.reasons = reasons
        self.confidence = confidence
        self.decidedAt = decidedAt
    }
}
