import FinanceCore

/// A balance an imported file states, as the ledger keeps it (the `balances` table): what
/// `pfin reconcile --db` checks the ledger's transactions against.
public struct StatedBalance: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The balance before the statement's transactions (CAMT `OPBD`, MT940 `:60F:`).
        case opening
        /// The balance after them (OFX `LEDGERBAL`, CAMT `CLBD`, MT940 `:62F:`).
        case closing
        /// What the bank lets the holder spend (OFX `AVAILBAL`): not checked, it counts holds and limits.
        case available
        /// A row's own balance (a CSV `Balance` column): the balance once that row was booked.
        case running
    }

    public var kind: Kind
    /// The account as its transactions name it; `nil` when the file names none.
    public var account: String?
    public var date: LocalDate
    public var amount: Money
    /// The import (batch) that stated it, its file (as the user named it) and the line there.
    public var batch: Int64
    public var file: String
    public var line: Int
    /// For `running`: the row's place among the file's rows of that day and account, in the order
    /// they happened (1 for the day's first); 0 for the other kinds.
    public var position: Int

    public init(
        kind: Kind, account: String?, date: LocalDate, amount: Money, batch: Int64, file: String, line: Int,
        position: Int = 0
    ) {
        self.kind = kind
        self.account = account
        self.date = date
        self.amount = amount
        self.batch = batch
        self.file = file
        self.line = line
        self.position = position
    }
}
