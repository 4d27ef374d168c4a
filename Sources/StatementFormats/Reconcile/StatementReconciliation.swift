import FinanceCore

/// What reconciling one statement of one account found: the balances it states, its
/// transactions, and whether they add up (`pfin reconcile`). A plain value; renderers choose the
/// words.
public struct StatementReconciliation: Hashable, Sendable {
    public enum Outcome: String, Hashable, Sendable {
        /// Every stated balance agrees with the transactions.
        case reconciled
        /// A stated balance disagrees; `mismatches` says where it first goes wrong.
        case mismatch
        /// Only a closing balance and no row balances: it implies an opening balance, but there is
        /// nothing to check it against.
        case closingOnly
        /// Only an opening balance (a CAMT `OPBD` without `CLBD`) and no row balances: nothing
        /// closes the statement, so there is nothing to check it against.
        case openingOnly
        /// The file states no balances for this account.
        case noBalances
    }

    public var account: String
    public var currency: CurrencyCode?
    /// Where the statement starts (its first transaction's row when the file marks no statement).
    public var source: SourceLocation
    public var opening: Balance?
    /// Closing less the transactions, when the file states no opening balance.
    public var impliedOpening: Money?
    public var closing: Balance?
    public var available: Balance?
    public var transactionCount: Int
    public var total: Money
    /// Rows that state their own balance.
    public var rowBalanceCount: Int
    public var outcome: Outcome
    /// The mismatches, in the order the balance goes (the first is where it first goes wrong),
    /// at most `Reconciler.listedMismatches`.
    public var mismatches: [BalanceMismatch]
    /// All mismatches, also those not listed.
    public var mismatchCount: Int

    public var first: LocalDate?
    public var last: LocalDate?
}

/// A stated balance that the transactions before it do not add up to.
public struct BalanceMismatch: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// A row's stated balance differs from the previous balance plus the row's amount.
        case row
        /// The closing balance differs from the opening balance plus all transactions.
        case closing
    }

    public var kind: Kind
    /// The row (or, for `closing`, the statement).
    public var location: SourceLocation
    public var date: LocalDate
    /// What the transactions add up to, and what the file states.
    public var expected: Money
    public var found: Money
    /// `found − expected`.
    public var difference: Money
    /// What could explain it, most likely first; empty when nothing visible does.
    public var causes: [LikelyCause]
}

/// A visible reason a balance may not add up.
public enum LikelyCause: Hashable, Sendable {
    /// Two rows with the same date, amount and name, and the difference is that amount: one is
    /// probably there twice.
    case duplicate(SourceLocation, of: SourceLocation, amount: Money)
    /// A transaction of `amount` is probably missing between two dates (`days` apart).
    case missing(amount: Money, after: LocalDate?, before: LocalDate, days: Int?)
    /// The bank has not booked an item (a pending row the reader skipped): it may be the difference.
    case pending(SourceLocation)
    /// The row's amount is probably wrong: `expected` would add up (a shifted digit, a slip).
    case amount(SourceLocation, found: Money, expected: Money)
    /// The row's amount has probably the wrong sign.
    case sign(SourceLocation, found: Money)
}
