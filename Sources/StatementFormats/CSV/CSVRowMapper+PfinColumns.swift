import FinanceCore

/// The columns only pfin's own CSV has: the activity's id, its type and where pfin first read it.
extension CSVRowMapper {
    /// The values of a row's `id`, `type` and `source` cells (each `nil` where the file has no such
    /// column or the cell is empty); `nil` after holding a bad cell's problem back.
    @inline(never)
    func pfinFields(_ record: borrowing CSVRecord) -> (id: ActivityID?, type: PaymentType?, source: SourceLocation?)? {
        func cell(_ column: Int?) -> String? {
            guard let column, column < record.count else { return nil }
            let text = record.string(column)
            return text.isEmpty ? nil : text
        }
        var id: ActivityID?
        if let text = cell(columns.id) {
            guard let parsed = ActivityID(hex: text) else { return holdCell(.badID(text: text), record, columns.id) }
            id = parsed
        }
        var type: PaymentType?
        if let text = cell(columns.type) {
            guard let parsed = PaymentType(rawValue: text) else { return holdCell(.badType(text: text), record, columns.type) }
            type = parsed
        }
        var source: SourceLocation?
        if let text = cell(columns.source) {
            guard let parsed = Self.sourceLocation(text) else { return holdCell(.badSource(text: text), record, columns.source) }
            source = parsed
        }
        return (id, type, source)
    }

    /// `FILE:LINE`, split at the last colon (a Windows path has colons of its own).
    static func sourceLocation(_ text: String) -> SourceLocation? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        let digits = text[text.index(after: colon)...]
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let line = Int(digits)
        else { return nil }
        return SourceLocation(file: String(text[..<colon]), line: line)
    }

    private func holdCell(_ issue: CSVIssue, _ record: borrowing CSVRecord, _ column: Int?)
        -> (id: ActivityID?, type: PaymentType?, source: SourceLocation?)?
    {
        _ = hold(issue, record, column: column)
        return nil
    }
}
