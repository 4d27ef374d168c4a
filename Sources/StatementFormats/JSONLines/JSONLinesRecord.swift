import FinanceCore

/// The fields of one JSON Lines record, converted from their JSON values as they are read.
///
/// A key pfin reads may appear once per record (a second one is an error: pfin does not guess
/// which of two amounts is right). Keys it does not read are skipped.
struct JSONLinesRecord {
    /// The fields seen so far, as `JSONLinesField.bit`s.
    var seen: UInt32 = 0
    var id: ActivityID?
    var account: String?
    var date: LocalDate?
    var name: String?
    var rawName: String?
    var address: String?
    var amount: Money?
    var currency: CurrencyCode?
    var memo: String?
    var type: PaymentType?
    var category: String?
    var fitid: String?
    var checkNumber: String?
    var source: SourceLocation?
    var originalAmount: Money?
    var originalCurrency: CurrencyCode?
    var exchangeRate: ExchangeRate?

    /// The fields every record must have.
    static let required: [JSONLinesField] = [.date, .amount, .name]
    static var requiredBits: UInt32 { JSONLinesField.date.bit | JSONLinesField.amount.bit | JSONLinesField.name.bit }
}
