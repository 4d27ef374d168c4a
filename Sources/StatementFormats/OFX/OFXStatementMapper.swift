import FinanceCore

/// Turns OFX element events into activities, statements and diagnostics (the third layer, after
/// the header and the element parsers).
///
/// Handles bank statements (`STMTRS`, OFX 2.2 §11.4.2), credit card statements (`CCSTMTRS`,
/// §11.4.3) and the cash lines of investment statements (`INVBANKTRAN` in `INVSTMTRS`, §13.9.2.4),
/// several per file. Elements it does not know are transparent: their known children count as
/// children of the nearest known aggregate.
///
/// Each statement reaches the sink twice: its account (and kind and currency) when the account
/// aggregate closes, before its transactions, and all of it (dates, balances) at its end.
///
/// Leniencies (`OFXLeniency`), each said once per file: amounts with thousands separators or mixed
/// decimal marks, transactions without `FITID`, `BANKACCTFROM` without `ACCTTYPE`, dates outside
/// the specified forms, and several documents in one file. An investment statement's trades,
/// income and reinvestments are not read: one warning per statement counts them.
struct OFXStatementMapper<Sink: ActivitySink>: OFXEventHandler {
    var sink: Sink
    let file: String
    let options: ReadOptions
    private let ids = ActivityIDBuilder()
    private var path: [OFXTag] = []
    private var statement: OFXStatementState?
    private var transaction = OFXTransactionState(position: OFXPosition(line: 0, column: 0))
    private var inTransaction = false
    private var status: OFXStatusState?
    /// The file says it was written by pfin (`<FI><ORG>pfin`): `REFNUM` then carries each
    /// activity's id, so that a round trip keeps ids.
    private var writtenByPfin = false
    private(set) var activityCount = 0
    private(set) var stopped = false
    /// The file's decimal mark (`OFXAmountFormat`), or `nil` for each value's own.
    private let decimalMark: UInt8?
    /// Decimal marks seen, when each value has its own: bit 0 `.`, bit 1 `,`.
    private var marksSeen: UInt8 = 0
    /// Leniencies already said, checked before anything is built for one (some are per transaction).
    private var said: OFXLeniencySet = []
    /// Whether a transaction in another currency without a rate has been warned about.
    private var saidUnconverted = false
    private var documents = 0
    /// Where the first `<OFX>` starts, for a file that turns out to hold no statement.
    private var firstDocument: OFXPosition?
    /// A statement aggregate or a transaction was seen, or a `STATUS` error explained their absence.
    private var sawStatement = false
    /// A sign-on response was seen: alone, a valid answer with nothing in it.
    private var sawSignOn = false
    /// Where the first account list (`<ACCTINFORS>`, a sign-up response) starts.
    private var accountList: OFXPosition?
    /// End tags that closed nothing and were ignored (`OFXLeniency.strayEndTags`), and the first.
    private var strayEndTags = 0
    private var firstStrayEndTag: (name: String, position: OFXPosition)?

    init(sink: Sink, file: String, options: ReadOptions, decimalMark: UInt8? = nil) {
        self.sink = sink
        self.file = file
        self.options = options
        self.decimalMark = decimalMark
    }

    // MARK: Events

