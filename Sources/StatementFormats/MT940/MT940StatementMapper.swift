import FinanceCore

/// Turns MT940 fields into activities, statements and diagnostics.
///
/// Each message (`:20:` up to a `-` line, or the next `:20:`) is one statement. A `:61:` line
/// waits for the `:86:` that may follow it, then becomes an activity:
/// - date: the entry (booking) date when the line has one, else the value date;
/// - amount: signed by the mark (`C` and `RD` in, `D` and `RC` out), in the currency of the
///   statement's opening balance (`--currency` when the statement has none);
/// - name and memo: from the `:86:` narrative (see `MT940NarrativeReader`); without one, the
///   line's supplementary details;
/// - fitid: the bank's reference, else the account owner's (neither when `NONREF`), else the SEPA
///   end-to-end reference of the narrative;
/// - check number: the owner's reference of a `CHK` (cheque) line;
/// - id: from the account, date, amount, fitid and name, numbered by occurrence, so that two
///   identical lines on one day stay two activities and a re-read gives the same ids. (Bank
///   references are not unique enough to be ids alone: many banks repeat them across statements.)
///
/// Each statement's opening balance plus its lines must give its closing balance; a mismatch is
/// a warning at the closing balance.
struct MT940StatementMapper<Sink: ActivitySink>: MT940FieldHandler {
    var sink: Sink
    let file: String
    let options: ReadOptions
    /// Whether field text may be invalid UTF-8 (the input passed through undecoded).
    let checkUTF8: Bool
    private let ids = ActivityIDBuilder()
    private let narratives = MT940NarrativeReader()
    private let idText = ByteBuffer(capacity: 256)
    private var statement = StatementState(line: 0)
    private var pending: PendingLine?
    private(set) var activityCount = 0

    init(sink: Sink, file: String, options: ReadOptions, checkUTF8: Bool) {
        self.sink = sink
        self.file = file
        self.options = options
        self.checkUTF8 = checkUTF8
    }

    // MARK: Fields

    mutating func field(_ field: MT940Field) throws {
        if checkUTF8, !UTF8Validation.isValid(field.value) {
            try report(.invalidUTF8, line: field.line, column: field.column)
        }
        if field.tag == .narrative {
            if let waiting = pending {
                pending = nil
                narratives.read(field)
                try emit(waiting.line, number: waiting.number, narrative: narratives)
            }
            return
        }
        try flushPending()
        switch field.tag {
        case .reference:
            if statement.hasContent { try endStatement(truncatedAt: nil) }
            statement = StatementState(line: field.line)
            statement.hasContent = true
        case .account:
            statement.account = MT940Values.text(field.value)
            statement.hasContent = true
        case .openingBalance:
            statement.hasContent = true
            switch MT940Balance.parse(field.value) {
            case .success(let balance): statement.opening = balance
            case .failure(let problem):
                statement.damaged = true
                try report(.badBalance(tag: field.name, problem), line: field.line, column: field.column + problem.offset)
            }
        case .statementLine:
            statement.hasContent = true
            switch MT940StatementLine.parse(field.firstLine, continuation: field.continuation) {
            case .success(let line): pending = PendingLine(line: line, number: field.line)
            case .failure(let problem):
                statement.damaged = true
                try report(.badStatementLine(problem), line: field.line, column: field.column + problem.offset)
            }
        case .closingBalance:
            statement.hasContent = true
            switch MT940Balance.parse(field.value) {
            case .success(let balance):
                statement.closing = balance
                try checkBalance(balance, line: field.line, column: field.column)
            case .failure(let problem):
                try report(.badBalance(tag: field.name, problem), line: field.line, column: field.column + problem.offset)
            }
        case .statementNumber, .narrative, .other:
            break
        }
    }

    mutating func endOfMessage(line: Int) throws {
        try flushPending()
        try endStatement(truncatedAt: nil)
    }

    mutating func strayText(line: Int, column: Int) throws {
        try report(.strayText, line: line, column: column)
    }

    mutating func overlongField(line: Int, limit: Int) throws {
        try report(.overlongField(limit: limit), line: line, column: nil)
    }

    /// At the end of the input, whose last line is `lastLine`.
    mutating func finish(lastLine: Int) throws {
        try flushPending()
        try endStatement(truncatedAt: lastLine)
    }

