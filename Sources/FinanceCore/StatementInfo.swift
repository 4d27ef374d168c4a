/// What a statement says about an account apart from its transactions: balances and period.
///
/// Readers send one per statement (an OFX `STMTRS`, a CSV file with a balance column) before or
/// after its activities; writers that need it (OFX's `LEDGERBAL`) keep it.
public struct StatementInfo: Hashable, Sendable {
    public var account: Account
    /// The statement's default currency (OFX `CURDEF`).
    public var currency: CurrencyCode?
    /// The balance before the statement's first transaction (CAMT.053 `OPBD`), when the file gives it.
    public var openingBalance: Balance?
    public var ledgerBalance: Balance?
    public var availableBalance: Balance?
    public var start: LocalDate?
    public var end: LocalDate?
    public var source: SourceLocation

    public init(
        account: Account, currency: CurrencyCode? = nil, openingBalance: Balance? = nil, ledgerBalance: Balance? = nil,
        availableBalance: Balance? = nil, start: LocalDate? = nil, end: LocalDate? = nil,
        source: SourceLocation
    ) {
        self.account = account
        self.currency = currency
        self.openingBalance = openingBalance
        self.ledgerBalance = ledgerBalance
        self.availableBalance = availableBalance
        self.start = start
        self.end = end
        self.source = source
    }
}

/// A balance and the day it was taken.
public struct Balance: Hashable, Sendable {
    public var amount: Money
    public var date: LocalDate

    public init(amount: Money, date: LocalDate) {
        self.amount = amount
        self.date = date
    }
}
