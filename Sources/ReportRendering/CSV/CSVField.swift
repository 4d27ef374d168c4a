import FinanceCore

/// One CSV cell as RFC 4180 wants it, defused for spreadsheets.
///
/// A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, tab or CR as a formula (OWASP
/// "CSV injection"): a payee named `=HYPERLINK("http://x")` would become a live link. Such a cell
/// is written with a leading `'` unless it is a plain number such as `-54.20` (`FormulaDefusing`,
/// the rule of CONTRACT.md that `pfin convert --to csv` follows too).
enum CSVField {
    /// Appends `text` as one cell: defused if a spreadsheet would run it, in quotes (inner quotes
    /// doubled) if it holds a comma, a quote or a line break.
    static func append(_ text: String, to out: inout [UInt8]) {
        let bytes = text.utf8
        let defuse = text.withUTF8Bytes { FormulaDefusing.needsPrefix($0) }
        let quote = bytes.contains(where: CSVQuoting.isSpecial)
        if quote { out.append(UInt8(ascii: "\"")) }
        if defuse { out.append(UInt8(ascii: "'")) }
        if quote {
            for b in bytes {
                if b == UInt8(ascii: "\"") { out.append(b) }
                out.append(b)
            }
            out.append(UInt8(ascii: "\""))
        } else {
            out.append(contentsOf: bytes)
        }
    }
}