    mutating func start(_ tag: OFXTag, at position: OFXPosition) throws {
        guard tag != .unknown else { return }
        path.append(tag)
        switch tag {
        case .statementResponse, .creditCardStatementResponse, .investmentStatementResponse, .statementTransaction:
            sawStatement = true
        case .signonResponse: sawSignOn = true
        case .accountInfoResponse: if accountList == nil { accountList = position }
        default: break
        }
        switch tag {
        case .ofx:
            documents += 1
            if firstDocument == nil { firstDocument = position }
            writtenByPfin = false
            if documents == 2 { try tolerate(OFXLeniency.concatenated, .concatenated, at: position) }
        case .statementResponse: statement = OFXStatementState(kind: .checking, position: position)
        case .creditCardStatementResponse: statement = OFXStatementState(kind: .creditCard, position: position)
        case .investmentStatementResponse: statement = OFXStatementState(kind: .investment, position: position)
        case .statementTransaction:
            transaction.reset(position: position)
            inTransaction = true
        case .status: status = OFXStatusState(position: position)
        case .investmentTransaction where path.count >= 2 && path[path.count - 2] == .investmentTransactionList:
            // BUYSTOCK, SELLMF, INCOME, REINVEST… (§13.9.2.4) are not known to pfin, so their
            // `INVTRAN` comes right below the list: one per investment transaction.
            statement?.skippedInvestments += 1
            if statement?.firstSkippedInvestment == nil { statement?.firstSkippedInvestment = position }
        default: break
        }
    }

    mutating func leaf(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>, at position: OFXPosition) throws {
        guard tag != .unknown, let parent = path.last else { return }
        func text() -> String { String(decoding: value, as: UTF8.self) }
        switch parent {
        case .fi:
            if tag == .org && text().lowercased() == "pfin" { writtenByPfin = true }
        case .status:
            switch tag {
            case .code: status?.code = Int(text()) ?? -1
            case .severity: status?.severity = text()
            case .message: status?.message = text()
            default: break
            }
        case .statementResponse, .creditCardStatementResponse, .investmentStatementResponse:
            if tag == .curdef { statement?.currency = CurrencyCode(text()) }
        case .bankAccountFrom, .creditCardAccountFrom, .investmentAccountFrom:
            switch tag {
            case .accountID: statement?.accountID = text()
            case .bankID, .brokerID: statement?.institution = text()
            case .accountType: if !value.isEmpty { statement?.accountType = text() }
            default: break
            }
        case .bankTransactionList, .investmentTransactionList:
            if tag == .dtStart {
                let read = try date(value, tag, at: position)
                statement?.start = read
            }
            if tag == .dtEnd {
                let read = try date(value, tag, at: position)
                statement?.end = read
            }
        case .ledgerBalance, .availableBalance:
            if tag == .balanceAmount {
                let read = try amount(value, tag, at: position)
                statement?.balanceAmounts[parent] = read
            }
            if tag == .dtAsOf {
                let read = try date(value, tag, at: position)
                statement?.balanceDates[parent] = read
            }
        case .statementTransaction:
            guard inTransaction else { break }
            if tag == .trnAmt {
                transaction.amountPosition = position
                let read = try amount(value, tag, at: position)
                transaction.amount = read
                if read == nil { transaction.badAmount = text() }
            } else {
                transaction.set(tag, value, at: position)
            }
        case .payee:
            if inTransaction, path.count >= 2, path[path.count - 2] == .statementTransaction { transaction.setPayee(tag, text()) }
        case .currency, .originalCurrency:
            if inTransaction, path.count >= 2, path[path.count - 2] == .statementTransaction {
                if tag == .currencySymbol {
                    transaction.currency = (CurrencyCode(text()), parent == .originalCurrency)
                } else if tag == .currencyRate {
                    transaction.currencyRate = OFXValues.amount(value, decimalMark: decimalMark)?.money
                }
            }
        default:
            break
        }
    }

