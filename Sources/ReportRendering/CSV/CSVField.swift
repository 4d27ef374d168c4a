/// One CSV cell as RFC 4180 wants it, defused for spreadsheets.
///
/// A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, tab or CR as a formula (OWASP
/// "CSV injection"): a payee named `=HYPERLINK("http://x")` would become a live link. Such a cell
/// is written with a leading `'` unless it is a plain number such as `-54.20`: the same rule as
/// `pfin convert --to csv` (CONTRACT.md), restated here because this module does not depend on
/// the statement formats.
enum CSVField {
    /// Appends `text` as one cell: defused if a spreadsheet would run it, in quotes (inner quotes
    /// doubled) if it holds a comma, a quote or a line break.
    static func append(_ text: String, to out: inout [UInt8]) {
        let bytes = text.utf8
        let defuse = needsPrefix(bytes)
        let quote = bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
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

    /// True when the text starts with `=`, `+`, `-`, `@`, tab or CR and is not a plain number.
    static func needsPrefix(_ bytes: String.UTF8View) -> Bool {
        guard let first = bytes.first else { return false }
        switch first {
        case UInt8(ascii: "="), UInt8(ascii: "@"), 0x09, 0x0D: return true
        case UInt8(ascii: "+"), UInt8(ascii: "-"): return !isPlainNumber(bytes.dropFirst())
        default: return false
        }
    }

    /// `digits[.digits]`: what follows the sign of a plain number.
    private static func isPlainNumber(_ bytes: Substring.UTF8View) -> Bool {
        var whole = 0, fraction = 0, point = false
        for b in bytes {
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                if point { fraction += 1 } else { whole += 1 }
            } else if b == UInt8(ascii: ".") && !point {
                point = true
            } else {
                return false
            }
        }
        return whole > 0 && (!point || fraction > 0)
    }
}
