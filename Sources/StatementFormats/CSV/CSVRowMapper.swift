import FinanceCore

/// Turns the records of one CSV file, in order, into activities or issues, following a dialect.
///
/// It skips the preamble and the header, resolves the dialect's columns against the header, and
/// holds rows that fail until it knows whether they are a footer (totals after the last
/// transaction, which are not errors) or bad rows in the middle of the data (which are).
final class CSVRowMapper {
    let dialect: CSVDialect
    let file: String
    let options: ReadOptions
    @exclusivity(unchecked) private var columns = ResolvedColumns()
    @exclusivity(unchecked) private var started = false
    @exclusivity(unchecked) private var header: [String]?
    /// The header's date-column name as bytes, to spot repeated headers cheaply.
    @exclusivity(unchecked) private var headerDateName: [UInt8] = []
    @exclusivity(unchecked) private var headerLine: Int?
    @exclusivity(unchecked) private var width = 0
    @exclusivity(unchecked) private var headerEndsEmpty = false
    private let ids = ActivityIDBuilder()
    @exclusivity(unchecked) private var statements = CSVStatements()
    @exclusivity(unchecked) private var pending: [(diagnostic: Diagnostic, footerLike: Bool)] = []
    @exclusivity(unchecked) private var warnedLostTrack = false
    private let defaultAccount: String?
    private let defaultCurrency: CurrencyCode?

    init(dialect: CSVDialect, file: String, options: ReadOptions) {
        self.dialect = dialect
        self.file = file
        self.options = options
        defaultAccount = options.account ?? dialect.account
        defaultCurrency = dialect.currency ?? options.currency
    }

