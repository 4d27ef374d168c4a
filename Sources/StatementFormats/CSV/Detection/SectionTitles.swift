/// Rows that title a section of the table (`CSVDialect.sections`): Schwab's checking export lists
/// `"Pending Transactions"` and then `"Posted Transactions"` in the table, each alone on its row,
/// the pending rows (not booked yet, no running balance) between them.
///
/// A title is a row with one cell of text, the rest empty, that folds (`TextFolding.fold`) to one
/// of the words below: a bank's heading, never a payee; or a card's masked number (ICICI's card
/// statement heads each card's rows with it).
enum SectionTitles {
    enum Kind: Sendable, Equatable {
        /// Transactions the bank has not booked yet: each row under it is skipped.
        case pending
        /// Booked transactions: the rows under it are read.
        case booked
    }

    private static let titles: [String: Kind] = {
        var table: [String: Kind] = [:]
        for title in [
            "pending transactions", "pending", "pending items", "pending transactions and holds", "pending authorizations",
            "pending authorisations", "authorizations", "vorgemerkte umsatze", "vorgemerkte buchungen", "vorgemerkte umsaetze",
            "operations en attente", "movimientos pendientes", "transazioni in sospeso", "transacties in behandeling",
        ] { table[title] = .pending }
        for title in [
            "posted transactions", "posted", "cleared transactions", "booked transactions", "completed transactions",
            "gebuchte umsatze", "gebuchte umsaetze", "operations comptabilisees", "movimientos contabilizados",
        ] { table[title] = .booked }
        return table
    }()

    /// The kind of section `text` titles, if it is a title.
    static func kind(_ text: String) -> Kind? {
        // The longest title is 31 bytes: a longer cell is none, whatever it says.
        guard text.utf8.count <= 40 else { return nil }
        if isMaskedCardNumber(text) { return .booked }
        return titles[TextFolding.fold(text)]
    }

    /// Whether `text` is a card number with its middle digits masked (`0049XXXXXXXX4939`,
    /// `4111 **** **** 1111`), as ICICI's card statement writes alone on a row above each card's
    /// transactions: 12 to 19 digits and masks, at least 4 of each, spaces or dashes aside.
    static func isMaskedCardNumber(_ text: String) -> Bool {
        var digits = 0, masks = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "X"), UInt8(ascii: "x"), UInt8(ascii: "*"): masks += 1
            case UInt8(ascii: " "), UInt8(ascii: "-"): continue
            default: return false
            }
        }
        return digits >= 4 && masks >= 4 && (12...19).contains(digits + masks)
    }

    /// The kind of section `fields` (one row's cells, trimmed) title, if the row is a title.
    static func kind(of fields: [String]) -> Kind? {
        let blank = { (field: String) in field.unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
        guard let only = fields.firstIndex(where: { !blank($0) }), !fields[(only + 1)...].contains(where: { !blank($0) }) else {
            return nil
        }
        return kind(fields[only])
    }

    /// Whether the sample's table rows include a pending section's title or a card's masked number
    /// alone on a row (then the file is read with `sections yes`).
    static func found(in rows: [SampleRecord]) -> Bool {
        rows.contains { row in
            guard !row.isBlank, let kind = kind(of: row.fields) else { return false }
            return kind == .pending || row.fields.contains { isMaskedCardNumber($0) }
        }
    }
}