    mutating func end(_ tag: OFXTag, at position: OFXPosition) throws {
        guard tag != .unknown else { return }
        if let index = path.lastIndex(of: tag) { path.removeSubrange(index...) }
        switch tag {
        case .statementTransaction:
            if inTransaction { try finish() }
            inTransaction = false
        case .status:
            if let finished = status, finished.code != 0 {
                try report(finished)
                if finished.severity.uppercased() == "ERROR" { sawStatement = true }
            }
            status = nil
        case .bankAccountFrom, .creditCardAccountFrom, .investmentAccountFrom:
            guard let current = statement else { break }
            if tag == .bankAccountFrom, current.accountType == nil {
                try tolerate(OFXLeniency.missingAccountType, .missingAccountType, at: position)
            }
            // The account and its kind before the statement's transactions, for writers that
            // need them first (a QIF card section); the whole statement follows at its end.
            try sink.statement(info(current))
        case .statementResponse, .creditCardStatementResponse, .investmentStatementResponse:
            if var finished = statement {
                // Today's balance beside a past period's transactions (a download of last month)
                // counts movements the file does not list: an opening worked out from it, and a
                // journal's assertion of it, would be wrong. A day or a weekend apart is usual.
                if let end = finished.end, let asOf = finished.balanceDates[.ledgerBalance], asOf.daysSinceEpoch - end.daysSinceEpoch > 7 {
                    try sink.report(OFXIssue.balanceAfterStatement(asOf: asOf, end: end).diagnostic(at: location(finished.position)))
                    finished.balanceAmounts[.ledgerBalance] = nil
                }
                if finished.skippedInvestments > 0 {
                    try sink.report(
                        OFXIssue.skippedInvestments(finished.skippedInvestments)
                            .diagnostic(at: location(finished.firstSkippedInvestment ?? finished.position)))
                }
                try sink.statement(info(finished))
            }
            statement = nil
        default:
            break
        }
    }

    mutating func problem(_ problem: OFXSyntaxProblem) throws {
        if case .notUTF8(let element, let bytes, let declared) = problem.kind {
            try tolerate(OFXLeniency.notUTF8(element: element, bytes: bytes, declared: declared), .notUTF8, at: problem.position)
            return
        }
        if case .strayEndTag(let name) = problem.kind {
            // Counted, and said once at the end of the file with the first one's line.
            strayEndTags += 1
            if firstStrayEndTag == nil { firstStrayEndTag = (name, problem.position) }
            return
        }
        var diagnostic = OFXIssue.syntax(problem).diagnostic(at: location(problem.position))
        if case .xml = problem.kind, problem.isFatal, documents > 0, path.isEmpty {
            // libxml2 reads one document; another one past the first 64 KiB was not seen coming.
            diagnostic.notes.append("a first OFX document ended before this point; if several were pasted into one file, split it and read each part")
        }
        try sink.report(diagnostic)
        if problem.isFatal { stopped = true }
        switch problem.kind {
        case .xml, .textTooLong, .unterminatedTag, .truncated, .tooDeep: if inTransaction { transaction.damaged = true }
        case .unexpectedEndTag, .strayEndTag, .forbidden, .notUTF8: break
        }
    }

    /// After the whole file was read without a fatal problem: a file without any statement is an
    /// error (an empty `<OFX>`, an account list, or only elements pfin does not know), unless the
    /// bank said why with an error `STATUS`. A sign-on response alone is a valid answer with nothing
    /// in it (OFX 2.2 §2.4.4: message sets are optional; pfin writes one for no activities); an
    /// account list beside it (§8.5.3 `ACCTINFORS`) names accounts, never their transactions.
    mutating func endOfFile(bodyStart: OFXPosition) throws {
        if let (name, position) = firstStrayEndTag {
            try sink.report(OFXLeniency.strayEndTags(count: strayEndTags, first: name).diagnostic(at: location(position), options: options))
        }
        guard !stopped, !sawStatement else { return }
        if let accountList {
            try sink.report(OFXIssue.accountList.diagnostic(at: location(accountList)))
            return
        }
        guard !sawSignOn else { return }
        try sink.report(OFXIssue.noStatement.diagnostic(at: location(firstDocument ?? bodyStart)))
    }

    /// The statement for the sink, under `--account` when given, as its activities are.
    private func info(_ state: OFXStatementState) -> StatementInfo {
        var info = state.info(file: file)
        if let account = options.account { info.account.id = account }
        return info
    }

    // MARK: Building activities

