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
    /// Payee, merchant or counterparty: the bank's text, cleaned by payee normalisation (see
    /// `rawName`) and perhaps by rules.
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
    /// What the bank said of the payment's own currency, for a payment in another currency than
    /// the account's.
    public var original: OriginalAmount? {
        get { originalBox?.value }
        set { originalBox = newValue.map(OriginalBox.init) }
    }
    /// `original`, boxed: few payments have one, and inline it made every activity 40 bytes
    /// larger (264 instead of 224), bytes every reader, queue and writer moves for each row.
    private var originalBox: OriginalBox?
    /// The name as the bank wrote it, when payee normalisation changed it; `nil` when `name` is the
    /// bank's text. Ids are computed from this text, never from the clean name.
    public var rawName: String?

    public var currency: CurrencyCode? { amount.currency }
}

extension PaymentActivity {
    /// An activity; its type follows the amount's sign unless given.
    ///
    /// Declared in an extension and delegating to the memberwise initializer on purpose: assigning
    /// the stored properties one by one compiled (Swift 6.3) to building the value twice, copying
    /// one (a retain of every string) and destroying the other (a release of every string), on every
    /// row every reader produces. The memberwise initializer moves the arguments into place.
    public init(
        id: ActivityID, account: String?, date: LocalDate, name: String, address: String? = nil,
        amount: Money, memo: String? = nil, type: PaymentType? = nil, category: String? = nil,
        fitid: String? = nil, checkNumber: String? = nil, source: SourceLocation, original: OriginalAmount? = nil,
        rawName: String? = nil
    ) {
        self.init(
            id: id, account: account, date: date, name: name, address: address, amount: amount, memo: memo,
            type: type ?? PaymentType(sign: amount), category: category, fitid: fitid, checkNumber: checkNumber,
            source: source, originalBox: original.map(OriginalBox.init), rawName: rawName)
    }
}

/// An `OriginalAmount` behind a reference, compared and hashed by value; never changed (a new
/// box replaces it), so activities stay values.
final class OriginalBox: Hashable, Sendable {
    let value: OriginalAmount

    init(_ value: OriginalAmount) { self.value = value }

    static func == (a: OriginalBox, b: OriginalBox) -> Bool { a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
