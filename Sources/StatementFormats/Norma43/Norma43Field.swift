/// A fixed-width field of a Norma 43 record: where it stands and what it holds.
///
/// Positions are those of the AEB's "Serie normas y procedimientos bancarios nº 43" (Información
/// normalizada de cuenta corriente), annex 1: 1-based columns of an 80-character record.
struct Norma43Field: Sendable {
    enum Kind: Sendable {
        /// Zero-padded digits, all of them.
        case digits
        /// An amount: 14 digits, the last two the cents.
        case amount
        /// `YYMMDD`.
        case date
        /// `1` debit (debe), `2` credit (haber).
        case sign
        /// Letters, left-aligned and padded with blanks.
        case text
    }

    /// What the field is, for messages: "amount", "transaction date".
    let name: String
    let start: Int
    let length: Int
    let kind: Kind

    init(_ name: String, _ start: Int, _ length: Int, _ kind: Kind) {
        self.name = name
        self.start = start
        self.length = length
        self.kind = kind
    }

    /// `columns 29–42`.
    var columns: String { length == 1 ? "column \(start)" : "columns \(start)–\(start + length - 1)" }

    /// What a well-formed value looks like.
    var expectation: String {
        switch kind {
        case .digits: return "\(length) digits"
        case .amount: return "\(length) digits, in cents (like 00000000012345 for 123.45)"
        case .date: return "a date YYMMDD (like 240315)"
        case .sign: return "1 (debit) or 2 (credit)"
        case .text: return "text"
        }
    }

    // MARK: Record 11, account header (cabecera de cuenta)

    static let headerBank = Norma43Field("bank code", 3, 4, .digits)
    static let headerBranch = Norma43Field("branch code", 7, 4, .digits)
    static let headerAccount = Norma43Field("account number", 11, 10, .digits)
    static let startDate = Norma43Field("start date", 21, 6, .date)
    static let endDate = Norma43Field("end date", 27, 6, .date)
    static let initialSign = Norma43Field("initial balance sign", 33, 1, .sign)
    static let initialBalance = Norma43Field("initial balance", 34, 14, .amount)
    static let headerCurrency = Norma43Field("currency code", 48, 3, .digits)
    static let holderName = Norma43Field("holder name", 52, 26, .text)

    // MARK: Record 22, movement (registro principal de movimientos)

    static let transactionDate = Norma43Field("transaction date", 11, 6, .date)
    static let valueDate = Norma43Field("value date", 17, 6, .date)
    static let commonConcept = Norma43Field("common concept", 23, 2, .digits)
    static let ownConcept = Norma43Field("own concept", 25, 3, .text)
    static let movementSign = Norma43Field("debit/credit code", 28, 1, .sign)
    static let movementAmount = Norma43Field("amount", 29, 14, .amount)
    static let document = Norma43Field("document number", 43, 10, .text)
    static let reference1 = Norma43Field("reference 1", 53, 12, .text)
    static let reference2 = Norma43Field("reference 2", 65, 16, .text)

    // MARK: Record 23, complementary concepts (registros complementarios de concepto)

    static let conceptCode = Norma43Field("concept number", 3, 2, .digits)
    static let concept1 = Norma43Field("first concept", 5, 38, .text)
    static let concept2 = Norma43Field("second concept", 43, 38, .text)

    // MARK: Record 24, currency equivalence (equivalencia de importe)

    static let originalCurrency = Norma43Field("original currency", 5, 3, .digits)
    static let originalAmount = Norma43Field("original amount", 8, 14, .amount)

    // MARK: Record 33, account end (final de cuenta)

    static let endBank = Norma43Field("bank code", 3, 4, .digits)
    static let endBranch = Norma43Field("branch code", 7, 4, .digits)
    static let endAccount = Norma43Field("account number", 11, 10, .digits)
    static let debitCount = Norma43Field("number of debits", 21, 5, .digits)
    static let debitTotal = Norma43Field("total of debits", 26, 14, .amount)
    static let creditCount = Norma43Field("number of credits", 40, 5, .digits)
    static let creditTotal = Norma43Field("total of credits", 45, 14, .amount)
    static let finalSign = Norma43Field("final balance sign", 59, 1, .sign)
    static let finalBalance = Norma43Field("final balance", 60, 14, .amount)
    static let endCurrency = Norma43Field("currency code", 74, 3, .digits)

    // MARK: Record 88, end of file (fin de fichero)

    static let recordCount = Norma43Field("number of records", 21, 6, .digits)
}
