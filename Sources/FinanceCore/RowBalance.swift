/// The balance a file states on one transaction's row (a CSV `Balance`, `Saldo` or `Disponible`
/// column): the account's balance once that row was booked.
///
/// Readers send it right after the row's activity (`ActivitySink.rowBalance`), so it needs no
/// link to it beyond its `source`, which is the activity's.
public struct RowBalance: Hashable, Sendable {
    /// The account as the activity has it (`nil` when the file names none).
    public var account: String?
    public var amount: Money
    public var date: LocalDate
    /// The row, as in the activity's `source`.
    public var source: SourceLocation

    public init(account: String?, amount: Money, date: LocalDate, source: SourceLocation) {
        self.account = account
        self.amount = amount
        self.date = date
        self.source = source
    }
}