    private mutating func finish() throws {
        // Fields are read from `transaction` in place: a local copy of it would retain every text
        // of the transaction, since the leniency calls below mutate `self` (a tenth of the 1.x
        // reader's time).
        guard !transaction.damaged else {
            try sink.report(
                Diagnostic(
                    .error, code: "ofx.damaged-transaction", at: location(transaction.position),
                    "transaction skipped: the file is damaged inside it (see the error above)"))
            return
        }
        // A missing or unreadable date and amount are both said, each at its own element.
        if transaction.date == nil {
            if let datePosition = transaction.datePosition {
                try sink.report(OFXIssue.badDate(transaction.badDate ?? "", element: "DTPOSTED").diagnostic(at: location(datePosition)))
            } else {
                try sink.report(OFXIssue.missing("DTPOSTED").diagnostic(at: location(transaction.position)))
            }
        }
        if transaction.amount == nil {
            if let amountPosition = transaction.amountPosition {
                try sink.report(OFXIssue.badAmount(transaction.badAmount ?? "").diagnostic(at: location(amountPosition)))
            } else {
                try sink.report(OFXIssue.missing("TRNAMT").diagnostic(at: location(transaction.position)))
            }
        }
        guard let date = transaction.date, let datePosition = transaction.datePosition, var amount = transaction.amount else { return }
        if let odd = transaction.oddDate, !said.contains(.dateForm) {
            try tolerate(OFXLeniency.dateForm(element: .dtPosted, text: odd, date: date), .dateForm, at: datePosition)
        }
        // CURRENCY: the amounts are in CURSYM, and CURRATE is CURDEF units per unit of it (OFX
        // 2.1.1, 5.2): the account was charged TRNAMT × CURRATE in CURDEF, the amount booked here,
        // with TRNAMT kept as the original. ORIGCURRENCY: they were already converted to CURDEF from
        // CURSYM at CURRATE, which is kept; the original amount is not stated.
        var original: OriginalAmount?
        if let (code, converted) = transaction.currency, let code, !converted {
            let home = statement?.currency ?? options.currency
            if let home, home != code {
                if let rate = transaction.currencyRate.flatMap(ExchangeRate.init), let booked = rate.convert(amount, to: home) {
                    original = OriginalAmount(currency: code, amount: amount, rate: rate)
                    amount = booked
                } else {
                    amount.currency = code
                    if !saidUnconverted {
                        saidUnconverted = true
                        try sink.report(OFXIssue.currencyWithoutRate(code, account: home).diagnostic(at: location(transaction.position)))
                    }
                }
            } else {
                amount.currency = code
            }
        } else {
            amount.currency = statement?.currency ?? options.currency
            if let (code, _) = transaction.currency, let code, code != amount.currency {
                original = OriginalAmount(currency: code, rate: transaction.currencyRate.flatMap(ExchangeRate.init))
            }
        }
        // Zeros past the currency's minor digits (Bank of America's `-30.000`, `-3.77000`) say
        // nothing: dropped, exactly, so that the amount reads as the bank's other ones do; a digit
        // that is not zero stays (`Money.canonical`).
        amount = amount.canonical
        if let stated = original?.amount { original?.amount = stated.canonical }
        let account = options.account ?? statement?.accountID
        var name = transaction.name ?? transaction.payeeName ?? ""
        if let extended = transaction.extendedName, extended.count > name.count, extended.hasPrefix(name) { name = extended }
        // A bank's missing NAME falls back to the memo; pfin leaves NAME out only for an empty name.
        if name.isEmpty && !writtenByPfin { name = transaction.memo ?? "" }
        var fitid = transaction.fitid
        let id: ActivityID
        if writtenByPfin, let refnum = transaction.refnum, let pfinID = ActivityID(hex: refnum) {
            id = pfinID
            if fitid == refnum { fitid = nil }  // pfin wrote its own id there: the source had none
        } else if let fitid {
            id = ids.id(account: account, bankID: fitid, date: date)
        } else {
            if !said.contains(.missingFITID) { try tolerate(OFXLeniency.missingFITID, .missingFITID, at: transaction.position) }
            id = ids.id(account: account, date: date, amount: amount, name: name)
        }
        // CHECKNUM is the cheque's number; REFNUM the bank's own reference for the transaction
        // (OFX 2.2 §11.4.3), often FITID again (American Express) or a placeholder: it is no cheque
        // number and carries nothing for the user, so it is not kept (only pfin's ids, above).
        var type: PaymentType? = transaction.isTransfer ? .transfer : writtenByPfin ? transaction.writtenType : nil
        // Money into a card that its TRNTYPE or its words call a payment: the holder paying the card.
        if type == nil, amount.units > 0, statement?.accountKind.isLiability == true,
            CardPaymentWords.sayPayment(name: name, memo: transaction.memo, stated: transaction.isPayment)
        {
            type = .transfer
        }
        let activity = PaymentActivity(
            id: id, account: account, date: date, name: name, address: transaction.address, amount: amount, memo: transaction.memo,
            type: type, fitid: fitid, checkNumber: transaction.checkNumber,
            source: SourceLocation(file: file, line: transaction.position.line), original: original)
        try sink.accept(activity)
        activityCount += 1
    }

