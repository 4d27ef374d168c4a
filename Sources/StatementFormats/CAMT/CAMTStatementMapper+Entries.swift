import FinanceCore

/// Entries into activities, and the statement's balances and balance check.
extension CAMTStatementMapper {
    /// Makes the activities of an entry: one, or one per `TxDtls` of a batched entry (a
    /// Sammelüberweisung, a batch of direct debits collected at once).
    ///
    /// Signs: `CdtDbtInd` is the direction of this posting. `RvslInd` marks a reversal, whose
    /// `CdtDbtInd` is already the reversing direction (the ISO 20022 usage rule of `RvslInd`: a
    /// reversal booked CRDT undoes an original debit), so it does not flip the sign again, and the
    /// balance check agrees; it only decides which party is the counterparty (the original one).
    mutating func finish(_ e: CAMTEntryState) throws {
        // Built only for a diagnostic: most entries need none.
        var path: String { elementPath() + "/Ntry[\(e.index)]" }
        let at = location(e.position)
        if let problem = e.problem {
            statement?.skipped += 1
            return try sink.report(problem)
        }
        guard var amount = e.amount else { return try skip(.missing(path: path, element: "Amt"), at: at) }
        guard let isCredit = e.isCredit else { return try skip(.missing(path: path, element: "CdtDbtInd"), at: at) }
        if let status = e.status, status != "BOOK" {
            return try sink.report(CAMTIssue.notBooked(path: path, status: status).diagnostic(at: at))
        }
        guard let date = try date(of: e, at: at) else { return }
        if amount.currency == nil { amount.currency = statement?.currency ?? options.currency }
        let signed = isCredit ? amount : (amount.negated ?? amount)
        addToBooked(signed)
        let originalCredit = isCredit != e.reversal
        guard e.transactions.count > 1 else {
            // A return (`RtrInf`, a reversal's code) names the parties of the payment it returns:
            // the counterparty is the one that payment had (a returned direct debit we collected
            // names us the creditor and the payer the debtor).
            let t = e.transactions.first ?? CAMTTransactionState(index: 1, position: e.position)
            return try emit(
                t, entry: e, amount: signed, date: date, originalCredit: isCredit != t.returnsAPayment(of: e), line: e.position.line, wholeEntry: true)
        }
        // Some banks list a batch's transactions (names, references) without their amounts:
        // splitting is impossible, so the entry stays whole rather than losing its money.
        guard e.transactions.contains(where: { $0.hasAmount || $0.problem != nil }) else {
            try sink.report(CAMTIssue.batchWithoutAmounts(path: path, count: e.transactions.count).diagnostic(at: at))
            return try emit(
                CAMTTransactionState(index: 1, position: e.position), entry: e, amount: signed,
                date: date, originalCredit: originalCredit, line: e.position.line, wholeEntry: true)
        }
        // A detail that states its amount only in another currency (the payer's, in `TxAmt`)
        // says nothing of what the account moved by: the entry stays whole, in its own currency.
        if let foreign = e.transactions.first(where: { $0.problem == nil && $0.hasAmount && $0.bookedAmount(in: signed.currency) == nil }) {
            let currency = foreign.foreignAmount(besides: signed.currency)?.currency
            try sink.report(
                CAMTIssue.batchInOtherCurrency(path: path, count: e.transactions.count, currency: currency, entry: signed).diagnostic(at: at))
            return try emit(
                CAMTTransactionState(index: 1, position: e.position), entry: e, amount: signed,
                date: date, originalCredit: originalCredit, line: e.position.line, wholeEntry: true)
        }
        var sum: Money? = Money(units: 0, scale: 0, currency: signed.currency)
        for t in e.transactions {
            if let problem = t.problem {
                sum = nil
                try sink.report(problem)
                continue
            }
            guard var own = t.bookedAmount(in: signed.currency) else {
                sum = nil
                try sink.report(
                    CAMTIssue.missing(path: path + "/NtryDtls/TxDtls[\(t.index)]", element: "Amt")
                        .diagnostic(at: location(t.position)))
                continue
            }
            if own.currency == nil { own.currency = signed.currency }
            let credit = t.isCredit ?? isCredit
            let txSigned = credit ? own : (own.negated ?? own)
            sum = sum?.adding(txSigned)
            try emit(t, entry: e, amount: txSigned, date: date, originalCredit: credit != t.returnsAPayment(of: e), line: t.position.line)
        }
        guard let sum, sum != signed else { return }
        // Charges the bank took off the batch (`ChrgInclInd`) are booked in the entry, not in any
        // detail: they become a transaction of their own, so that the transactions add up to
        // what was booked. Listed for the entry, else for each detail (never both: banks repeat them).
        var charges = e.charges.included(currency: signed.currency)
        if charges == nil {
            var total: Money? = Money(units: 0, scale: 0, currency: signed.currency)
            for t in e.transactions {
                if let own = t.charges.included(currency: signed.currency) { total = total?.adding(own) }
            }
            charges = total
        }
        if let charges, charges.units != 0, sum.adding(charges) == signed {
            return try emitCharges(charges, entry: e, date: date)
        }
        // The details leave part of the booked amount unlisted (a batch of three payments that
        // lists two): the rest is a transaction of its own, so that the account's total is what
        // the bank booked, never short of it.
        guard let rest = signed.adding(sum.negated ?? sum) else {
            return try sink.report(CAMTIssue.batchSum(path: path, count: e.transactions.count, sum: sum, entry: signed, rest: nil).diagnostic(at: at))
        }
        try sink.report(CAMTIssue.batchSum(path: path, count: e.transactions.count, sum: sum, entry: signed, rest: rest).diagnostic(at: at))
        try emitRest(rest, entry: e, date: date)
    }

