/// Whether a CSV export quotes its cells with apostrophes (`CSVDialect.singleQuotes`), as FNB's
/// downloads do: `5,'Nommer','Datum','Beskrywing1',…` over rows such as `5,1,'01 Mrt',"Rent",…`.
///
/// A record near the top says so when at least three of its cells are written between
/// apostrophes and all its other filled cells are at most one (FNB's record-type number before
/// them). A bank that quotes one text cell so (ASN Bank's `'Betaling aan ICS'` in its rows) has
/// no such record: that apostrophe is a text mark, taken off by the reader with a warning.
enum SingleQuotedCells {
    /// The first such record's first quoted cell, as written (`'Nommer'`), if any.
    static func example(in records: [SampleRecord]) -> String? {
        for record in records.prefix(60) {
            let filled = record.fields.filter { !$0.isEmpty }
            let quoted = filled.filter(isQuoted)
            if quoted.count >= 3, filled.count - quoted.count <= 1 { return quoted.first }
        }
        return nil
    }

    /// `'…'`: an apostrophe at both ends of a cell of more than the two.
    static func isQuoted(_ cell: String) -> Bool {
        let bytes = cell.utf8
        return bytes.count >= 3 && bytes.first == UInt8(ascii: "'") && bytes.last == UInt8(ascii: "'")
    }
}
