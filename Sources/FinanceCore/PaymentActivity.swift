/// One transaction on one account: what every reader produces and every writer, rule and report consumes.
///
/// The fields mirror the JSON Lines schema of the user-facing contract (CONTRACT.md).
public struct PaymentActivity: Hashable, Sendable {
    /// Stable across re-imports of the same transaction; see `ActivityID`.
    public var id: ActivityID
    /// The account it was booked on, when known.
    public var account: String?
    /// The calendar date the bank booked it, in the statement's own time zone.
    public var date: LocalDate
    /// Payee, merchant or counterparty as the bank wrote it (rules may clean it).
    public var name: String
    public var address: String?
    /// Signed as the bank sees the account: money in is positive, money out negative.
    public var amount: Money
    public var memo: String?
    public var type: PaymentType
    /// A colon-separated hierarchy such as `Food:Groceries`.
    public var category: String?
    /// The bank's own transaction id (OFX FITID, a CSV transaction-id column).
    public var fitid: String?
    public var checkNumber: String?
    /// The file and line the transaction was read from.
    public var source: SourceLocation

    public var currency: CurrencyCode? { amount.currency }

    @inlinable
    public init(id: ActivityID, account: String?, date: LocalDate, name: String, address: String? = nil,
                amount: Money, memo: String? = nil, type: PaymentType? = nil, category: String? = nil,
                fitid: String? = nil, checkNumber: String? = nil, source: SourceLocation)
    {
        self.id = id
        self.account = account
        self.date = date
        self.name = name
        self.address = address
        self.amount = amount
        self.memo = memo
        self.type = type ?? PaymentType(sign: amount)
        self.category = category
        self.fitid = fitid
        self.checkNumber = checkNumber
        self.source = source
    }
}
