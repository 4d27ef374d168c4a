import FinanceCore

/// Split transactions written as a total and its parts (`CSVDialect.splitRows`). Financisto's CSV
/// export writes a split transaction's row with its total (category `SPLIT`), then each part on
/// a row of its own whose date cell is `~`, in its own category, or a transfer to another of the
/// user's accounts (`~,"",My Cash Account,-5.00,SGD,…,A1,A,P1,…`).
///
/// With the setting, each row is held (its bytes copied) until the next shows whether parts
/// follow it. When they do, the parts are the transactions, each dated as the total's row, and
/// the total's line is skipped (`split`): read both, the money would count twice. A total with no
/// parts below it is read as any row; a part with no total above it is an error, as any row
/// without its date. A file with the setting is read in order, on one thread.
extension CSVRowMapper {
    /// The date cell that marks a row as a part of the split transaction above it.
    static let splitMark: UInt8 = UInt8(ascii: "~")

    /// Maps `record` as a split's part, or holds it until the next shows whether parts follow
    /// it; `false` for a row to map as any other (a part with no total above it).
    func mapSplitRow(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws -> Bool {
        let dateColumn = columns.date
        let isPart =
            dateColumn < record.count
            && record.withField(dateColumn) { cell in
                let cell = CSVRecord.trimmed(cell)
                return cell.count == 1 && cell[0] == Self.splitMark
            }
        guard isPart else {
            splitDate = nil
            try mapSplitHeld(into: &sink)
            splitHeld = OwnedCSVRecord(record)
            return true
        }
        if let held = splitHeld {
            splitHeld = nil
            let date = held.withRecord { row in
                dateColumn < row.count ? row.withField(dateColumn) { dates.parse(CSVRecord.trimmed($0), format: dialect.dateFormat) } : nil
            }
            guard let date else {
                try held.withRecord { try mapRow($0, into: &sink) }
                return false
            }
            splitDate = date
            try sink.skipped(SkippedLines(.split, file: file, line: held.line))
        }
        guard splitDate != nil else { return false }
        try mapRow(record, into: &sink)
        return true
    }

    /// Maps the row held for its parts, if any: none came, so it is a transaction of its own.
    func mapSplitHeld(into sink: inout some ActivitySink) throws {
        guard let held = splitHeld else { return }
        splitHeld = nil
        try held.withRecord { try mapRow($0, into: &sink) }
    }
}