    /// Maps one record, sending its activity (after any held-back problems) to `sink`. Throws
    /// `StopReading` after reporting a problem that ends the file.
    func map(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws {
        guard record.line > dialect.skip, !record.isBlank else { return }
        guard started else {
            try start(record, into: &sink)
            if !dialect.hasHeader { try map(record, into: &sink) }
            return
        }
        if header != nil, isHeaderRepeated(record) { return }
        let accepted = try row(record) { activity in
            try flushPending(asErrors: true, into: &sink)
            try sink.accept(activity)
        }
        if accepted {
            if !warnedLostTrack, let date = ids.lostTrackOfDate {
                warnedLostTrack = true
                try sink.report(Diagnostic(.warning, code: "csv.unsorted-large-file",
                    at: SourceLocation(file: file, line: record.line),
                    "this very large file returns to \(date) after moving past it; identical rows on that day may share an id",
                    notes: ["sort the file by date, or split it, to keep identical rows apart"]))
            }
        } else if pending.count > 32 {
            try flushPending(asErrors: true, into: &sink)
        }
    }

    /// Whether a row repeats the header (exports stitched from pages do): checked on the date
    /// column first, which is cheap and almost always differs.
    private func isHeaderRepeated(_ record: borrowing CSVRecord) -> Bool {
        guard let header, record.count == header.count, columns.date < record.count else { return false }
        let sameDate = headerDateName.withUnsafeBufferPointer { expected in
            record.withField(columns.date) { CSVRecord.trimmed($0).elementsEqual(expected) }
        }
        return sameDate && record.strings == header
    }

    /// Reports what is still held back at the end of the file: failed rows before the footer are
    /// errors; from the first row that does not even start with a date onwards, it is the footer.
    func finish(into sink: inout some ActivitySink) throws {
        if !started && dialect.hasHeader {
            try sink.report(Diagnostic(.error, code: "csv.no-header", at: SourceLocation(file: file, line: dialect.skip + 1),
                                       "expected a header row after line \(dialect.skip), found the end of the file"))
        }
        try flushPending(asErrors: false, into: &sink)
        let kind: AccountKind? = dialect.amountSign == .inverted ? .creditCard : nil
        for info in statements.infos(kind: kind, currency: defaultCurrency, decimalMark: dialect.decimalMark,
                                     inverted: dialect.amountSign == .inverted, source: SourceLocation(file: file, line: dialect.skip + 1)) {
            try sink.statement(info)
        }
    }

    private func flushPending(asErrors: Bool, into sink: inout some ActivitySink) throws {
        guard !pending.isEmpty else { return }
        let footerStart = asErrors ? pending.count : (pending.firstIndex { $0.footerLike } ?? pending.count)
        let held = pending
        pending.removeAll()
        for (diagnostic, _) in held.prefix(footerStart) { try sink.report(diagnostic) }
    }

    /// The first record after the preamble: the header, or the first row of a file without one.
    private func start(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws {
        let names = dialect.hasHeader ? record.strings : nil
        var resolved = ResolvedColumns()
        for (role, reference) in dialect.columns {
            switch ColumnResolution.resolve(reference, header: names) {
            case .success(let index): resolved.set(role, index)
            case .failure(let failure):
                try sink.report(Diagnostic(.error, code: "csv.unknown-column", at: SourceLocation(file: file, line: record.line),
                                           failure.text, notes: failure.notes))
                throw StopReading()
            }
        }
        header = names
        headerLine = dialect.hasHeader ? record.line : nil
        width = record.count
        headerEndsEmpty = names?.last?.isEmpty ?? false
        if let names, resolved.date < names.count { headerDateName = Array(names[resolved.date].utf8) }
        columns = resolved
        started = true
    }

    /// The activity of a data row, or `nil` after holding its problem back in `pending`.
    /// Maps a data row and hands its activity to `accept`; `false` after holding its problem back
    /// in `pending`. (Handing the activity on, rather than returning an optional, spares a copy and
    /// a generic destroy per row.)
    private func row(_ record: borrowing CSVRecord, accept: (PaymentActivity) throws -> Void) rethrows -> Bool {
        let line = record.line
        func problem(_ issue: CSVIssue, column: Int?) -> Bool {
            let position = column.map { record.location(ofField: $0) } ?? (line, 1)
            let footerLike = CSVRowMapper.isFooterLike(record, dateColumn: columns.date)
            pending.append((issue.diagnostic(at: SourceLocation(file: file, line: position.0, column: position.1)), footerLike))
            return false
        }

        // Shape.
        let count = record.count
        if count != width && !(count > width && (width..<count).allSatisfy { record.withField($0) { $0.isEmpty } })
            && !(count == width - 1 && (headerEndsEmpty || !dialect.hasHeader))
        {
            let at = count > width ? record.location(ofField: width) : record.endLocation
            let footerLike = CSVRowMapper.isFooterLike(record, dateColumn: columns.date)
            let issue = CSVIssue.raggedRow(expected: width, found: count, headerLine: headerLine, delimiter: dialect.delimiter)
            pending.append((issue.diagnostic(at: SourceLocation(file: file, line: at.line, column: at.column)), footerLike))
            return false
        }

        // Date.
        let dateColumn = columns.date
        guard dateColumn < count else { return problem(.badDate(text: "", format: dialect.dateFormat), column: nil) }
        let date = record.withField(dateColumn) { dialect.dateFormat.parse(CSVRecord.trimmed($0)) }
        guard let date else {
            return problem(.badDate(text: record.string(dateColumn), format: dialect.dateFormat), column: dateColumn)
        }

        // Amount.
        var amount: Money
        var cellCurrency: CurrencyCode?
        if let column = columns.amount {
            switch parseAmount(record, column) {
            case .failure(let failure):
                return problem(.badAmount(text: record.string(column), column: columnName(column),
                                                   decimalMark: dialect.decimalMark, failure: failure), column: column)
            case .success(let parsed):
                amount = Money(units: parsed.units, scale: parsed.scale)
                cellCurrency = parsed.currency
                if let direction = columns.direction, !parsed.isSigned {
                    let word = record.string(direction)
                    guard let out = DirectionWords.isMoneyOut(TextFolding.fold(word)) else {
                        return problem(.badDirection(text: word, column: columnName(direction)), column: direction)
                    }
                    if out { amount.units = -amount.units }
                }
            }
        } else {
            var total = Money(units: 0, scale: 0)
            var sawValue = false
            for (column, isCredit) in [(columns.debit, false), (columns.credit, true)] {
                guard let column, column < count else { continue }
                switch parseAmount(record, column) {
                case .failure(.empty): continue
                case .failure(let failure):
                    return problem(.badAmount(text: record.string(column), column: columnName(column),
                                                       decimalMark: dialect.decimalMark, failure: failure), column: column)
                case .success(let parsed):
                    sawValue = true
                    cellCurrency = cellCurrency ?? parsed.currency
                    let magnitude = Money(units: abs(parsed.units), scale: parsed.scale)
                    let signed = isCredit ? magnitude : magnitude.negated!
                    guard let sum = total.adding(signed) else {
                        return problem(.badAmount(text: record.string(column), column: columnName(column),
                                                           decimalMark: dialect.decimalMark, failure: .tooLarge), column: column)
                    }
                    total = sum
                }
            }
            guard sawValue else {
                return problem(.noAmount(debit: columns.debit.map { columnName($0) } ?? "debit",
                                                  credit: columns.credit.map { columnName($0) } ?? "credit"), column: columns.debit ?? columns.credit)
            }
            amount = total
        }
        if dialect.amountSign == .inverted { amount.units = -amount.units }

        // Currency: the cell, the row's currency column, the file, the command line.
        var currency = cellCurrency
        if currency == nil, let column = columns.currency, column < count {
            let text = record.string(column)
            if !text.isEmpty {
                guard let code = CurrencyCode(text), CurrencyText.isoCodes.contains(code) else {
                    return problem(.badCurrency(text: text), column: column)
                }
                currency = code
            }
        }
        amount.currency = currency ?? defaultCurrency

        // Text.
        var invalidText = false
        func text(_ column: Int?) -> String? {
            guard let column, column < count else { return nil }
            if let value = record.validatedString(column) { return value.isEmpty ? nil : value }
            invalidText = true
            let value = record.string(column)
            return value.isEmpty ? nil : value
        }
        let memo = text(columns.memo)
        let name = text(columns.name) ?? memo ?? ""
        let fitid = text(columns.transactionID)
        let account = options.account ?? (dialect.account == nil ? text(columns.account) : nil) ?? defaultAccount
        let id = fitid.map { ids.id(account: account, bankID: $0, date: date) }
            ?? ids.id(account: account, date: date, amount: amount, name: name)
        if let column = columns.balance, column < count {
            record.withField(column) { statements.note(account: account, date: date, currency: amount.currency, balance: $0) }
        } else {
            statements.note(account: account, date: date, currency: amount.currency, balance: nil)
        }
        let activity = PaymentActivity(
            id: id, account: account, date: date, name: name, address: text(columns.address), amount: amount, memo: memo,
            category: text(columns.category), fitid: fitid, checkNumber: text(columns.checkNumber),
            source: SourceLocation(file: file, line: line))
        if invalidText {
            // Not an error: the row is kept, with a warning, before the next row.
            pending.append((CSVIssue.invalidUTF8.diagnostic(at: SourceLocation(file: file, line: line)), false))
        }
        try accept(activity)
        return true
    }

    /// The header name of a column, or its position, for messages.
    private func columnName(_ column: Int) -> String {
        if let header, column < header.count, !header[column].isEmpty { return header[column] }
        return "column \(column + 1)"
    }

    private func parseAmount(_ record: borrowing CSVRecord, _ column: Int) -> Result<ParsedAmount, AmountParseFailure> {
        guard column < record.count else { return .failure(.empty) }
        return record.withField(column) { AmountParser.parse(CSVRecord.trimmed($0), decimalMark: dialect.decimalMark) }
    }

    /// Whether a failed row could be a footer line: its date cell is empty or holds no digits
    /// (`Total`, `Opening Balance`), or a plain number (a totals line).
    private static func isFooterLike(_ record: borrowing CSVRecord, dateColumn: Int) -> Bool {
        guard dateColumn < record.count else { return true }
        let cell = record.string(dateColumn)
        if !cell.utf8.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return true }
        if DateFormat.candidates.contains(where: { $0.parse(cell) != nil }) { return false }
        return ValueKinds.isAmount(cell) || cell.unicodeScalars.contains { $0.properties.isAlphabetic }
    }
}

/// The dialect's columns as 0-based positions in this file.
struct ResolvedColumns {
    var date = 0
    var amount: Int?
    var debit: Int?
    var credit: Int?
    var direction: Int?
    var name: Int?
    var memo: Int?
    var currency: Int?
    var category: Int?
    var checkNumber: Int?
    var transactionID: Int?
    var account: Int?
    var address: Int?
    var balance: Int?
    private var hasBookingDate = false

