import FinanceCore

/// The rows real bank exports hold besides transactions, and the damage they carry, as
/// `CSVRowMapper` tolerates them: balance rows, pending rows, rows with more fields than the
/// header, text with invalid UTF-8. Each is off the path of an ordinary row: it runs only for a
/// row that failed (or, for balance rows, when detection saw some).
extension CSVRowMapper {
    static let balanceRowsCode = "csv.lenient.balance-rows"
    static let turnoverRowsCode = "csv.lenient.turnover-rows"
    static let balanceOtherCurrencyCode = "csv.balance-other-currency"
    static let extraFieldsCode = "csv.lenient.extra-fields"

    // MARK: Balance rows

    /// Takes a row such as `01.05.2024;Saldo iniziale;;1.234,56` as the statement's opening or
    /// closing balance instead of a transaction; `false` when the row is no balance row (or has
    /// no amount to take).
    @inline(never)
    func takeBalanceRow(_ record: borrowing CSVRecord) -> Bool {
        // pfin writes transactions only: a payee called "Opening balance" is one; so is a double-entry
        // export's opening balance transaction, whose postings say what it is.
        guard !dialect.writtenByPfin, !dialect.postings else { return false }
        guard let (kind, label) = balanceLabel(record), let amount = balanceAmount(record) else { return false }
        if kind == .turnover { return takeTurnoverRow(record, label: label) }
        var date: LocalDate?
        if columns.date < record.count {
            date = record.withField(columns.date) { parseDate($0) }
        }
        let location = SourceLocation(file: file, line: record.line)
        let leniency = Leniency(
            code: Self.balanceRowsCode,
            "line \(record.line) ('\(label)') states a balance, not a transaction; read it and the file's other opening and closing balance rows as the statement's balances",
            notes: ["balance rows are not transactions; their amounts are the statement's opening and closing balances"],
            changesMeaning: true)
        if options.strict {
            holdBack(leniency, at: location)
            return true
        }
        var invalid = false
        let account =
            defaultAccount
            ?? columns.account.flatMap { column in
                column < record.count
                    ? record.withField(column) { cell -> String? in
                        let text = CSVRecord.trimmed(cell)
                        if !UTF8Validation.isValid(text) { invalid = true }
                        return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
                    } : nil
            }
        if invalid { noteInvalidText(line: record.line) }
        tookBalanceRow = record.line
        if kind == .stated {
            // Opening or closing by its date, which only the other rows' dates can tell.
            rowStatedBalances.append(CSVStatedBalance(kind: .either, amount: amount, date: date, line: record.line, label: label))
        } else if !statements.noteBalance(account: account, opening: kind == .opening, amount: amount, date: date) {
            holdBack(
                Diagnostic(
                    .warning, code: Self.balanceOtherCurrencyCode, at: location,
                    "line \(record.line) ('\(label)') states a balance in \(amount.currency?.description ?? "another currency"), another currency than the account's other rows; it was not taken as the statement's balance",
                    notes: ["each currency of an account is a statement of its own; its balance rows do not belong to this one's"]),
                footerLike: false, always: true)
        }
        if leniencies.isFirst(Self.balanceRowsCode) {
            holdBack(leniency, at: location)
        }
        return true
    }

    /// A row that states the period's turnover (`Apyvarta`, the sum of its debits or credits,
    /// between Swedbank's opening and closing balance rows): no transaction, skipped; `true`.
    private func takeTurnoverRow(_ record: borrowing CSVRecord, label: String) -> Bool {
        let leniency = Leniency(
            code: Self.turnoverRowsCode,
            "line \(record.line) ('\(label)') states the period's turnover (a sum of its transactions), not a transaction; it and the file's other turnover rows were skipped",
            notes: ["the transactions it sums are rows of their own"], changesMeaning: true)
        let location = SourceLocation(file: file, line: record.line)
        if options.strict {
            holdBack(leniency, at: location)
            return true
        }
        tookBalanceRow = record.line
        if leniencies.isFirst(Self.turnoverRowsCode) {
            holdBack(leniency, at: location)
        }
        return true
    }

    /// The kind of balance a row's name, memo or date cell names, and the cell's text.
    private func balanceLabel(_ record: borrowing CSVRecord) -> (BalanceRowWords.Kind, String)? {
        for column in [columns.name, columns.memo, columns.date] {
            guard let column, column < record.count else { continue }
            let text = record.string(column)
            guard text.utf8.count >= 5, let kind = BalanceRowWords.kind(ofFolded: TextFolding.fold(text)) else { continue }
            return (kind, text)
        }
        return nil
    }