    // MARK: Statements

    private mutating func endStatement(truncatedAt lastLine: Int?) throws {
        defer { statement = StatementState(line: 0) }
        guard statement.hasContent else { return }
        if let lastLine, statement.closing == nil {
            try report(.truncated, line: lastLine, column: nil)
        }
        let account = options.account ?? statement.account
        guard let account else { return }
        let institution = statement.account.flatMap { id -> String? in
            guard let slash = id.firstIndex(of: "/") else { return nil }
            return String(id[..<slash])
        }
        let currency = statement.currency ?? options.currency
        func balance(_ b: MT940Balance?) -> Balance? {
            b.map { Balance(amount: $0.amount, date: $0.date) }
        }
        try sink.statement(StatementInfo(
            account: Account(id: account, kind: .checking, institution: institution), currency: currency,
            ledgerBalance: balance(statement.closing), start: statement.opening?.date, end: statement.closing?.date,
            source: SourceLocation(file: file, line: statement.line)))
    }

    private mutating func checkBalance(_ closing: MT940Balance, line: Int, column: Int) throws {
        guard let opening = statement.opening, !statement.damaged,
            opening.amount.currency == closing.amount.currency,
            let expected = opening.amount.adding(Money(units: statement.total.units, scale: statement.total.scale, currency: opening.amount.currency))
        else { return }
        guard expected != closing.amount else { return }
        try report(.balanceMismatch(opening: opening.amount, lines: statement.lineCount, total: statement.total,
                                    closing: closing.amount, expected: expected), line: line, column: column)
    }

    // MARK: Activities

    private mutating func flushPending() throws {
        guard let waiting = pending else { return }
        pending = nil
        try emit(waiting.line, number: waiting.number, narrative: nil)
    }

    private mutating func emit(_ line: MT940StatementLine, number: Int, narrative: MT940NarrativeReader?) throws {
        statement.lineCount += 1
        if let sum = statement.total.adding(line.amount) { statement.total = sum } else { statement.damaged = true }
        var amount = line.amount
        amount.currency = statement.currency ?? options.currency
        if statement.currency == nil && !statement.warnedCurrency {
            statement.warnedCurrency = true
            let missing = statement.account == nil ? "the account (:25:) and opening balance (:60F:)" : "the opening balance (:60F:)"
            try report(.unknownCurrency(missing: missing, assumed: options.currency), line: number, column: nil)
        }
        var name = narrative?.name
        var memo = narrative?.memo
        if name == nil { name = narrative?.booking ?? line.supplementary } else if memo == nil { memo = narrative?.booking }
        let fitid = line.bankReference ?? line.customerReference ?? narrative?.endToEndReference
        let account = options.account ?? statement.account
        let date = line.bookingDate
        let finalName = name ?? ""
        idText.removeAll()
        if let fitid { fitid.withUTF8Bytes { idText.append($0) } }
        idText.append(0x1F)
        finalName.withUTF8Bytes { idText.append($0) }
        let id = ids.id(account: account, date: date, amount: amount, nameUTF8: idText.buffer)
        let activity = PaymentActivity(
            id: id, account: account, date: date, name: finalName, amount: amount, memo: memo, fitid: fitid,
            checkNumber: line.typeCode == "CHK" ? line.customerReference : nil, source: SourceLocation(file: file, line: number))
        try sink.accept(activity)
        activityCount += 1
    }

    private mutating func report(_ issue: MT940Issue, line: Int, column: Int?) throws {
        try sink.report(issue.diagnostic(at: SourceLocation(file: file, line: line, column: column)))
    }
}

/// A `:61:` line waiting for the `:86:` that may follow it.
private struct PendingLine {
    var line: MT940StatementLine
    var number: Int
}

/// A statement (one message) being read.
private struct StatementState {
    var line: Int
    var account: String?
    var opening: MT940Balance?
    var closing: MT940Balance?
    /// The sum of the statement lines read so far, without currency.
    var total = Money.zero()
    var lineCount = 0
    /// A balance or statement line could not be read, so the balances cannot be checked.
    var damaged = false
    var warnedCurrency = false
    var hasContent = false

    init(line: Int) { self.line = line }

    var currency: CurrencyCode? { opening?.amount.currency ?? closing?.amount.currency }
}
