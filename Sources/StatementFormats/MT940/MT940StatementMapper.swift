import FinanceCore

/// Turns MT940 fields into activities, statements and diagnostics.
///
/// Each message (`:20:` up to a `-` line, or the next `:20:`) is one statement. A `:61:` line
/// waits for the `:86:` that may follow it (and a second one, whose text goes on the memo, with a
/// warning), then becomes an activity at the next other field:
/// - date: the entry (booking) date when the line has one, else the value date;
/// - amount: signed by the mark (`C` and `RD` in, `D` and `RC` out), in the currency of the
///   statement's opening balance (`--currency` when the statement has none);
/// - name and memo: from the `:86:` narrative (see `MT940NarrativeReader`); without one, the
///   line's supplementary details, else the owner's reference when it is words (`Rente`);
/// - original amount: SWIFT's `/OCMT/` and `/EXCH/` codewords in the line's supplementary details
///   or the narrative (see `MT940ForeignAmount`);
/// - fitid: the bank's reference, else the account owner's (neither when `NONREF`, nor when a
///   code such as `EREF` that names the narrative's reference), else the SEPA end-to-end
///   reference of the narrative;
/// - check number: the owner's reference of a `CHK` (cheque) line;
/// - id: from the account, date, amount, fitid and name, numbered by occurrence, so that two
///   identical lines on one day stay two activities and a re-read gives the same ids. (Bank
///   references are not unique enough to be ids alone: many banks repeat them across statements.)
///
/// Each statement's opening balance plus its lines must give its closing balance; a mismatch is
/// a warning at the closing balance. An MT942 interim report has no balances: its currency is
/// its floor limit's (`:34F:`), and its `:90D:`/`:90C:` totals are checked against its lines.
/// Statement lines without any header before them (a file of `:61:`/`:86:` fragments) are read
/// with one warning, in `--account` and `--currency` when given.
///
/// Leniencies (`MT940Leniency`) are reported once per file; one that `--strict` refuses is an
/// error every time, and the line or balance it concerns is skipped.
///
/// Not generic over the sink: readers are called through `any StatementReader`, so a generic
/// mapper's metadata was looked up at run time on every field (13% of the reading time). A class,
/// so that the reader's line loop reaches it without copying or boxing a struct.
final class MT940StatementMapper {
    let file: String
    let options: ReadOptions
    /// `text` when it holds letters and no digits (a word, not a code).
    private static func wordsOnly(_ text: String) -> String? {
        text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) || !text.utf8.contains(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A })
            ? nil : text
    }

    /// Whether field text may be invalid UTF-8 (the input passed through undecoded).
    let checkUTF8: Bool
    private let ids = ActivityIDBuilder()
    private let narratives = MT940NarrativeReader()
    private let idText = ByteBuffer(capacity: 256)
    @exclusivity(unchecked) var statement = MT940StatementState(line: 0)
    @exclusivity(unchecked) private var pending: MT940PendingLine?
    @exclusivity(unchecked) var leniencies = LeniencyLog()
    private let redecoder = MT940FieldRedecoder()
    @exclusivity(unchecked) private var warnedSingleByte = false
    @exclusivity(unchecked) private(set) var activityCount = 0

    init(file: String, options: ReadOptions, checkUTF8: Bool) {
        self.file = file
        self.options = options
        self.checkUTF8 = checkUTF8
    }

    func handle(_ event: MT940Event, into sink: inout some ActivitySink) throws {
        switch event {
        case .field(let field): try self.field(field, into: &sink)
        case .endOfMessage:
            try flushPending(into: &sink)
            try endStatement(truncatedAt: nil, into: &sink)
        case .strayText(let line, let column): try report(.strayText, line: line, column: column, into: &sink)
        case .overlongField(let line, let limit): try report(.overlongField(limit: limit), line: line, column: nil, into: &sink)
        case .tagWithoutColon(let line, let name):
            _ = try tolerate(MT940Leniency.tagColonCode, changesMeaning: false, line: line, column: 1, into: &sink) {
                MT940Leniency.tagColon(tag: name)
            }
        case .finTSFraming(let line):
            _ = try tolerate(MT940Leniency.finTSFramingCode, changesMeaning: false, line: line, column: 2, into: &sink) {
                MT940Leniency.finTSFraming
            }
        case .atSignLineBreaks(let line):
            _ = try tolerate(MT940Leniency.atSignBreaksCode, changesMeaning: false, line: line, column: nil, into: &sink) {
                MT940Leniency.atSignBreaks
            }
        }
    }

    /// At the end of the input, whose last line is `lastLine`.
    func finish(lastLine: Int, into sink: inout some ActivitySink) throws {
        try flushPending(into: &sink)
        try endStatement(truncatedAt: lastLine, into: &sink)
    }

    // MARK: Fields

    private func field(_ field: MT940Field, into sink: inout some ActivitySink) throws {
        if checkUTF8, !UTF8Validation.isValid(field.value) {
            if MT940FieldRedecoder.isSingleByteText(field) {
                if !warnedSingleByte {
                    warnedSingleByte = true
                    try report(.singleByteText, line: field.line, column: field.column, into: &sink)
                }
                return try redecoder.withWindows1252(field) { try readField($0, into: &sink) }
            }
            try report(.invalidUTF8, line: field.line, column: field.column, into: &sink)
        }
        try readField(field, into: &sink)
    }

    private func readField(_ field: MT940Field, into sink: inout some ActivitySink) throws {
        if field.tag == .narrative {
            guard pending != nil else { return }
            if pending?.hasNarrative == true {
                // SWIFT allows one `:86:` per `:61:`; Banca Transilvania writes a second one.
                narratives.appendText(of: field)
                _ = try tolerate(MT940Leniency.secondNarrativeCode, changesMeaning: false, line: field.line, column: nil, into: &sink) {
                    MT940Leniency.secondNarrative
                }
                return
            }
            narratives.read(field)
            pending?.hasNarrative = true
            if pending?.line.foreign == nil { pending?.line.foreign = MT940ForeignAmount.find(in: field.value).0 }
            return
        }
        try flushPending(into: &sink)
        switch field.tag {
        case .reference:
            if statement.hasContent { try endStatement(truncatedAt: nil, into: &sink) }
            statement = MT940StatementState(line: field.line)
            statement.hasContent = true
        case .account:
            statement.account = MT940Account.identifier(field.value)
            statement.hasContent = true
        case .openingBalance:
            statement.hasContent = true
            switch MT940Balance.parse(field.value) {
            case .success(let balance):
                guard try acceptDate(of: balance, field, into: &sink) else { break }
                try tolerateCurrencyForm(of: balance, field, into: &sink)
                statement.opening = balance
                // Dutch banks write the account with its currency, `NL07RABO0123456789 EUR`.
                if let account = statement.account, let currency = balance.amount.currency {
                    statement.account = MT940Account.withoutCurrency(account, currency: currency.description)
                }
            case .failure(let problem):
                statement.damaged = true
                try report(.badBalance(tag: field.name, problem), line: field.line, column: field.column + problem.offset, into: &sink)
            }
        case .statementLine:
            if statement.line == 0 && statement.account == nil && statement.opening == nil && !statement.isHeaderless {
                statement.isHeaderless = true
                _ = try tolerate(MT940Leniency.noHeadersCode, changesMeaning: false, line: field.line, column: nil, into: &sink) {
                    MT940Leniency.noHeaders(account: options.account, currency: options.currency)
                }
            }
            statement.hasContent = true
            let (parsed, wrapped) = MT940StatementLine.parse(field)
            if wrapped {
                _ = try tolerate(MT940Leniency.wrappedLineCode, changesMeaning: false, line: field.line, column: field.column, into: &sink) {
                    MT940Leniency.wrappedLine
                }
            }
            switch parsed {
            case .success(let line):
                if line.hasBlankEntryDate {
                    _ = try tolerate(MT940Leniency.blankEntryDateCode, changesMeaning: false, line: field.line, column: field.column + 6, into: &sink) {
                        MT940Leniency.blankEntryDate
                    }
                }
                if line.lacksType {
                    _ = try tolerate(MT940Leniency.noTypeCode, changesMeaning: false, line: field.line, column: field.column, into: &sink) {
                        MT940Leniency.noType
                    }
                }
                if let offset = line.clampedDateOffset {
                    let what = offset == 0 ? "the value date" : "the entry date"
                    let read = offset == 0 ? line.valueDate : line.entryDate ?? line.valueDate
                    guard try acceptDate(field, at: offset, length: offset == 0 ? 6 : 4, what: what, read: read, into: &sink) else {
                        statement.damaged = true
                        break
                    }
                }
                pending = MT940PendingLine(line: line, number: field.line)
            case .failure(let problem):
                statement.damaged = true
                try report(.badStatementLine(problem), line: field.line, column: field.column + problem.offset, into: &sink)
            }
        case .closingBalance:
            statement.hasContent = true
            switch MT940Balance.parse(field.value, fallbackCurrency: statement.opening?.amount.currency) {
            case .success(let balance):
                guard try acceptDate(of: balance, field, into: &sink) else { break }
                try tolerateCurrencyForm(of: balance, field, into: &sink)
                if balance.currencyAssumed, let currency = balance.amount.currency {
                    _ = try tolerate(MT940Leniency.balanceCurrencyCode, changesMeaning: false, line: field.line, column: field.column + 7, into: &sink) {
                        MT940Leniency.balanceCurrency(tag: field.name, currency: currency)
                    }
                }
                statement.closing = balance
                try checkBalance(balance, line: field.line, column: field.column, into: &sink)
            case .failure(let problem):
                try report(.badBalance(tag: field.name, problem), line: field.line, column: field.column + problem.offset, into: &sink)
            }
        case .availableBalance:
            // Only kept when it reads; a bad one costs nothing the statement needs.
            if case .success(let balance) = MT940Balance.parse(field.value, fallbackCurrency: statement.opening?.amount.currency) {
                statement.available = balance
            }
        case .dateTime:
            statement.isInterim = true
        case .floorLimit:
            statement.isInterim = true
            statement.hasContent = true
            if statement.floorLimitCurrency == nil { statement.floorLimitCurrency = MT942Fields.floorLimitCurrency(field.value) }
        case .debitTotal, .creditTotal:
            statement.isInterim = true
            try checkTotal(field, into: &sink)
        case .statementNumber, .narrative, .other:
            break
        }
    }

    // MARK: Statements

    private func endStatement(truncatedAt lastLine: Int?, into sink: inout some ActivitySink) throws {
        defer { statement = MT940StatementState(line: 0) }
        guard statement.hasContent, !statement.isHeaderless else { return }
        if let lastLine, statement.closing == nil, !statement.isInterim {
            try report(.truncated, line: lastLine, column: nil, into: &sink)
        }
        guard let account = options.account ?? statement.account else { return }
        let institution = statement.account.flatMap { id -> String? in
            guard let slash = id.firstIndex(of: "/") else { return nil }
            return String(id[..<slash])
        }
        func balance(_ b: MT940Balance?) -> Balance? {
            b.map { Balance(amount: $0.amount, date: $0.date) }
        }
        try sink.statement(
            StatementInfo(
                account: Account(id: account, kind: .checking, institution: institution), currency: statement.currency ?? options.currency,
                openingBalance: balance(statement.opening), ledgerBalance: balance(statement.closing),
                availableBalance: balance(statement.available), start: statement.opening?.date, end: statement.closing?.date,
                source: SourceLocation(file: file, line: statement.line)))
    }

    private func checkBalance(_ closing: MT940Balance, line: Int, column: Int, into sink: inout some ActivitySink) throws {
        guard let opening = statement.opening, !statement.damaged,
            opening.amount.currency == closing.amount.currency,
            let expected = opening.amount.adding(Money(units: statement.total.units, scale: statement.total.scale, currency: opening.amount.currency))
        else { return }
        guard expected != closing.amount else { return }
        try report(
            .balanceMismatch(
                opening: opening.amount, lines: statement.lineCount, total: statement.total,
                closing: closing.amount, expected: expected), line: line, column: column, into: &sink)
    }

    // MARK: Activities

    private func flushPending(into sink: inout some ActivitySink) throws {
        guard let waiting = pending.take() else { return }
        try emit(waiting.line, number: waiting.number, withNarrative: waiting.hasNarrative, into: &sink)
    }

    /// `withNarrative`: `narratives` holds the `:86:` of this line.
    private func emit(_ line: MT940StatementLine, number: Int, withNarrative: Bool, into sink: inout some ActivitySink) throws {
        statement.count(line.amount)
        var amount = line.amount
        amount.currency = statement.currency ?? options.currency
        if statement.currency == nil && !statement.warnedCurrency && !statement.isHeaderless {
            statement.warnedCurrency = true
            let balance = statement.isInterim ? "floor limit (:34F:)" : "opening balance (:60F:)"
            let missing = statement.account == nil ? "the account (:25:) and \(balance)" : "the \(balance)"
            try report(.unknownCurrency(missing: missing, assumed: options.currency), line: number, column: nil, into: &sink)
        }
        var name: String?
        var memo: String?
        var fitid = line.bankReference ?? line.customerReference
        if withNarrative {
            name = narratives.name
            memo = narratives.memo
            if name == nil {
                // ING's `/TRCD/02000/` (its transaction code) names nothing: the memo does.
                // Nor does an account number alone (Rabobank's `0000000000` of a batch payment).
                name = narratives.booking ?? line.supplementary.flatMap { Self.isCodewords($0) || Self.isDigits($0) ? nil : $0 } ?? memo
            } else if memo == nil {
                memo = narratives.booking
            }
            if fitid == nil { fitid = narratives.endToEndReference }
        } else if let supplementary = line.supplementary, !supplementary.isEmpty, Self.isDigits(supplementary) {
            // A number alone (Alfa-Bank's MT950: a payment order's number) names nothing: it is the
            // memo, and the id stays the one it gave as a name.
            memo = supplementary
        } else {
            name = line.supplementary
        }
        let account = options.account ?? statement.account
        let date = line.bookingDate
        let idName = name ?? (withNarrative ? nil : line.supplementary) ?? ""
        idText.removeAll()
        if let fitid { fitid.withUTF8Bytes { idText.append($0) } }
        idText.append(0x1F)
        idName.withUTF8Bytes { idText.append($0) }
        // A line with no text but a reference of words (`:61:…NTRFLon`, `…FINTRente`: Danske Bank,
        // no `:86:`) is named by it; the id stays the one without a name. A reference with digits
        // (`INV-77`) names nothing.
        let finalName = name ?? (line.isCheque ? nil : line.customerReference.flatMap(Self.wordsOnly)) ?? ""
        let id = idText.withBytes { ids.id(account: account, date: date, amount: amount, nameUTF8: $0) }
        var original: OriginalAmount?
        if let foreign = line.foreign {
            let (found, droppedRate) = foreign.original(booked: amount)
            original = found
            if droppedRate {
                _ = try tolerate(MT940Leniency.unfittingRateCode, changesMeaning: false, line: number, column: nil, into: &sink) {
                    MT940Leniency.unfittingRate(foreign, booked: amount)
                }
            }
        }
        let activity = PaymentActivity(
            id: id, account: account, date: date, name: finalName, amount: amount, memo: memo, fitid: fitid,
            checkNumber: line.isCheque ? line.customerReference : nil, source: SourceLocation(file: file, line: number),
            original: original)
        try sink.accept(activity)
        activityCount += 1
    }

    private static func isDigits(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    private static func isCodewords(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { MT940Values.isCodewords($0) }
    }

    func report(_ issue: MT940Issue, line: Int, column: Int?, into sink: inout some ActivitySink) throws {
        try sink.report(issue.diagnostic(at: SourceLocation(file: file, line: line, column: column)))
    }
}
