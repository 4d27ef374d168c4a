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
    /// `BkTxCd/Domn/Fmly/SubFmlyCd`: says whether the entry reverses or returns a payment.
    var subFamily: String?
    /// `NtryDtls/Btch/NbOfTxs`: how many payments a batched entry holds, listed or not.
    var batchCount: Int?
    var transactions: [CAMTTransactionState] = []
    /// `Ntry/AmtDtls`: for an entry of one payment, its foreign amount.
    var foreign = CAMTForeignState()
    /// `Ntry/Chrgs`: the charges of the entry (of a whole batch).
    var charges = CAMTChargesState()
    /// The first bad value met: the entry is skipped with it.
    var problem: Diagnostic?

    init(index: Int, position: CAMTPosition) {
        self.index = index
        self.position = position
    }
}

/// What `AmtDtls` says of another currency: the instructed amount (`InstdAmt/Amt`, in the
/// currency the payer gave) and an exchange (`CcyXchg`) under any of its amounts.
struct CAMTForeignState {
    var instructed: Money?
    var source: CurrencyCode?
    var target: CurrencyCode?
    var unit: CurrencyCode?
    var rate: Money?

    /// Reads one leaf below `AmtDtls`; `path` ends with the leaf's parent.
    mutating func read(_ tag: CAMTTag, _ value: UnsafeBufferPointer<UInt8>, currency: CurrencyCode?, path: [CAMTTag]) {
        let n = path.count
        guard n >= 2 else { return }
        func code() -> CurrencyCode? { value.count == 3 ? CurrencyCode(bytes: value[0], value[1], value[2]) : nil }
        switch tag {
        case .amt where path[n - 1] == .instdAmt && path[n - 2] == .amtDtls:
            instructed = CAMTValues.amount(value).map { Money(units: $0.units, scale: $0.scale, currency: currency) }
        case .srcCcy where path[n - 1] == .ccyXchg: source = code()
        case .trgtCcy where path[n - 1] == .ccyXchg: target = code()
        case .unitCcy where path[n - 1] == .ccyXchg: unit = code()
        case .xchgRate where path[n - 1] == .ccyXchg: rate = CAMTValues.rate(value)
        default: break
        }
    }

    /// The original amount of a payment booked as `booked` (signed, in the account's currency):
    /// the instructed amount when it is in another currency, with the rate as account-currency
    /// units per unit of it. `XchgRate` is one `UnitCcy` (else one `SrcCcy`: the rate converts
    /// from the source) in the other currency; a rate quoted per unit of the account's currency is
    /// kept as its reciprocal to ten decimal places.
    ///
    /// `otherwise` stands for the instructed amount when there is none (a transaction's `TxAmt`
    /// in another currency). An amount of zero beside a booked amount that is not is none.
    func original(booked: Money, otherwise: Money? = nil) -> OriginalAmount? {
        // A zero in another currency beside money that moved is no payment's amount (a form left at 0).
        guard let instructed = instructed ?? otherwise, let currency = instructed.currency, currency != booked.currency,
            !instructed.isZero || booked.isZero
        else { return nil }
        let signed = booked.isNegative ? (instructed.negated ?? instructed) : instructed
        var perUnit: ExchangeRate?
        if let rate, let quoted = rate.units > 0 ? rate : nil {
            let unitCurrency = unit ?? source
            let involved = [source, target].compactMap { $0 }
            if unitCurrency == currency, involved.isEmpty || involved.contains(currency) {
                perUnit = ExchangeRate(quoted)
            } else if unitCurrency != nil, unitCurrency == booked.currency {
                perUnit = ExchangeRate.reciprocal(of: quoted, decimals: 10)
            }
        }
        return OriginalAmount(currency: currency, amount: signed, rate: perUnit)
    }
}

/// A `TxDtls` being read.
struct CAMTTransactionState {
    var index: Int
    var position: CAMTPosition
    /// `TxDtls/Amt` (v04+), `TxDtls/AmtDtls/TxAmt/Amt` and `TxDtls/AmtDtls/CntrValAmt/Amt`.
    var amount: Money?
    var transactionAmount: Money?
    var counterValue: Money?
    var isCredit: Bool?
    var serviceReference: String?
    var endToEndID: String?
    /// `TxDtls/RtrInf` is there: the transaction returns an earlier payment.
    var isReturn = false
    var subFamily: String?
    var charges = CAMTChargesState()
    var checkNumber: String?
    var debtor = CAMTParty()
    var creditor = CAMTParty()
    var ultimateDebtor = CAMTParty()
    var ultimateCreditor = CAMTParty()
    var unstructured: [String] = []
    var creditorReference: String?
    var additionalInfo: String?
    var foreign = CAMTForeignState()
    var problem: Diagnostic?