    /// The entry's booking date (`BookgDt`). The element is optional ([0..1]) and some banks leave
    /// it out: then the value date, else the statement's last day (see `CAMTLeniency`): its
    /// closing balance's date, which is the day every entry on it was booked by (the message's
    /// `CreDtTm` is when the file was made, often days later, so it is not used). `nil`, after
    /// an error, when there is none or `--strict` refuses it: the entry is skipped.
    private mutating func date(of e: CAMTEntryState, at location: SourceLocation) throws -> LocalDate? {
        if let date = e.bookingDate { return date }
        if let date = e.valueDate {
            if reports(CAMTLeniency.valueDateCode, changesMeaning: false) {
                let path = elementPath() + "/Ntry[\(e.index)]"
                try sink.report(CAMTLeniency.valueDate(path: path, date: date).diagnostic(at: location, options: options))
            }
            return date
        }
        let found: (LocalDate, CAMTLeniency.StatementDate)? =
            statement?.closing.map { ($0.date, .closingBalance) } ?? statement?.interimBooked.map { ($0.date, .interimBalance) }
            ?? statement?.end.map { ($0, .periodEnd) }
        let path = elementPath() + "/Ntry[\(e.index)]"
        guard let (date, source) = found else {
            try skip(.missing(path: path, element: "BookgDt"), at: location)
            return nil
        }
        if reports(CAMTLeniency.statementDateCode, changesMeaning: true) {
            let leniency = CAMTLeniency.statementDate(path: path, date: date, from: source, strict: options.strict)
            try sink.report(leniency.diagnostic(at: location, options: options))
        }
        guard !options.strict else {
            statement?.skipped += 1
            return nil
        }
        return date
    }

    /// Whether the leniency `code` is to be reported now: once per file as a warning, or, when
    /// `--strict` refuses it (`changesMeaning`), every time as an error.
    private mutating func reports(_ code: String, changesMeaning: Bool) -> Bool {
        (options.strict && changesMeaning) || leniencies.isFirst(code)
    }

