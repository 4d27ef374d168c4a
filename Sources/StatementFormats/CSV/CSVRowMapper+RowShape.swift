import FinanceCore

/// What a row's cells look like, for the row mapper's leniencies: a row of the table's shape, a
/// ragged or held-back row, pending markers, text or amounts in given columns.
extension CSVRowMapper {
    /// Whether a record whose field count differs from the header's is still a row: extra
    /// fields that are all empty, one field short where the header ends in an empty name (or
    /// there is no header), or a row that stops before the header's last columns, none of which
    /// is read (Swedbank's rows carry 12 of the 16 columns its header names: those cells are
    /// empty, nothing is lost, so nothing is said).
    @inline(never)
    func fitsShape(_ record: borrowing CSVRecord) -> Bool {
        let count = record.count
        if count < width && count > columns.lastRead { return true }
        if count > width && (width..<count).allSatisfy({ record.withField($0) { $0.isEmpty } }) { return true }
        return count == width - 1 && (headerEndsEmpty || !dialect.hasHeader)
    }

    /// How a warning about a row with more fields than the header begins: "line 7 has 9 fields
    /// where the header on line 1 has 7".
    func fieldCountMismatch(_ record: borrowing CSVRecord) -> String {
        let against = headerLine.map { "the header on line \($0) has \(width)" } ?? "the first row has \(width)"
        return "line \(record.line) has \(record.count) fields where \(against)"
    }

    @inline(never)
    func holdRaggedRow(_ record: borrowing CSVRecord) -> Bool {
        let count = record.count
        let at = count > width ? record.location(ofField: width) : record.endLocation
        let footerLike = CSVRowMapper.isFooterLike(record, dateColumn: columns.date)
        let issue = CSVIssue.raggedRow(expected: width, found: count, headerLine: headerLine, delimiter: dialect.delimiter)
        holdBack(
            issue.diagnostic(at: SourceLocation(file: file, line: at.line, column: at.column)), footerLike: footerLike,
            hasAmount: footerLike && hasAmount(record), hasLetters: footerLike && hasLetters(record))
        return false
    }

    /// Holds a row's problem back until it is known whether the row is part of a footer; `false`.
    /// A balance row or a pending one is taken for what it is instead.
    @inline(never)
    func hold(_ issue: CSVIssue, _ record: borrowing CSVRecord, column: Int?) -> Bool {
        if takeBalanceRow(record) { return false }
        if case .badDate(let text, _) = issue, let column {
            if PendingDateWords.isPending(text) {
                holdPendingRow(record, text: text, column: column)
                return false
            }
            // No booking date, and a status cell that says why (Revolut's `State`: `PENDING`).
            if text.isEmpty, let marker = pendingMarker(record, besides: column) {
                holdPendingRow(record, text: text, marker: marker, column: column)
                return false
            }
            // No date, no amount, no name or memo: nothing a transaction could be made of
            // (Venmo's row of the beginning balance under the header).
            if text.isEmpty, !hasAmount(record), !hasText(record, in: [columns.name, columns.memo]) {
                holdRowWithoutTransaction(record)
                return false
            }
        }
        let position = column.map { record.location(ofField: $0) } ?? (record.line, 1)
        // A whole row with a date in another cell is a transaction without its date, not a
        // totals line: reported, whatever follows it.
        let footerLike =
            CSVRowMapper.isFooterLike(record, dateColumn: columns.date) && !(record.count == width && hasOtherDate(record))
            || isPrintedPageLine(issue, record)
        var diagnostic = issue.diagnostic(at: SourceLocation(file: file, line: position.0, column: position.1))
        if case .badDate(let text, _) = issue, text.isEmpty, !dialect.continuationRows, continues(record, width: width) {
            diagnostic.notes.append(
                "the row holds text only; if it continues the transaction above it, put 'continuation-rows yes' in a profile (--profile FILE)")
        }
        holdBack(
            diagnostic, footerLike: footerLike,
            hasAmount: footerLike && hasAmount(record), hasLetters: footerLike && hasLetters(record))
        return false
    }

    /// Whether a row without an amount is the line a bank prints at the foot of each page, its
    /// date the time of printing: Bank of Baroda's `12/02/2025 17:31,,,,,,Contact-Us@18005700,…,Page
    /// 1 of, 1` after the last row. A cell that says which page it is (`Page 1 of`, `Seite 2 von 3`,
    /// `Página 1`) makes it one.
    func isPrintedPageLine(_ issue: CSVIssue, _ record: borrowing CSVRecord) -> Bool {
        guard case .noAmount = issue else { return false }
        for column in 0..<record.count {
            let cell = record.string(column)
            guard cell.utf8.count <= 40 else { continue }
            let words = TextFolding.fold(cell).split(separator: " ")
            if words.count >= 2, Self.pageWords.contains(String(words[0])), words[1].allSatisfy(\.isNumber) { return true }
        }
        return false
    }

    private static let pageWords: Set<String> = ["page", "seite", "pagina", "pag", "blad", "sida", "side", "strona", "strana"]

    /// The cell, other than the date column's, that marks the row as not booked yet (`PENDING`).
    func pendingMarker(_ record: borrowing CSVRecord, besides dateColumn: Int) -> String? {
        for column in 0..<record.count where column != dateColumn {
            let cell = record.string(column)
            if !cell.isEmpty, cell.utf8.count <= 32, !PendingDateWords.isDash(cell), PendingDateWords.isPending(cell) { return cell }
        }
        return nil
    }

    /// Whether a cell other than the date column's holds a date (in any layout).
    func hasOtherDate(_ record: borrowing CSVRecord) -> Bool {
        for column in 0..<record.count where column != columns.date {
            let cell = record.string(column)
            guard cell.utf8.count >= 6, cell.utf8.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { continue }
            if DateFormat.candidates.contains(where: { $0.parse(cell) != nil }) { return true }
        }
        return false
    }

    /// Whether any of `columns` holds text in the row.
    func hasText(_ record: borrowing CSVRecord, in columns: [Int?]) -> Bool {
        for column in columns {
            guard let column, column < record.count else { continue }
            if !record.withField(column, { CSVRecord.trimmed($0).isEmpty }) { return true }
        }
        return false
    }

    /// Whether the row's first filled cell holds a letter: a footer that starts with a labelled
    /// line (`Total`, `STATEMENT SUMMARY`, `,,Closing balance,1200.00`) is plainly one. A row that
    /// opens with a mark and has text only further on (Financisto's split rows, `~,"",My Cash
    /// Account,-5.00,…`) is no label, and skipping it is said.
    func hasLetters(_ record: borrowing CSVRecord) -> Bool {
        for column in 0..<record.count {
            let letters: Bool? = record.withField(column) { bytes in
                let cell = CSVRecord.trimmed(bytes)
                return cell.isEmpty ? nil : cell.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x80 }
            }
            if let letters { return letters }
        }
        return false
    }

    /// Whether the row's amount column (or debit or credit column) holds an amount: a footer line
    /// that does is perhaps a transaction without its date, and is not skipped unsaid.
    func hasAmount(_ record: borrowing CSVRecord) -> Bool {
        for column in [columns.amount, columns.debit, columns.credit] + siblingAmountColumns.map(Optional.some) {
            guard let column, column < record.count else { continue }
            if case .success = parseAmount(record, column) { return true }
        }
        return false
    }
}
