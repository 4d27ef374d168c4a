import FinanceCore

/// The diagnostics detection gives for a file it cannot read as a table, and the small tests
/// around them (`DialectDetector`).
extension DialectDetector {
    /// The error for a file whose first rows include one far wider than any statement's, which
    /// is why no delimiter or table was found.
    func tooWide(_ text: [UInt8], delimiters: [UInt8], isComplete: Bool) -> Diagnostic? {
        guard let (record, delimiter, isCut) = SampleTable.firstTooWide(text, delimiters: delimiters, isComplete: isComplete),
            let count = record.tooWide
        else { return nil }
        var diagnostic = CSVIssue.tooManyFields(found: count, limit: CSVRecord.maxFields, delimiter: delimiter, inTable: false, atLeast: isCut)
            .diagnostic(at: SourceLocation(file: file, line: record.line))
        diagnostic.notes.append(Diagnostic.identifyNote(file))
        return diagnostic
    }

    func missingColumn(_ what: String, header: [String]?, rows: [SampleRecord], at location: SourceLocation) -> Diagnostic {
        let columns = header.map { "the header has: " + $0.map { "'\($0)'" }.joined(separator: ", ") } ?? "the file has no header"
        if let fields = header ?? rows.first?.fields, MissingDateColumn.isBudget(fields) {
            return Diagnostic(
                .error, code: "csv.no-\(what)-column", at: location,
                "this is a budget (each category's Budgeted, Activity and Available by month, as YNAB exports it), not a list of transactions",
                notes: ["read the register the app exports beside it (YNAB: the Register file of the same export)", Diagnostic.identifyNote(file)])
        }
        let dateColumn = what == "date" ? MissingDateColumn.namedColumn(header) : nil
        if let dateColumn, let header, let value = MissingDateColumn.yearless(dateColumn, rows: rows) {
            return Diagnostic(
                .error, code: "csv.no-date-column", at: location,
                "could not read column '\(header[dateColumn])' as dates: its values are days without a year ('\(value)')",
                notes: [
                    "pfin cannot tell which year such a day falls in (Revolut's exports of 2019 left the year out of the current year's dates); download the export again with full dates, as newer exports give them",
                    Diagnostic.identifyNote(file),
                ])
        }
        if let dateColumn, let header, let (value, calendar) = MissingDateColumn.otherCalendar(dateColumn, rows: rows) {
            let which = calendar == .solarHijri ? "the Solar Hijri (Persian) or the Hijri calendar" : "the Buddhist Era (the Thai calendar)"
            let how =
                calendar == .solarHijri
                ? "Solar Hijri dates, as Iranian banks write them, are read with 'date-format \"solar-hijri yyyy/mm/dd\"' in a profile (and without one in a file in Persian); Hijri (lunar) dates are not read: export the statement with Gregorian dates"
                : "Buddhist Era dates, as Thai banks write them, are read with 'date-format \"buddhist-era dd/mm/yyyy\"' in a profile (and without one in a file in Thai)"
            return Diagnostic(
                .error, code: "csv.no-date-column", at: location,
                "could not read column '\(header[dateColumn])' as dates: '\(value)' is a day of \(which), not a Gregorian one",
                notes: [how, Diagnostic.identifyNote(file)])
        }
        // Without a header, columns are named by their 1-based position.
        let named = dateColumn.flatMap { i in header.map { "\"\($0[i])\"" } } ?? (header == nil ? "1" : "\"Posting Date\"")
        let example =
            what == "date"
            ? "columns date=\(named)" : header == nil ? "columns date=1 amount=3 (1-based positions)" : "columns amount=Amount (or debit=… credit=…)"
        return Diagnostic(
            .error, code: "csv.no-\(what)-column", at: location,
            "could not tell which column holds the \(what); \(columns)",
            notes: ["name it in a profile: \(example), and pass --profile FILE", Diagnostic.identifyNote(file)])
    }

