import FinanceCore

/// Sections of a table (`CSVDialect.sections`): rows titling them, and the rows of a pending one.
extension CSVRowMapper {
    /// Takes `record` when it titles a section or lies in a pending one; `false` for a row to map.
    ///
    /// A title is skipped (`section`). Under a pending section's title, a row with a date is a
    /// transaction the bank has not booked yet: skipped with a `csv.pending-row` warning, as a
    /// pending row anywhere; one without (the section's total, `Total Pending Check and other
    /// Credit(s)`) is skipped as part of the section.
    func mapSectionRow(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws -> Bool {
        let cells = record.strings
        if let kind = SectionTitles.kind(of: cells) {
            let title = cells.first { $0.contains { !$0.isWhitespace } } ?? ""
            let trimmed = String(title.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
            pendingSection = kind == .pending ? (trimmed, record.line) : nil
            try sink.skipped(SkippedLines(.section, file: file, line: record.line))
            return true
        }
        guard let section = pendingSection else { return false }
        let dateColumn = columns.date
        let dated =
            dateColumn < record.count
            && record.withField(dateColumn) { dates.parse(CSVRecord.trimmed($0), format: dialect.dateFormat) } != nil
        guard dated else {
            try sink.skipped(SkippedLines(.section, file: file, line: record.line))
            return true
        }
        let at = record.location(ofField: dateColumn)
        let leniency = Leniency(
            code: "csv.pending-row",
            "the row is under '\(section.title)' (line \(section.line)), a transaction the bank has not booked yet; the row was skipped",
            notes: ["it will be in a later export, among the posted transactions"], changesMeaning: true)
        holdBack(leniency, at: SourceLocation(file: file, line: at.line, column: at.column))
        return true
    }
}
