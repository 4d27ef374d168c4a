/// Rows that title a section of the table (`CSVDialect.sections`): Schwab's checking export lists
/// `"Pending Transactions"` and then `"Posted Transactions"` in the table, each alone on its row,
/// the pending rows (not booked yet, no running balance) between them.
///
/// A title is a row with one cell of text, the rest empty, that folds (`TextFolding.fold`) to one
/// of the words below: a bank's heading, never a payee.
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
        return titles[TextFolding.fold(text)]
    }

    /// The kind of section `fields` (one row's cells, trimmed) title, if the row is a title.
    static func kind(of fields: [String]) -> Kind? {
        let blank = { (field: String) in field.unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
        guard let only = fields.firstIndex(where: { !blank($0) }), !fields[(only + 1)...].contains(where: { !blank($0) }) else {
            return nil
        }
        return kind(fields[only])
    }

    /// Whether the sample's table rows include a pending section's title (then the file is read
    /// with `sections yes`).
    static func found(in rows: [SampleRecord]) -> Bool {
        rows.contains { !$0.isBlank && kind(of: $0.fields) == .pending }
    }
}