    /// A balance row's amount: its balance cell, else its amount cell (or credit less debit).
    private func balanceAmount(_ record: borrowing CSVRecord) -> Money? {
        var candidates: [Int] = []
        if let balance = columns.balance { candidates.append(balance) }
        if let amount = filledAmountColumn(record) { candidates.append(amount) }
        for column in candidates {
            guard case .success(let parsed) = column == columns.balance ? parseBalance(record, column) : parseAmount(record, column) else { continue }
            var money = Money(units: parsed.units, scale: parsed.scale, currency: balanceCurrency(parsed, record))
            if column != columns.balance, !parsed.isSigned, let direction = columns.direction,
                direction < record.count
                    ? DirectionWords.isMoneyOut(TextFolding.fold(record.string(direction)))
                        ?? (dialect.emptyDirection == .debit && record.string(direction).isEmpty)
                    : dialect.emptyDirection == .debit
            {
                money.units = -money.units
            }
            return money
        }
        var total: Money?
        for (column, isCredit) in [(columns.debit, false), (columns.credit, true)] {
            guard let column, case .success(let parsed) = parseAmount(record, column) else { continue }
            let magnitude = Money(units: abs(parsed.units), scale: parsed.scale, currency: balanceCurrency(parsed, record))
            let credit = parsed.hasDirectionMark ? parsed.units >= 0 : isCredit
            guard let signed = credit ? magnitude : magnitude.negated else { continue }
            total = total.map { $0.adding(signed) ?? $0 } ?? signed
        }
        if var total, total.currency == nil { total.currency = rowCurrency(record); return total }
        return total
    }

    /// The ISO code in the row's currency column, if any.
    /// A balance cell's currency: its own, else the row's currency column; for a sign several
    /// currencies share (`$`), the column's, the file's or `--currency` first.
    private func balanceCurrency(_ parsed: ParsedAmount, _ record: borrowing CSVRecord) -> CurrencyCode? {
        parsed.sharedSign == nil ? parsed.currency ?? rowCurrency(record) : rowCurrency(record) ?? defaultCurrency ?? parsed.currency
    }

    private func rowCurrency(_ record: borrowing CSVRecord) -> CurrencyCode? {
        guard let column = columns.currency, column < record.count else { return nil }
        let text = record.string(column)
        guard let code = CurrencyText.code(text) else { return nil }
        noteCurrencySynonym(text, record, column: column)
        return code
    }

    // MARK: Pending rows

    /// A row whose date cell says the transaction is not booked yet (`pending`, `Vorgemerkt`,
    /// `—`): reported at its line, whatever follows it, and skipped.
    /// With `marker`, the date cell is empty and another cell says so (`PENDING`).
    func holdPendingRow(_ record: borrowing CSVRecord, text: String, marker: String? = nil, column: Int) {
        let at = record.location(ofField: column)
        let what = marker.map { "the date cell is empty and the row says '\($0)'" } ?? "the date cell holds '\(text)'"
        let leniency = Leniency(
            code: "csv.pending-row",
            "\(what), a transaction the bank has not booked yet; the row was skipped",
            notes: ["it will be in a later export, with its booking date"], changesMeaning: true)
        holdBack(leniency, at: SourceLocation(file: file, line: at.line, column: at.column))
    }

    /// A row whose status cell says the bank has not booked it yet (`PENDING`, `Vorgemerkt`) or that
    /// it never went through (`DECLINED`, Revolut's `REVERTED`): no transaction of the statement,
    /// reported at its line, whatever follows it, and skipped; `false`.
    func holdUnbookedRow(_ record: borrowing CSVRecord, status: RowStatus, column: Int) -> Bool {
        let at = record.location(ofField: column)
        let said = "the row's \(columnName(column)) is '\(record.string(column))'"
        let leniency =
            status == .pending
            ? Leniency(
                code: "csv.pending-row", "\(said), a transaction the bank has not booked yet; the row was skipped",
                notes: ["it will be in a later export, with its booking date"], changesMeaning: true)
            : status == .reversed
                ? Leniency(
                    code: "csv.not-executed-row",
                    "\(said) and its \(columns.balance.map(columnName) ?? "balance") leaves its amount out: no money moved; the row was skipped",
                    notes: ["to read such rows as transactions, give a profile whose 'columns' line leaves out status="],
                    changesMeaning: true)
                : Leniency(
                    code: "csv.not-executed-row", "\(said): the payment did not go through and no money moved; the row was skipped",
                    notes: ["to read such rows as transactions, give a profile whose 'columns' line leaves out status="],
                    changesMeaning: true)
        holdBack(leniency, at: SourceLocation(file: file, line: at.line, column: at.column))
        return false
    }

