import FinanceCore

/// What reconciling one account of the ledger found (`Ledger.reconcile`): the balances its
/// imports state, walked day by day with the ledger's transactions. A plain value; the CLI
/// chooses the words.
public struct LedgerReconciliation: Hashable, Sendable {
    public enum Outcome: String, Hashable, Sendable {
        /// Every checked balance equals the starting balance plus the transactions up to its day.
        case reconciled
        /// At least one does not; `mismatches` starts with the first.
        case mismatch
        /// One balance only (an OFX `LEDGERBAL`): it is the start, with nothing after it to check.
        case nothingToCheck
    }

    /// The account, `nil` when its file names none (then `file` and `batch` say which import).
    public var account: String?
    public var currency: CurrencyCode?
    /// For an account the file does not name: the import whose transactions and balances these are.
    public var file: String?
    public var batch: Int64?
    /// Where the walk starts: the earliest stated balance (for a row's balance, the balance before
    /// that row), as the balance at the end of `start.date`.
    public var start: Balance
    public var startKind: StatedBalance.Kind
    /// The last balance checked.
    public var end: Balance?
    /// Balances checked (each day's last row balance and every closing balance after the start).
    public var checked: Int
    /// Transactions (not deleted) between the start and the last balance checked.
    public var transactions: Int
    public var outcome: Outcome
    /// The mismatches in date order, at most `LedgerReconciler.listedMismatches`.
    public var mismatches: [LedgerBalanceMismatch]
    public var mismatchCount: Int
}

/// A stated balance the ledger's transactions do not add up to.
public struct LedgerBalanceMismatch: Hashable, Sendable {
    public var kind: StatedBalance.Kind
    public var date: LocalDate
    /// The file (as imported) and line that state the balance.
    public var location: SourceLocation
    /// What the file states, and what the start plus the ledger's transactions up to `date` give.
    public var stated: Money
    public var ledger: Money
    /// `stated − ledger`: the amount of a transaction that would make them agree.
    public var difference: Money
    /// The previous balance's day (checked or the start): the difference arose after it.
    public var since: LocalDate
    public var causes: [LedgerCause]
}

/// What the ledger can see that would explain a mismatch, most likely first.
public enum LedgerCause: Hashable, Sendable {
    /// A transaction deleted in the ledger whose amount is the difference.
    case deleted(LedgerRowSummary)
    /// A transaction there twice (same day, amount and name) whose amount undoes the difference.
    case duplicate(LedgerRowSummary, of: LedgerRowSummary)
    /// A transaction edited in the ledger: if the edit changed its amount, `would` adds up.
    case edited(LedgerRowSummary, would: Money)
    /// A transaction of `amount` is probably missing from the ledger between the two days.
    case missing(amount: Money, after: LocalDate, before: LocalDate)
}

/// A transaction as a cause names it.
public struct LedgerRowSummary: Hashable, Sendable {
    public var id: ActivityID
    public var date: LocalDate
    public var name: String
    public var amount: Money
    public var source: SourceLocation

    public init(id: ActivityID, date: LocalDate, name: String, amount: Money, source: SourceLocation) {
        self.id = id
        self.date = date
        self.name = name
        self.amount = amount
        self.source = source
    }
}
