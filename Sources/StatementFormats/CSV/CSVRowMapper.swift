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
    @exclusivity(unchecked) var columns = ResolvedColumns()
    @exclusivity(unchecked) var started = false
    @exclusivity(unchecked) var header: [String]?
    /// The header's field count (-1 without a header) and its date-column name as bytes, to spot
    /// repeated headers cheaply.
    @exclusivity(unchecked) var headerCount = -1
    @exclusivity(unchecked) var headerDateName: [UInt8] = []
    @exclusivity(unchecked) var headerLine: Int?
    @exclusivity(unchecked) var width = 0
    @exclusivity(unchecked) var headerEndsEmpty = false
    let ids: ActivityIDBuilder
    /// Rows accepted so far, for a mapper that reads a part of the file (`partReader`).
    @exclusivity(unchecked) var partRows = 0
    @exclusivity(unchecked) var statements = CSVStatements()
    /// Problems held back, and whether there are any: a stored flag, because asking the array
    /// on every row was a call (its `count` is not inlined for this element type).
    @exclusivity(unchecked) var pending: [Held] = []
    @exclusivity(unchecked) var hasPending = false
    @exclusivity(unchecked) var warnedLostTrack = false
    @exclusivity(unchecked) var sentPreamble = false
    /// The line of a balance row taken while mapping the current record (0: none), sent to the
    /// sink as skipped once the record is done.
    @exclusivity(unchecked) var tookBalanceRow = 0
    @exclusivity(unchecked) var dates = DateCellCache()
    @exclusivity(unchecked) var statuses = StatusCellCache()
    @exclusivity(unchecked) var transferMemo = LastCellMemo<TransferCell>()
    /// What the balance's debit/credit cells said (`CSVRowMapper+Balance`).
    @exclusivity(unchecked) var balanceSides = LastCellMemo<BalanceSide>()
    /// In a file with a status and a balance column: the balance each account's last row stated
    /// (by account and currency), and the first row's date (`CSVRowMapper+PendingInBalance`).
    @exclusivity(unchecked) var balancesBefore: [String: Money] = [:]
    @exclusivity(unchecked) var firstRowDate: LocalDate?
    /// `--account`, else the profile's account: when set, the file's account column is not read.
    let defaultAccount: String?
    /// The file's stated currency (a profile's, a header's or the preamble's), else `--currency`.
    let defaultCurrency: CurrencyCode?
    /// The sign a money column's header names its currency by, when it is one several currencies
    /// share (`Amount ($)`): read as its guess only when nothing states the currency.
    @exclusivity(unchecked) var headerSign: SharedCurrencySign?
    let invertsAmounts: Bool
    /// Whether rows that read as transactions are also checked for balance words: only when
    /// detection saw balance rows (rows that fail are always checked).
    let checksBalanceRows: Bool
    /// Whether the dialect reads any of pfin's own `id`, `type` and `source` columns.
    let hasPfinColumns: Bool
    /// The leniencies reported so far (each once per file).
    @exclusivity(unchecked) var leniencies = LeniencyLog()
    /// The first lines whose text held invalid UTF-8, and how many such lines there were.
    @exclusivity(unchecked) var invalidTextLines = NotedLines()
    /// The same for rows whose original amount, currency or rate did not read.
    @exclusivity(unchecked) var unreadOriginalLines = NotedLines()
    /// Bills not paid yet, skipped (`CSVRowMapper+Unpaid`).
    @exclusivity(unchecked) var unpaidLines = NotedLines()
    /// Rows whose stated rate fits neither way between the amount and the original amount.
    @exclusivity(unchecked) var unfittingRateLines = NotedLines()
    /// Rows whose text cells began with a spreadsheet's text mark, an apostrophe, taken off.
    @exclusivity(unchecked) var textMarkLines = NotedLines()
    /// Rows whose `$` was read as USD although the dates are day first (`noteDollarGuess`).
    @exclusivity(unchecked) var dollarGuessLines = NotedLines()
    /// Whether a row named its currency outright (`£`, `EUR`, a currency column): then `$` alone is
    /// another currency's than the account's, and USD no worse a guess than any.
    @exclusivity(unchecked) var namesCurrencies = false
    @exclusivity(unchecked) var lastTextMarkLine = 0
    /// The row held until the next shows whether it continues (`CSVDialect.continuationRows`),
    /// and, while it is mapped, the payment kind its name gave way to (for the memo).
    @exclusivity(unchecked) var continued: ContinuedRow?
    @exclusivity(unchecked) var continuedKind: String?
    /// While a held row is mapped: the text its continuations held in columns pfin does not read.
    @exclusivity(unchecked) var continuedExtra: String?
    /// In a double-entry export (`CSVDialect.postings`): the transaction being read, and the
    /// cells a row without a date takes from the last row with one.
    @exclusivity(unchecked) var postingGroup = PostingEvents()
    @exclusivity(unchecked) var postingCells: [Int: [UInt8]] = [:]
    @exclusivity(unchecked) var postingAccounts: Set<String> = []
    /// GnuCash's value columns, and each account's currency as its splits showed it
    /// (`CSVRowMapper+PostingValue`).
    @exclusivity(unchecked) var postingValueColumns: PostingValueColumns?
    @exclusivity(unchecked) var postingCommodities: [String: CurrencyCode] = [:]
    /// With `CSVDialect.splitRows`: the row held until the next shows whether a split's parts
    /// follow it, and, while its parts are read, its date (`CSVRowMapper+SplitRows`).
    @exclusivity(unchecked) var splitHeld: OwnedCSVRecord?
    @exclusivity(unchecked) var splitDate: LocalDate?
    /// With `CSVDialect.sections`: the pending section's title the rows are under, and its line.
    @exclusivity(unchecked) var pendingSection: (title: String, line: Int)?
    /// How the file's unquoted amounts split over fields, once a row said so alone
    /// (`CSVRowMapper+UnquotedAmounts`).
    @exclusivity(unchecked) var unquotedAmounts: UnquotedAmounts?

    /// The balances detection found above and below the table, and their lines (skipped as rows).
    let statedBalances: [CSVStatedBalance]
    /// Rows of the table that state a balance with the plain word (`BALANCE`, `Saldo`): opening or
    /// closing by their dates, once every row's date is known (`noteStatedBalances`).
    @exclusivity(unchecked) var rowStatedBalances: [CSVStatedBalance] = []
    let statedLines: Set<Int>
    /// The period stated above the table, and whether the dates need its year (`date-format dd mmm`).
    let statementPeriod: StatementPeriod?
    let yearless: Bool
    /// The kind of every account of the file, sent before its first transaction: a profile's
    /// `account-type`, or a card when amounts are inverted (charges positive, as card exports write them).
    let accountKind: AccountKind?

    init(
        dialect: CSVDialect, file: String, options: ReadOptions, checksBalanceRows: Bool = true,
        statedBalances: [CSVStatedBalance] = [], statementPeriod: StatementPeriod? = nil, ids: ActivityIDBuilder = ActivityIDBuilder()
    ) {
        self.ids = ids
        self.statementPeriod = statementPeriod
        yearless = !dialect.dateFormat.hasYear
        self.statedBalances = statedBalances
        statedLines = Set(statedBalances.map(\.line))
        accountKind = dialect.accountKind ?? (dialect.amountSign == .inverted ? .creditCard : nil)
        self.dialect = dialect
        self.file = file
        self.options = options
        self.checksBalanceRows = checksBalanceRows && !dialect.writtenByPfin && !dialect.postings
        hasPfinColumns = dialect.columns[.id] != nil || dialect.columns[.type] != nil || dialect.columns[.source] != nil
        // A double-entry export's postings name their accounts: one account for all would make
        // every posting the user's.
        defaultAccount = dialect.postings ? nil : options.account ?? dialect.account
        defaultCurrency = dialect.currency ?? options.currency
        invertsAmounts = dialect.amountSign == .inverted
    }

    /// Maps one record, sending its activity (after any held-back problems) to `sink`. Throws
    /// `StopReading` after reporting a problem that ends the file.
    func map(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws {
        // Checked before the preamble is passed over: a line that wide is no bank's banner.
        if record.count > CSVRecord.maxFields, !record.isBlank { return try tooWide(record, into: &sink) }
        guard record.line > dialect.skip, !record.isBlank else { return }
        guard started else {
            try start(record, into: &sink)
            if !dialect.hasHeader { try map(record, into: &sink) }
            return
        }
        if dialect.continuationRows, try joinContinuation(record, into: &sink) { return }
        if headerCount == record.count, isHeaderRepeated(record) {
            return try sink.skipped(SkippedLines(.repeatedHeader, file: file, line: record.line))
        }
        // A balance below the table, which detection read (`Endsaldo: 1.234,56 EUR`).
        if !statedLines.isEmpty && statedLines.contains(record.line) {
            return try sink.skipped(SkippedLines(.statedBalance, file: file, line: record.line))
        }
        if dialect.continuationRows { return holdForContinuation(record) }
        if dialect.postings { return try mapPosting(record, into: &sink) }
        if dialect.sections, try mapSectionRow(record, into: &sink) { return }
        if dialect.splitRows, try mapSplitRow(record, into: &sink) { return }
        try mapRow(record, into: &sink)
    }

    /// Maps a data row and does the bookkeeping of the rows around it.
    func mapRow(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws {
        let accepted = try row(record, into: &sink)
        if accepted {
            partRows &+= 1
            if !warnedLostTrack, let date = ids.lostTrackOfDate {
                warnedLostTrack = true
                try sink.report(lostTrackWarning(date, line: record.line))
            }
        } else {
            // A balance row is taken only from a row that is no transaction.
            if tookBalanceRow != 0 { try sendBalanceRow(into: &sink) }
            if pending.count > 32 { try flushPending(asErrors: true, into: &sink) }
        }
    }

    /// Said once, at the first row whose date came back after its counters were released.
    func lostTrackWarning(_ date: LocalDate, line: Int) -> Diagnostic {
        Diagnostic(
            .warning, code: "csv.unsorted-large-file", at: SourceLocation(file: file, line: line),
            "this very large file returns to \(date) after moving past it; identical rows on that day may share an id",
            notes: ["sort the file by date, or split it, to keep identical rows apart"])
    }

    /// A row far wider than any statement's: an error at the first field past the limit, not a
    /// footer or preamble line to pass over, nor extra fields to read by header position. A header
    /// that wide leaves nothing to read the rows by, and ends the file.
    @inline(never)
    private func tooWide(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws {
        try mapContinued(into: &sink)
        try sendPostingGroup(into: &sink)
        try flushPending(asErrors: true, into: &sink)
        let at = record.location(ofField: CSVRecord.maxFields)
        let isHeader = !started && record.line > dialect.skip
        try sink.report(
            CSVIssue.tooManyFields(found: record.count, limit: CSVRecord.maxFields, delimiter: dialect.delimiter, inTable: !isHeader)
                .diagnostic(at: SourceLocation(file: file, line: at.line, column: at.column)))
        if isHeader { try stop(after: record.line, into: &sink) }
    }

    /// Whether a row repeats the header (exports stitched from pages do): checked on the date
    /// column first, which is cheap and almost always differs.
    private func isHeaderRepeated(_ record: borrowing CSVRecord) -> Bool {
        guard columns.date < record.count else { return false }
        let sameDate = record.withField(columns.date) { cell in
            let cell = CSVRecord.trimmed(cell)
            return cell.count == headerDateName.count && headerDateName.withUnsafeBufferPointer { cell.elementsEqual($0) }
        }
        return sameDate && record.strings == header
    }

    /// Reports what is still held back at the end of the file: failed rows before the footer are
    /// errors; from the first row that does not even start with a date onwards, it is the footer.
    func finish(into sink: inout some ActivitySink) throws {
        try sendPreamble(into: &sink)
        try mapContinued(into: &sink)
        try mapSplitHeld(into: &sink)
        try sendPostingGroup(into: &sink)
        if !started && dialect.hasHeader {
            try sink.report(
                Diagnostic(
                    .error, code: "csv.no-header", at: SourceLocation(file: file, line: dialect.skip + 1),
                    "expected a header row after line \(dialect.skip), found the end of the file",
                    notes: [Diagnostic.identifyNote(file)]))
        }
        try flushPending(asErrors: false, into: &sink)
        if let warning = invalidTextWarning() { try sink.report(warning) }
        if let warning = unreadOriginalWarning() { try sink.report(warning) }
        if let warning = unfittingRateWarning() { try sink.report(warning) }
        if let warning = textMarkWarning() { try sink.report(warning) }
        if let warning = dollarGuessWarning() { try sink.report(warning) }
        if let warning = unpaidWarning() { try sink.report(warning) }
        try noteStatedBalances(into: &sink)
        for info in statements.infos(
            kind: accountKind, currency: defaultCurrency, decimalMark: dialect.decimalMark,
            inverted: dialect.amountSign == .inverted, source: SourceLocation(file: file, line: dialect.skip + 1))
        {
            // A double-entry export's income and expense accounts are no statements of the user's.
            if dialect.postings, !JournalExport.isOwn(info.account.id) { continue }
            try sink.statement(info)
        }
    }

    @inline(never)
    private func sendBalanceRow(into sink: inout some ActivitySink) throws {
        try sink.skipped(SkippedLines(.balanceRow, file: file, line: tookBalanceRow))
        tookBalanceRow = 0
    }

    /// The lines above the table, once: when the first record past them comes, or at the end.
    private func sendPreamble(into sink: inout some ActivitySink) throws {
        guard !sentPreamble else { return }
        sentPreamble = true
        if dialect.skip > 0 {
            try sink.skipped(SkippedLines(.preamble, at: SourceLocation(file: file, line: 1), through: dialect.skip))
        }
    }

    /// Ends the reading after a fatal problem on `line`, already reported: the rest is unread.
    private func stop(after line: Int, into sink: inout some ActivitySink) throws -> Never {
        try sendPreamble(into: &sink)
        try sink.skipped(SkippedLines(.unread, at: SourceLocation(file: file, line: line + 1), through: nil))
        throw StopReading()
    }

    /// The first record after the preamble: the header, or the first row of a file without one.
    private func start(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws {
        try sendPreamble(into: &sink)
        let names = dialect.hasHeader ? record.strings : nil
        var resolved = ResolvedColumns()
        for (role, reference) in dialect.columns {
            switch ColumnResolution.resolve(reference, header: names) {
            case .success(let index): resolved.set(role, index)
            case .failure(let failure):
                try sink.report(
                    Diagnostic(
                        .error, code: "csv.unknown-column", at: SourceLocation(file: file, line: record.line),
                        failure.text, notes: failure.notes + [Diagnostic.identifyNote(file)]))
                try stop(after: record.line, into: &sink)
            }
        }
        if let names { resolved.continueMemo(header: names) }
        if dialect.currencyAmounts, let names { resolved.resolveCurrencyAmounts(header: names) }
        if dialect.hasHeader { try sink.skipped(SkippedLines(.header, file: file, line: record.line)) }
        header = names
        headerCount = names?.count ?? -1
        headerLine = dialect.hasHeader ? record.line : nil
        width = record.count
        headerEndsEmpty = names?.last?.isEmpty ?? false
        if let names, resolved.date < names.count { headerDateName = Array(names[resolved.date].utf8) }
        if let names {
            headerSign =
                [resolved.amount, resolved.debit, resolved.credit].lazy.compactMap { $0 }.filter { $0 < names.count }
                .compactMap { HeaderMatching.sharedSign(names[$0]) }.first
        }
        columns = resolved
        if dialect.postings { postingValueColumns = PostingValueColumns(header: names) }
        started = true
    }

    /// The header name of a column, or its position, for messages.
    func columnName(_ column: Int) -> String {
        if let header, column < header.count, !header[column].isEmpty { return header[column] }
        return "column \(column + 1)"
    }

    /// A date cell's day, in the year the statement period gives it when the layout has none
    /// (FNB's `01 Mrt`); `nil` when it reads as no day.
    func parseDate(_ cell: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        guard let date = dates.parse(CSVRecord.trimmed(cell), format: dialect.dateFormat) else { return nil }
        guard yearless else { return date }
        return statementPeriod?.date(date)
    }

    func parseAmount(_ record: borrowing CSVRecord, _ column: Int) -> Result<ParsedAmount, AmountParseFailure> {
        guard column < record.count else { return .failure(.empty) }
        return record.withField(column) { AmountParser.parse(CSVRecord.trimmed($0), decimalMark: dialect.decimalMark) }
    }

    /// Whether a failed row could be a footer line: its date cell is empty or holds no digits
    /// (`Total`, `Opening Balance`), or a plain number (a totals line).
    static func isFooterLike(_ record: borrowing CSVRecord, dateColumn: Int) -> Bool {
        guard dateColumn < record.count else { return true }
        let cell = record.string(dateColumn)
        if !cell.utf8.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return true }
        if DateFormat.candidates.contains(where: { $0.parse(cell) != nil }) { return false }
        return ValueKinds.isAmount(cell) || cell.unicodeScalars.contains { $0.properties.isAlphabetic }
    }
}