    init(index: Int, position: CAMTPosition) {
        self.index = index
        self.position = position
    }

    /// The amount booked on the account for this transaction: the first of `TxDtls/Amt`,
    /// `AmtDtls/TxAmt` and `AmtDtls/CntrValAmt` that is in `currency`, the entry's (or states
    /// none). `TxAmt` is the underlying payment's amount, which for a payment in another
    /// currency is not what the account moved by.
    func bookedAmount(in currency: CurrencyCode?) -> Money? {
        if let amount, amount.currency == nil || amount.currency == currency { return amount }
        if let transactionAmount, transactionAmount.currency == nil || transactionAmount.currency == currency { return transactionAmount }
        if let counterValue, counterValue.currency == nil || counterValue.currency == currency { return counterValue }
        return nil
    }

    /// Whether the transaction states any amount, in any currency.
    var hasAmount: Bool { amount != nil || transactionAmount != nil || counterValue != nil }

    /// The payment's amount in another currency than `currency`, when no `InstdAmt` says it.
    func foreignAmount(besides currency: CurrencyCode?) -> Money? {
        if let transactionAmount, transactionAmount.currency != nil, transactionAmount.currency != currency { return transactionAmount }
        if let amount, amount.currency != nil, amount.currency != currency { return amount }
        return nil
    }

    /// The ISO 20022 bank transaction sub-families of reversals: of a direct debit returned or
    /// unpaid (`UPDD`), reversed (`PRDD`) or cancelled (`RCDD`), of a credit transfer returned
    /// (`RRTN`) or cancelled (`RPCR`).
    private static let reversalSubFamilies: Set<String> = ["UPDD", "PRDD", "RCDD", "RRTN", "RPCR"]

    /// Whether the transaction returns or reverses an earlier payment: the entry's `RvslInd`, the
    /// transaction's `RtrInf` (the return reason), or a reversal's bank transaction code.
    func returnsAPayment(of entry: CAMTEntryState) -> Bool {
        entry.reversal || isReturn || (subFamily ?? entry.subFamily).map { Self.reversalSubFamilies.contains($0) } ?? false
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

/// `Chrgs`: charges of an entry or a transaction. From v04 one `Chrgs` lists `Rcrd`s, each with its
/// amount, direction and `ChrgInclInd` (whether the entry amount already has them taken off);
/// v02 repeats `Chrgs`, each with its `Amt`.
struct CAMTChargesState {
    struct Record {
        var amount: Money?
        var isCredit: Bool?
        var included: Bool?
    }

    var records: [Record] = []
    /// `TtlChrgsAndTaxAmt`.
    var total: Money?

    /// Reads one leaf whose parent is `Chrgs` or `Chrgs/Rcrd`.
    mutating func read(_ tag: CAMTTag, _ value: UnsafeBufferPointer<UInt8>, currency: CurrencyCode?, parent: CAMTTag) {
        switch (tag, parent) {
        case (.amt, .chrgs):
            records.append(Record(amount: CAMTValues.amount(value).map { Money(units: $0.units, scale: $0.scale, currency: currency) }))
        case (.amt, .rcrd):
            if records.isEmpty { records.append(Record()) }
            records[records.count - 1].amount = CAMTValues.amount(value).map { Money(units: $0.units, scale: $0.scale, currency: currency) }
        case (.cdtDbtInd, .chrgs), (.cdtDbtInd, .rcrd):
            if !records.isEmpty { records[records.count - 1].isCredit = CAMTValues.isCredit(value) }
        case (.chrgInclInd, .rcrd):
            if !records.isEmpty { records[records.count - 1].included = CAMTValues.flag(value) }
        case (.ttlChrgsAndTaxAmt, .chrgs):
            total = CAMTValues.amount(value).map { Money(units: $0.units, scale: $0.scale, currency: currency) }
        default: break
        }
    }

    /// What the charges that the booked amount includes change it by, signed (a charge debited
    /// is negative), in `currency`: the records not marked `ChrgInclInd` false, else the total
    /// as a debit. `nil` when there are none, or one is in another currency.
    func included(currency: CurrencyCode?) -> Money? {
        var sum: Money?
        for record in records where record.included != false {
            guard var amount = record.amount else { continue }
            if amount.currency == nil { amount.currency = currency }
            guard amount.currency == currency, let signed = record.isCredit == true ? amount : amount.negated else { return nil }
            if let current = sum {
                guard let next = current.adding(signed) else { return nil }
                sum = next
            } else {
                sum = signed
            }
        }
        if records.isEmpty, var total {
            if total.currency == nil { total.currency = currency }
            guard total.currency == currency else { return nil }
            sum = total.negated
        }
        return sum
    }
}