    /// A row with no date, no amount and no name or memo, only other cells filled (a balance
    /// under its own header): no transaction is lost by skipping it, which is said at its line;
    /// after the last transaction it is part of the footer.
    func holdRowWithoutTransaction(_ record: borrowing CSVRecord) {
        let leniency = Leniency(
            code: "csv.row-without-transaction",
            "line \(record.line) has no date, no amount and no name; nothing a transaction could be made of, so it was skipped",
            notes: ["if it is a transaction, give it its date and amount and convert again; --strict refuses it"],
            changesMeaning: true)
        holdBack(leniency.diagnostic(at: SourceLocation(file: file, line: record.line), options: options), footerLike: true)
    }

    // MARK: Rows with more fields than the header

    /// A row whose field count differs from the header's: one with more fields is read by header
    /// position (a delimiter at the end of the line, or an unquoted one in the last column, the
    /// extra fields then joined back into that column when it holds text); any other is an error.
    @inline(never)
    func raggedRow(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws -> Bool {
        guard record.count > width, width > 0 else {
            if takeBalanceRow(record) { return false }
            return holdRaggedRow(record)
        }
        var last = record.count - 1
        while last >= width && record.withField(last, { CSVRecord.trimmed($0).isEmpty }) { last -= 1 }
        let lastColumn = width - 1
        let joins = joinsIntoLastColumn(lastColumn)
        let at = record.location(ofField: width)
        let delimiter = CSVIssue.delimiterName(dialect.delimiter)
        let what = joins ? "the extra fields joined back into '\(columnName(lastColumn))'" : "the extra fields left out"
        let leniency = Leniency(
            code: Self.extraFieldsCode,
            "\(fieldCountMismatch(record)) (a \(delimiter) in the last column or at the end of the line); read such rows by header position, \(what)",
            notes: ["a field that contains the delimiter \(delimiter) should be quoted"], changesMeaning: true)
        let location = SourceLocation(file: file, line: at.line, column: at.column)
        // Under --strict the row is refused as it always was: its fields do not match the header.
        if takeBalanceRow(record) { return false }
        if options.strict { return holdRaggedRow(record) }
        switch splitAmounts(record) {
        case .none: break
        case .ambiguous: return holdRaggedRow(record)
        case .one(let joined, let decimalCommas, let reading):
            let held = pending.count
            let accepted = try readJoined(record, joined, decimalCommas: decimalCommas, into: &sink)
            guard accepted else {
                dropHeld(from: held)
                return holdRaggedRow(record)
            }
            unquotedAmounts = reading
            if leniencies.isFirst(Self.unquotedAmountsCode) { holdBack(splitAmountsLeniency(record, reading), at: location) }
            return true
        }
        var spans = Array(record.spans[0..<width])
        if joins && last >= width {
            spans[lastColumn] = Self.span(joining: record.spans[lastColumn], through: record.spans[last])
        }
        // Read by position only when that gives a transaction: a row whose delimiter stands in an
        // earlier column (`Lunch,extra,-8.00`) is an error about its fields, not its amount.
        let held = pending.count
        let accepted = try spans.withUnsafeBufferPointer { fields in
            try row(CSVRecord(buffer: record.buffer, fields: fields, line: record.line, start: record.start, end: record.end), into: &sink)
        }
        guard accepted else {
            dropHeld(from: held)
            return try joinIntoTextColumn(record, into: &sink)
        }
        if leniencies.isFirst(Self.extraFieldsCode) {
            holdBack(leniency, at: location)
        }
        return true
    }

    /// A row with more fields than the header that reading by position cannot take: its extra
    /// fields are joined back into the one text column where that leaves every date and amount
    /// column its date or amount (HDFC's narration `NEFT DR-…-NETBANK, MUM-…` in column 2, before
    /// the value date, the debit, the credit and the balance); any other such row is an error.
    private func joinIntoTextColumn(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws -> Bool {
        let extra = record.count - width
        let texts = Set([columns.name, columns.memo, columns.payer, columns.category, columns.address].compactMap { $0 })
        let fits = texts.sorted().filter { fitsJoined(record, into: $0, extra: extra) }
        guard fits.count == 1, let column = fits.first else { return holdRaggedRow(record) }
        var spans = Array(record.spans[0..<column])
        spans.append(Self.span(joining: record.spans[column], through: record.spans[column + extra]))
        spans.append(contentsOf: record.spans[(column + extra + 1)...])
        let held = pending.count
        let accepted = try spans.withUnsafeBufferPointer { fields in
            try row(CSVRecord(buffer: record.buffer, fields: fields, line: record.line, start: record.start, end: record.end), into: &sink)
        }
        guard accepted else {
            dropHeld(from: held)
            return holdRaggedRow(record)
        }
        if leniencies.isFirst(Self.extraFieldsCode) {
            let at = record.location(ofField: column + 1)
            let delimiter = CSVIssue.delimiterName(dialect.delimiter)
            let leniency = Leniency(
                code: Self.extraFieldsCode,
                "\(fieldCountMismatch(record)) (a \(delimiter) in '\(columnName(column))', the only text column the extra fields fit in); read such rows with the extra fields joined back into it",
                notes: ["a field that contains the delimiter \(delimiter) should be quoted"], changesMeaning: true)
            holdBack(leniency, at: SourceLocation(file: file, line: at.line, column: at.column))
        }
        return true
    }

    /// Whether joining `extra` fields into `column` leaves the row's date column a date and its
    /// amount columns amounts (or empty).
    private func fitsJoined(_ record: borrowing CSVRecord, into column: Int, extra: Int) -> Bool {
        let field = { (index: Int) in index < column ? index : index + extra }
        let date = field(columns.date)
        guard columns.date != column, date < record.count,
            record.withField(date, { dates.parse(CSVRecord.trimmed($0), format: dialect.dateFormat) }) != nil
        else { return false }
        for amount in [columns.amount, columns.debit, columns.credit, columns.balance, columns.fee] + siblingAmountColumns.map(Optional.some) {
            guard let amount else { continue }
            if amount == column { return false }
            switch parseAmount(record, field(amount)) {
            case .success, .failure(.empty): continue
            case .failure: return false
            }
        }
        return true
    }

    /// Whether extra fields belong to the last column: when it holds text, or nothing pfin reads.
    private func joinsIntoLastColumn(_ column: Int) -> Bool {
        let numeric: [Int?] = [
            columns.amount, columns.debit, columns.credit, columns.balance, columns.currency, columns.direction,
            columns.transactionID, columns.checkNumber, columns.account, columns.id, columns.type, columns.source,
        ]
        return column != columns.date && !numeric.contains(column) && !siblingAmountColumns.contains(column)
    }

    /// One span over the raw text from `first` through `last`, delimiters included; quoted fields
    /// among them make it a raw span that is unquoted on access.
    static func span(joining first: CSVFieldSpan, through last: CSVFieldSpan) -> CSVFieldSpan {
        guard first.isQuoted || last.isQuoted || first.flags != 0 || last.flags != 0 else {
            return CSVFieldSpan(start: first.start, end: last.end, flags: 0)
        }
        let regularQuoted = { (span: CSVFieldSpan) in span.isQuoted && span.flags & CSVFieldSpan.irregular == 0 }
        return CSVFieldSpan(
            start: regularQuoted(first) ? first.start - 1 : first.start, end: regularQuoted(last) ? last.end + 1 : last.end,
            flags: CSVFieldSpan.quoted | CSVFieldSpan.irregular)
    }

    // MARK: Invalid UTF-8

    /// Notes a row whose text held invalid UTF-8 (replaced with U+FFFD), for one warning at the end.
    @inline(never)
    func noteInvalidText(line: Int) {
        invalidTextLines.note(line)
    }

    /// The one warning for all the rows with invalid UTF-8, naming their lines.
    func invalidTextWarning() -> Diagnostic? {
        guard let first = invalidTextLines.first.first, let lines = invalidTextLines.described else { return nil }
        let leniency = Leniency(
            code: CSVIssue.invalidUTF8.code,
            "invalid UTF-8 bytes on \(lines) replaced with U+FFFD; the rest of the file is UTF-8 and was read as such",
            notes: ["if the file is in another encoding, pass a profile with 'encoding windows-1252' (or the right one)"],
            changesMeaning: false)
        return leniency.diagnostic(at: SourceLocation(file: file, line: first), options: options)
    }
}
