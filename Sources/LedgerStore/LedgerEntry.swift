import FinanceCore

/// A transaction as the ledger holds it: the activity and its bookkeeping.
public struct LedgerEntry: Sendable, Equatable {
    public enum Origin: String, Sendable {
        /// Read from a statement by `pfin import`.
        case `import`
        /// Entered by hand (`pfin add`).
        case manual
    }

    public var activity: PaymentActivity
    public var origin: Origin
    /// When it was last edited (UTC, `YYYY-MM-DDTHH:MM:SSZ`), if ever.
    public var editedAt: String?
    /// A rule or the user set the type; transfer matching leaves it alone.
    public var typeLocked: Bool

    public init(activity: PaymentActivity, origin: Origin, editedAt: String? = nil, typeLocked: Bool = false) {
        self.activity = activity
        self.origin = origin
        self.editedAt = editedAt
        self.typeLocked = typeLocked
    }
}

/// The answer to "which transaction does this id prefix name?".
public enum ActivityLookup: Sendable, Equatable {
    case found(LedgerEntry)
    /// No (undeleted) transaction's id starts with the prefix.
    case none
    /// Several do; the first few, for the user to choose from.
    case ambiguous([LedgerEntry])
    /// The prefix is not 1 to 16 hex digits.
    case invalidPrefix
}