    /// The warning for an amount column chosen among several money columns, none of which is the
    /// running balance of another.
    func ambiguousAmount(_ guess: ColumnAssignment.AmountGuess, header: [String]?, at location: SourceLocation) -> Diagnostic {
        let all = ([guess.amount] + guess.others).sorted().map { columnName($0, header) }
        let list = all.dropLast().joined(separator: ", ") + " and " + all.last!
        let others = guess.others.map { columnName($0, header) }.joined(separator: ", ")
        let other = guess.others.first ?? guess.amount
        return Diagnostic(
            .warning, code: "csv.ambiguous-amount", at: location,
            "could not tell which of columns \(list) holds the amount: none is the running balance of another (each balance the previous one plus the amount, in either order); read column \(columnName(guess.amount, header)), the most often negative, as the amount and left \(others) unread",
            notes: [
                "if that is wrong, name them in a profile: columns amount=\(ColumnResolution.reference(for: other, header: header)) balance=\(ColumnResolution.reference(for: guess.amount, header: header))"
            ])
    }

    /// Whether any sampled row names an opening or closing balance in one of `columns`: the first
    /// thousand rows and the last hundred of the sample (balance rows open and close a statement).
    /// What an empty cell of a direction column means: the other way, where some cells are empty
    /// and every filled one marks the same way (John Lewis's `CR` beside money in, nothing beside
    /// money out); `nil` where the column marks both ways or none is empty. A column its header
    /// names as the sign and that is empty on every row sampled marks the exception the file does
    /// not hold: ICICI's card statement writes `CR` beside a credit and nothing beside a charge, and
    /// a month of charges only leaves its `BillingAmountSign` empty throughout: money out.
    static func emptyDirection(_ column: ColumnStats) -> EntryDirection? {
        guard column.nonEmpty < column.rowCount else { return nil }
        if column.nonEmpty == 0 { return .debit }
        let ways = Set(column.values.filter { !DirectionWords.isNeutral($0) }.map { DirectionWords.isMoneyOut(TextFolding.fold($0)) })
        guard ways.count == 1, let out = ways.first ?? nil else { return nil }
        return out ? .credit : .debit
    }

    static func hasBalanceRows(_ rows: [SampleRecord], columns: [Int?]) -> Bool {
        let columns = columns.compactMap { $0 }
        let looked = rows.count <= 1100 ? rows[...] : rows.prefix(1000) + rows.suffix(100)
        return looked.contains { row in
            columns.contains { column in
                column < row.fields.count && row.fields[column].utf8.count >= 5
                    && BalanceRowWords.kind(ofFolded: TextFolding.fold(row.fields[column])) != nil
            }
        }
    }

    func columnName(_ index: Int, _ header: [String]?) -> String {
        if let header, index < header.count, !header[index].isEmpty { return "'\(header[index])'" }
        return String(index + 1)
    }

    /// A double-entry export (`JournalExport`) under `postings no`: refused, with the way to read it.
    func journalExport(_ column: ColumnStats, header: [String]?, at location: SourceLocation) -> Diagnostic {
        let name = header.flatMap { column.index < $0.count ? "'\($0[column.index])'" : nil } ?? "\(column.index + 1)"
        let examples = Array(Set(column.values.prefix(50))).sorted().prefix(2).joined(separator: "', '")
        return Diagnostic(
            .error, code: "csv.journal-export", at: location,
            "this is a double-entry bookkeeping export, one row per posting: column \(name) holds both sides of each transaction ('\(examples)'); read as a statement every amount would count twice",
            notes: [
                "leave out 'postings no' to read your own accounts' postings, categorised by the others",
                "or export one account's postings instead (hledger: 'hledger register ACCOUNT -O csv'), which pfin reads as that account's statement",
            ])
    }

    static func longDate(_ date: LocalDate) -> String {
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September",
            "October", "November", "December",
        ]
        return "\(date.day) \(months[date.month - 1]) \(date.year)"
    }
}