    /// Records where a role's column is; a value date stands in for a missing booking date.
    mutating func set(_ role: ColumnRole, _ index: Int) {
        switch role {
        case .date: date = index; hasBookingDate = true
        case .valueDate: if !hasBookingDate { date = index }
        case .amount: amount = index
        case .debit: debit = index
        case .credit: credit = index
        case .direction: direction = index
        case .name: name = index
        case .memo: memo = index
        case .currency: currency = index
        case .category: category = index
        case .checkNumber: checkNumber = index
        case .transactionID: transactionID = index
        case .account: account = index
        case .address: address = index
        case .balance: balance = index
        }
    }

}

/// What a CSV file says about each account it covers: the period, and the closing balance when
/// the file has a balance column (the balance on the latest date; of several rows on that date,
/// the last in date order, whichever way the file runs).
///
/// Every row may be the last, so each candidate's balance text is kept (in reused buffers) and only
/// the winner's is parsed, at the end.
struct CSVStatements {
    private final class Track {
        @exclusivity(unchecked) var first: LocalDate
        @exclusivity(unchecked) var start: LocalDate
        @exclusivity(unchecked) var end: LocalDate
        @exclusivity(unchecked) var last: LocalDate
        let currency: CurrencyCode?
        let balanceAtFirstOfEnd = ByteBuffer(capacity: 32)
        let balanceAtLastOfEnd = ByteBuffer(capacity: 32)