    private mutating func skip(_ issue: CAMTIssue, at location: SourceLocation) throws {
        statement?.skipped += 1
        try sink.report(issue.diagnostic(at: location))
    }

    private mutating func addToBooked(_ amount: Money) {
        guard let booked = statement?.booked else { return }
        if let expected = statement?.closing?.amount.currency ?? statement?.currency, let currency = amount.currency, currency != expected {
            statement?.booked = nil
            return
        }
        var plain = amount
        plain.currency = nil
        statement?.booked = booked.adding(plain)
    }

    /// One activity: a transaction of the entry, or (`wholeEntry`) the entry itself.
    ///
    /// The name is the counterparty, else `AddtlNtryInf`; an entry that names neither (OP
    /// Finland's credit naming only its creditor, the account holder; ING's batch of three
    /// payments listing none) is named by its remittance text, else as a batch of its
    /// `NbOfTxs`, never left empty while it has any text. The id is made from the name as it was
    /// before those fallbacks, so ids of entries read before stay the same.
    private mutating func emit(
        _ t: CAMTTransactionState, entry e: CAMTEntryState, amount: Money, date: LocalDate,
        originalCredit: Bool, line: Int, wholeEntry: Bool = false
    ) throws {
        let (main, ultimate) = originalCredit ? (t.debtor, t.ultimateDebtor) : (t.creditor, t.ultimateCreditor)
        var name = main.name ?? ultimate.name
        let address = main.name != nil ? main.address : (ultimate.address ?? main.address)
        var memo = t.unstructured.isEmpty ? t.creditorReference : t.unstructured.joined(separator: " ")
        if name == nil {
            name = e.additionalInfo ?? t.additionalInfo
        } else if memo == nil {
            memo = e.additionalInfo
        }
        let endToEnd = t.endToEndID.flatMap { $0 == "NOTPROVIDED" ? nil : $0 }
        let account = options.account ?? statement?.accountID
        let text = name ?? ""
        if name == nil {
            let batch = wholeEntry ? e.batchCount.flatMap { $0 > 1 ? "Batch of \($0) payments" : nil } : nil
            name = memo ?? batch
        }
        let id: ActivityID
        let bankID: String?
        if t.returnsAPayment(of: e) {
            // SEPA R-transactions (returns, reversals, refunds) carry the original's `EndToEndId`,
            // and some banks copy its `Refs` whole: the return's own reference comes first, and
            // its id is kept apart from every payment's (U+001F cannot occur in XML text).
            bankID = t.serviceReference ?? e.serviceReference ?? endToEnd
            id =
                bankID.map { ids.id(account: account, bankID: "return\u{1F}" + $0, date: date) }
                ?? ids.id(account: account, date: date, amount: amount, name: text)
        } else {
            bankID = t.serviceReference ?? endToEnd ?? e.serviceReference
            id =
                bankID.map { ids.id(account: account, bankID: $0, date: date) }
                ?? ids.id(account: account, date: date, amount: amount, name: text)
        }
        // A transaction's own amount details first; an entry of one payment may state them for the entry.
        var original = t.foreign.original(booked: amount, otherwise: t.foreignAmount(besides: amount.currency))
        // The entry's exchange gives the rate of its one payment's amount in another currency
        // (`TxDtls/Amt` EUR 522.39, the entry's `CcyXchg` EUR→CHF 1.1087693103).
        if e.transactions.count <= 1, let entry = e.foreign.original(booked: amount),
            original == nil || (original?.rate == nil && original?.currency == entry.currency && original?.amount == entry.amount)
        {
            original = entry
        }
        try sink.accept(
            PaymentActivity(
                id: id, account: account, date: date, name: name ?? "", address: address, amount: amount, memo: memo,
                fitid: bankID, checkNumber: t.checkNumber, source: SourceLocation(file: file, line: line), original: original))
        activityCount += 1
    }

