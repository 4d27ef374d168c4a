import FinanceCore

// What `OFXStatementMapper` holds while a statement, a transaction or a `STATUS` is open.

/// A statement being read.
struct OFXStatementState {
    var kind: AccountKind
    var position: OFXPosition
    var currency: CurrencyCode?
    var accountID: String?
    var institution: String?
    var accountType: String? {
        didSet { accountKind = accountType.flatMap { AccountKind(rawValue: $0.uppercased()) } ?? kind }
    }
    var start: LocalDate?
    var end: LocalDate?
    var balanceAmounts: [OFXTag: Money] = [:]
    var balanceDates: [OFXTag: LocalDate] = [:]
    /// `INVTRANLIST` trades, income and other investment transactions (each has one `INVTRAN`),
    /// which pfin does not read, and where the first one starts.
    var skippedInvestments = 0
    var firstSkippedInvestment: OFXPosition?

    init(kind: AccountKind, position: OFXPosition) {
        self.kind = kind
        accountKind = kind
        self.position = position
    }

    /// The account's kind: `ACCTTYPE` where the statement states one (`CREDITLINE` in a bank
    /// statement), else the statement's; kept as `ACCTTYPE` is read, not worked out per transaction.
    private(set) var accountKind: AccountKind

    func info(file: String) -> StatementInfo {
        let kind = accountKind
        func balance(_ tag: OFXTag) -> Balance? {
            guard var amount = balanceAmounts[tag], let date = balanceDates[tag] ?? end else { return nil }
            amount.currency = currency
            return Balance(amount: amount.canonical, date: date)
        }
        return StatementInfo(
            account: Account(id: accountID ?? "", kind: kind, institution: institution), currency: currency,
            ledgerBalance: balance(.ledgerBalance), availableBalance: balance(.availableBalance),
            start: start, end: end, source: SourceLocation(file: file, line: position.line))
    }
}

/// A transaction being read. Dates and amounts are parsed as their elements arrive; only a bad
/// value's text is kept, for the message.
struct OFXTransactionState {
    var position: OFXPosition
    /// `TRNTYPE` is `XFER`.
    var isTransfer = false
    /// `TRNTYPE` is `PAYMENT` ("electronic payment"): on money into a card, the card's payment.
    var isPayment = false
    /// `TRNTYPE` is `CREDIT` (money in) or `DEBIT`/`CHECK` (money out): the type pfin's writer says
    /// with them, which a file pfin wrote keeps even against the sign (a rule's `set type`).
    var writtenType: PaymentType?
    var date: LocalDate?
    /// `DTPOSTED` as written when it is outside the specified forms.
    var oddDate: String?
    var datePosition: OFXPosition?
    var amount: Money?
    var amountPosition: OFXPosition?
    /// `DTPOSTED` and `TRNAMT` as written when they could not be read, each for its own message.
    var badDate: String?
    var badAmount: String?
    var fitid: String?
    var checkNumber: String?
    var refnum: String?
    var name: String?
    var extendedName: String?
    var memo: String?
    var payeeName: String?
    var addressParts: [String] = []
    var currency: (CurrencyCode?, Bool)?
    /// `CURRATE` of the transaction's `CURRENCY` or `ORIGCURRENCY`: CURDEF units per unit of CURSYM.
    var currencyRate: Money?
    /// The file was malformed while this transaction was open.
    var damaged = false

    init(position: OFXPosition) { self.position = position }

    mutating func reset(position: OFXPosition) {
        self = OFXTransactionState(position: position)
    }

    var address: String? { addressParts.isEmpty ? nil : addressParts.joined(separator: ", ") }

    mutating func set(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>, at position: OFXPosition) {
        func text() -> String? {
            value.isEmpty ? nil : String(decoding: value, as: UTF8.self)
        }
        switch tag {
        case .trnType:
            func named(_ word: StaticString) -> Bool {
                value.count == word.utf8CodeUnitCount
                    && word.withUTF8Buffer { zip(value, $0).allSatisfy { $0 | 0x20 == $1 } }
            }
            isTransfer = named("xfer")
            isPayment = named("payment")
            writtenType = named("credit") ? .income : named("debit") || named("check") ? .expense : nil
        case .dtPosted:
            datePosition = position
            date = OFXValues.date(value)
            if date == nil {
                badDate = String(decoding: value, as: UTF8.self)
            } else if value.count > 8, !OFXValues.isSpecified(value) {
                oddDate = String(decoding: value, as: UTF8.self)
            }
        case .fitID: fitid = text()
        case .checkNum: checkNumber = text()
        case .refNum: refnum = text()
        case .name: name = text()
        case .extendedName: extendedName = text()
        case .memo: memo = text()
        default: break
        }
    }

    mutating func setPayee(_ tag: OFXTag, _ value: String) {
        guard !value.isEmpty else { return }
        switch tag {
        case .name: payeeName = value
        case .addr1, .addr2, .addr3, .city, .state, .postalCode, .country: addressParts.append(value)
        default: break
        }
    }
}

/// A `STATUS` aggregate being read (OFX 2.2 §3.1.4).
struct OFXStatusState {
    var position: OFXPosition
    var code = 0
    var severity = "INFO"
    var message: String?
}
