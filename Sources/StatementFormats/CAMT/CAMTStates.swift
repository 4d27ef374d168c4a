import FinanceCore

/// A `Stmt` (or a camt.052 `Rpt`, a camt.054 `Ntfctn`) being read: its account, balances and
/// the sum of its booked entries.
struct CAMTStatementState {
    var index: Int
    var position: CAMTPosition
    var accountID: String?
    var currency: CurrencyCode?
    var start: LocalDate?
    var end: LocalDate?
    var opening: Balance?
    var closing: Balance?
    var available: Balance?
    /// camt.052 ITBD and ITAV.
    var interimBooked: Balance?
    var interimAvailable: Balance?
    var entryCount = 0
    /// Booked entries' amounts, without currency (an entry in another currency makes it `nil`).
    var booked: Money? = Money(units: 0, scale: 0)
    /// Entries skipped for errors: the balance check then says so.
    var skipped = 0
}

/// A `Bal` being read.
struct CAMTBalanceState {
    var position: CAMTPosition
    var code: String?
    var amount: Money?
    var isCredit = true
    var date: LocalDate?
}

/// An `Ntry` being read; its activities are made when it ends (`AddtlNtryInf` comes last).
struct CAMTEntryState {
    var index: Int
    var position: CAMTPosition
    var amount: Money?
    var isCredit: Bool?
    var reversal = false
    /// `BOOK` unless the entry says otherwise (v02–v05 `<Sts>BOOK</Sts>`, v06+ `<Sts><Cd>BOOK</Cd></Sts>`).
    var status: String?
    var bookingDate: LocalDate?
    var valueDate: LocalDate?
    var serviceReference: String?
    var additionalInfo: String?
    var transactions: [CAMTTransactionState] = []
    /// The first bad value met: the entry is skipped with it.
    var problem: Diagnostic?

    init(index: Int, position: CAMTPosition) {
        self.index = index
        self.position = position
    }
}

/// A `TxDtls` being read.
struct CAMTTransactionState {
    var index: Int
    var position: CAMTPosition
    /// `TxDtls/Amt` (v04+) and `TxDtls/AmtDtls/TxAmt/Amt`.
    var amount: Money?
    var transactionAmount: Money?
    var isCredit: Bool?
    var serviceReference: String?
    var endToEndID: String?
    var checkNumber: String?
    var debtor = CAMTParty()
    var creditor = CAMTParty()
    var ultimateDebtor = CAMTParty()
    var ultimateCreditor = CAMTParty()
    var unstructured: [String] = []
    var creditorReference: String?
    var additionalInfo: String?
    var problem: Diagnostic?

    init(index: Int, position: CAMTPosition) {
        self.index = index
        self.position = position
    }

    /// The party a `RltdPties` child names.
    subscript(party tag: CAMTTag) -> CAMTParty {
        get {
            switch tag {
            case .dbtr: return debtor
            case .cdtr: return creditor
            case .ultmtDbtr: return ultimateDebtor
            default: return ultimateCreditor
            }
        }
        set {
            switch tag {
            case .dbtr: debtor = newValue
            case .cdtr: creditor = newValue
            case .ultmtDbtr: ultimateDebtor = newValue
            default: ultimateCreditor = newValue
            }
        }
    }
}

/// A debtor or creditor: `Nm` and `PstlAdr`.
struct CAMTParty {
    var name: String?
    var street: String?
    var building: String?
    var postCode: String?
    var town: String?
    var country: String?
    var lines: [String] = []

    /// `StrtNm BldgNb, PstCd TwnNm, Ctry`, or the `AdrLine`s, comma-separated.
    var address: String? {
        func joined(_ parts: [String?], _ separator: String) -> String? {
            let present = parts.compactMap { $0 }
            return present.isEmpty ? nil : present.joined(separator: separator)
        }
        var parts = [joined([street, building], " "), joined([postCode, town], " ")].compactMap { $0 }
        if parts.isEmpty { parts = lines }
        if let country { parts.append(country) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    mutating func set(_ tag: CAMTTag, _ value: String) {
        switch tag {
        case .strtNm: street = value
        case .bldgNb: building = value
        case .pstCd: postCode = value
        case .twnNm: town = value
        case .ctry: country = value
        case .adrLine: lines.append(value)
        default: break
        }
    }
}