    /// What a batch's details leave of its entry amount: a transaction named for it, on the
    /// entry's date, identified by the entry's reference.
    private mutating func emitRest(_ amount: Money, entry e: CAMTEntryState, date: LocalDate) throws {
        let account = options.account ?? statement?.accountID
        let name = e.additionalInfo ?? "Rest of batch"
        let id =
            e.serviceReference.map { ids.id(account: account, bankID: "rest\u{1F}" + $0, date: date) }
            ?? ids.id(account: account, date: date, amount: amount, name: name)
        try sink.accept(
            PaymentActivity(
                id: id, account: account, date: date, name: name, amount: amount,
                memo: "the part of the batched entry its details do not list",
                source: SourceLocation(file: file, line: e.position.line)))
        activityCount += 1
    }

    /// The charges of a batch that its entry amount has taken off: a transaction named for
    /// them, on the entry's date, identified by the entry's reference.
    private mutating func emitCharges(_ amount: Money, entry e: CAMTEntryState, date: LocalDate) throws {
        let account = options.account ?? statement?.accountID
        let name = "Bank charges"
        let id =
            e.serviceReference.map { ids.id(account: account, bankID: "charges\u{1F}" + $0, date: date) }
            ?? ids.id(account: account, date: date, amount: amount, name: name)
        try sink.accept(
            PaymentActivity(
                id: id, account: account, date: date, name: name, amount: amount, memo: e.additionalInfo,
                source: SourceLocation(file: file, line: e.position.line)))
        activityCount += 1
    }

    /// Keeps a `Bal`: OPBD (or PRCD, the previous closing) opens, CLBD closes, CLAV is available.
    /// A camt.052 intraday report has interim balances instead of closing ones: ITBD (interim
    /// booked) stands for the ledger balance and ITAV (interim available) for the available one
    /// when the report has no CLBD or CLAV.
    mutating func keep(_ b: CAMTBalanceState) {
        guard var amount = b.amount, let code = b.code, let date = b.date else { return }
        if amount.currency == nil { amount.currency = statement?.currency }
        let balance = Balance(amount: b.isCredit ? amount : (amount.negated ?? amount), date: date)
        switch code {
        case "OPBD": statement?.opening = balance
        case "PRCD": if statement?.opening == nil { statement?.opening = balance }
        case "CLBD": statement?.closing = balance
        case "CLAV": statement?.available = balance
        case "ITBD": statement?.interimBooked = balance
        case "ITAV": statement?.interimAvailable = balance
        default: break
        }
    }

    /// Checks opening + booked entries = closing, and hands the statement to the sink.
    ///
    /// Only a closing balance (CLBD) is checked: an intraday report's interim balance (ITBD) may
    /// follow entries of earlier reports of the day that this one does not repeat.
    mutating func finish(_ s: CAMTStatementState) throws {
        let name = (message ?? .statement).container.name
        let path = elementPath() + (s.index > 1 ? "/\(name)[\(s.index)]" : "/\(name)")
        if let opening = s.opening, let closing = s.closing, var booked = s.booked, opening.amount.currency == closing.amount.currency {
            booked.currency = opening.amount.currency
            if opening.amount.adding(booked) != closing.amount {
                try sink.report(
                    CAMTIssue.balanceMismatch(
                        path: path, opening: opening.amount, booked: booked, closing: closing.amount,
                        skipped: s.skipped
                    )
                    .diagnostic(at: location(s.position)))
            }
        }
        let currency = s.currency ?? (s.closing ?? s.interimBooked)?.amount.currency
        try sink.statement(
            StatementInfo(
                account: Account(id: options.account ?? s.accountID ?? "", kind: .checking), currency: currency,
                openingBalance: s.opening, ledgerBalance: s.closing ?? s.interimBooked,
                availableBalance: s.available ?? s.interimAvailable,
                start: s.start ?? s.opening?.date, end: s.end ?? (s.closing ?? s.interimBooked)?.date,
                source: SourceLocation(file: file, line: s.position.line)))
    }
}