        init(date: LocalDate, currency: CurrencyCode?) {
            first = date; start = date; end = date; last = date
            self.currency = currency
        }
    }

    private var keys: [String] = []
    private var tracks: [String: Track] = [:]
    private var lastKey: String?
    private var lastTrack: Track?

    mutating func note(account: String?, date: LocalDate, currency: CurrencyCode?, balance: UnsafeBufferPointer<UInt8>?) {
        let key = account ?? ""
        let track: Track
        if let lastTrack, key == lastKey {
            track = lastTrack
        } else if let known = tracks[key] {
            track = known
        } else {
            track = Track(date: date, currency: currency)
            tracks[key] = track
            keys.append(key)
            if let balance {
                track.balanceAtFirstOfEnd.append(balance)
                track.balanceAtLastOfEnd.append(balance)
            }
            lastKey = key
            lastTrack = track
            return
        }
        lastKey = key
        lastTrack = track
        if date < track.start { track.start = date }
        if date > track.end {
            track.end = date
            track.balanceAtFirstOfEnd.removeAll()
            track.balanceAtLastOfEnd.removeAll()
            if let balance {
                track.balanceAtFirstOfEnd.append(balance)
                track.balanceAtLastOfEnd.append(balance)
            }
        } else if date == track.end {
            track.balanceAtLastOfEnd.removeAll()
            if let balance { track.balanceAtLastOfEnd.append(balance) }
        }
        track.last = date
    }

    func infos(kind: AccountKind?, currency: CurrencyCode?, decimalMark: UInt8, inverted: Bool, source: SourceLocation) -> [StatementInfo] {
        keys.compactMap { key in
            guard let track = tracks[key] else { return nil }
            let ascending = track.last >= track.first
            let text = ascending ? track.balanceAtLastOfEnd : track.balanceAtFirstOfEnd
            var closing: Money?
            if text.count > 0, case .success(let parsed) = AmountParser.parse(CSVRecord.trimmed(text.buffer), decimalMark: decimalMark) {
                var money = Money(units: parsed.units, scale: parsed.scale, currency: parsed.currency ?? track.currency ?? currency)
                if inverted, let flipped = money.negated { money = flipped }
                closing = money
            }
            return StatementInfo(account: Account(id: key, kind: kind), currency: closing?.currency ?? track.currency ?? currency,
                                 ledgerBalance: closing.map { Balance(amount: $0, date: track.end) },
                                 start: track.start, end: track.end, source: source)
        }
    }
}