    private mutating func report(_ s: OFXStatusState) throws {
        let isError = s.severity.uppercased() == "ERROR"
        let where_ = path.contains(.signonResponse) || path.isEmpty && statement == nil ? "sign-on" : "statement"
        try sink.report(
            OFXIssue.status(code: s.code, severity: s.severity, message: s.message, scope: where_, isError: isError)
                .diagnostic(at: location(s.position)))
    }

    // MARK: Values and leniencies

    /// An amount with the file's decimal mark; notes thousands separators and mixed marks.
    private mutating func amount(_ value: UnsafeBufferPointer<UInt8>, _ tag: OFXTag, at position: OFXPosition) throws -> Money? {
        guard let read = OFXValues.amount(value, decimalMark: decimalMark) else { return nil }
        if read.grouped, !said.contains(.thousandsSeparators) {
            let example = String(decoding: value, as: UTF8.self)
            try tolerate(OFXLeniency.thousandsSeparators(element: tag, example: example, decimalMark: read.mark), .thousandsSeparators, at: position)
        }
        if decimalMark == nil, OFXValues.hasFraction(value, mark: read.mark) {
            let bit: UInt8 = read.mark == UInt8(ascii: ",") ? 2 : 1
            if marksSeen | bit == 3, marksSeen != 3 {
                try tolerate(OFXLeniency.mixedDecimalMarks(element: tag, example: String(decoding: value, as: UTF8.self)), .mixedDecimalMarks, at: position)
            }
            marksSeen |= bit
        }
        return read.money
    }

    /// A statement's date (`DTSTART`, `DTEND`, `DTASOF`); notes one outside the specified forms.
    private mutating func date(_ value: UnsafeBufferPointer<UInt8>, _ tag: OFXTag, at position: OFXPosition) throws -> LocalDate? {
        guard let date = OFXValues.date(value) else { return nil }
        if !said.contains(.dateForm), !OFXValues.isSpecified(value) {
            try tolerate(OFXLeniency.dateForm(element: tag, text: String(decoding: value, as: UTF8.self), date: date), .dateForm, at: position)
        }
        return date
    }

    /// Says `leniency` the first time; under `--strict`, one that changes meaning stops the file.
    private mutating func tolerate(_ leniency: Leniency, _ kind: OFXLeniencySet, at position: OFXPosition) throws {
        guard !said.contains(kind) else { return }
        said.insert(kind)
        try sink.report(leniency.diagnostic(at: location(position), options: options))
        if options.strict && leniency.changesMeaning { throw OFXRefusal() }
    }

    private func location(_ position: OFXPosition) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: position.column > 0 ? position.column : nil)
    }
}
