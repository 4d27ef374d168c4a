import FinanceCore

/// Rows that continue the transaction above them (`CSVDialect.continuationRows`). OCBC writes a
/// transaction's kind on its row and the payee and reference on rows of their own below it
/// (`01/11/2024,01/11/2024,POINT-OF-SALE TRANSACTION,12.50,` then `,,NTUC FAIRPRICE SINGAPORE,,`);
/// statements turned from PDF into CSV wrap long descriptions the same way.
///
/// With the setting, each row is held (its bytes copied) until the next shows whether text
/// continues it. A continuation's text is joined to the held row's cell by cell, after a space;
/// where the held row's name is only a kind of payment (`FUNDS TRANSFER`: `TransactionKindWords`),
/// the first text below it in the name column becomes the name, and the kind and the later lines
/// (a reference, a purpose) go to the memo. Text a continuation holds in a column pfin does not
/// read (Fintro's `Wisselkoers##1,0501528` beside the merchant) goes to the memo too, unless the
/// cell only repeats its column's name (`Wisselkoers##`). The held row is then
/// mapped as any row, at its own line, and the lines joined to it are sent as skipped
/// (`continuation`). A file with the setting is read in order, on one thread.
extension CSVRowMapper {
    /// A row waiting for the rows that may continue it.
    struct ContinuedRow {
        /// The row, its joined cells given their new contents.
        var record: OwnedCSVRecord
        /// The lines joined to it, if any.
        var joined: ClosedRange<Int>?
        /// The row's name when it was only a payment kind and gave way to the text below it, with
        /// the name column's later lines: the memo's start.
        var kind: String?
        /// The continuations' text in columns pfin does not read, for the memo.
        var extra: [String] = []
    }

    static let continuationRowsCode = "csv.lenient.continuation-rows"

    /// The columns a continuation row may hold text in.
    private var continuationColumns: [Int] { [columns.name, columns.memo, columns.address, columns.payer].compactMap { $0 } }

    /// Joins `record` to the row held above it when it continues that row, and says so; otherwise
    /// maps the held row, so that `record` comes after it, and returns `false`.
    func joinContinuation(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws -> Bool {
        guard continued != nil else { return false }
        if continues(record, width: continued!.record.count) {
            join(record)
            return true
        }
        try mapContinued(into: &sink)
        return false
    }

    /// Holds `record` until the next record shows whether it continues.
    func holdForContinuation(_ record: borrowing CSVRecord) {
        continued = ContinuedRow(record: OwnedCSVRecord(record))
    }

    /// Maps the row held for continuation, if any, and sends the lines joined to it as skipped.
    func mapContinued(into sink: inout some ActivitySink) throws {
        guard let row = continued else { return }
        continued = nil
        continuedKind = row.kind
        continuedExtra = row.extra.isEmpty ? nil : row.extra.joined(separator: " ")
        defer {
            continuedKind = nil
            continuedExtra = nil
        }
        try row.record.withRecord { try mapRow($0, into: &sink) }
        guard let joined = row.joined else { return }
        if leniencies.isFirst(Self.continuationRowsCode) {
            let lines = joined.count == 1 ? "line \(joined.lowerBound) holds" : "lines \(joined.lowerBound)–\(joined.upperBound) hold"
            let leniency = Leniency(
                code: Self.continuationRowsCode,
                "\(lines) text only, no date and no amount, continuing the transaction on line \(row.record.line); joined to it, as are the file's other rows of text only",
                notes: ["'continuation-rows no' in a profile reads such rows as rows of their own (errors, having no date)"],
                changesMeaning: false)
            try sink.report(leniency.diagnostic(at: SourceLocation(file: file, line: joined.lowerBound), options: options))
        }
        try sink.skipped(SkippedLines(.continuation, at: SourceLocation(file: file, line: joined.lowerBound), through: joined.upperBound))
    }

    /// Whether `record` holds text only, in the name, memo, address or payer columns of a row
    /// `width` fields wide, and besides them only in columns pfin does not read: no date, no
    /// amount, nothing else.
    func continues(_ record: borrowing CSVRecord, width: Int) -> Bool {
        let allowed = continuationColumns
        var text = false
        for column in 0..<record.count where !record.withField(column, { CSVRecord.trimmed($0).isEmpty }) {
            guard column < width else { return false }
            if allowed.contains(column) {
                text = true
            } else if columns.known.contains(column) {
                return false
            }
        }
        return text
    }

    /// The text of an unread column's cell on a continuation, or `nil` when it only repeats the
    /// column's name (`Wisselkoers##` under `Wisselkoers`: a label with no value after it).
    private func unreadText(_ record: borrowing CSVRecord, _ column: Int) -> String? {
        let text = record.string(column)
        if text.isEmpty { return nil }
        guard let header, column < header.count, !header[column].isEmpty else { return text }
        let kept = text.unicodeScalars.reversed().drop { !$0.properties.isAlphabetic && !("0"..."9").contains($0) }.reversed()
        let bare = String(String.UnicodeScalarView(kept))
        return TextFolding.fold(bare) == TextFolding.fold(header[column]) ? nil : text
    }

    /// Joins the text cells of `record` to the held row's.
    private func join(_ record: borrowing CSVRecord) {
        guard var row = continued else { return }
        continued = nil
        for column in continuationColumns where column < record.count && column < row.record.count {
            let addition = record.withField(column) { Array(CSVRecord.trimmed($0)) }
            guard !addition.isEmpty else { continue }
            let current = row.record.field(column)
            var value = addition
            if column == columns.name, let kind = row.kind {
                // Below a kind, the payee's line comes first and the reference lines after it.
                row.kind = kind + " " + String(decoding: addition, as: UTF8.self)
                continue
            }
            if column == columns.name, row.joined == nil, !current.isEmpty,
                TransactionKindWords.words.contains(TextFolding.fold(String(decoding: current, as: UTF8.self)))
            {
                row.kind = String(decoding: current, as: UTF8.self)
            } else if !current.isEmpty {
                value = current + [0x20] + addition
            }
            row.record.setField(column, to: value)
        }
        for column in 0..<min(record.count, row.record.count) where !continuationColumns.contains(column) && !columns.known.contains(column) {
            if let text = unreadText(record, column) { row.extra.append(text) }
        }
        let last = record.endLocation.line
        row.joined = (row.joined?.lowerBound ?? record.line)...last
        continued = row
    }
}
