/// Whether a table's first rows hold a statement's header: a date word beside an amount word.
///
/// A statement page often holds several innermost tables (a summary of balances, the card's
/// details, the operations); the operations' table names a date and an amount, in the languages
/// banks write them. `HTMLTableParser` prefers such a table to a larger one without, and
/// identification names a page with one as a statement it could not read, not a login page.
enum HTMLStatementHeader {
    /// The header's cells, when one of the first three rendered CSV lines names a date and an amount.
    static func find(_ csv: [UInt8]) -> [String]? {
        var start = 0
        for _ in 0..<3 {
            guard start < csv.count else { return nil }
            let end = csv[start...].firstIndex(of: 0x0A) ?? csv.count
            let cells = cells(csv[start..<end])
            let lowered = cells.map { $0.lowercased() }
            if lowered.contains(where: isDate), lowered.contains(where: isAmount) { return cells }
            start = end + 1
        }
        return nil
    }

    private static func isDate(_ cell: String) -> Bool {
        cell.count <= 40 && dateWords.contains(where: cell.contains)
    }

    private static func isAmount(_ cell: String) -> Bool {
        cell.count <= 60 && amountWords.contains(where: cell.contains)
    }

    private static let dateWords = [
        "date", "datum", "fecha", "data", "дата", "дата операции", "תאריך", "日期", "日付", "取引日", "päivä", "tarih", "ημερομηνία",
    ]

    private static let amountWords = [
        "amount", "debit", "credit", "betrag", "importe", "montant", "valor", "kwota", "bedrag", "belopp", "beløb", "summa",
        "сумма", "сума", "סכום", "חובה", "זכות", "金额", "金額", "tutar", "ποσό", "withdrawal", "deposit",
    ]

    /// A rendered CSV line's cells, quotes removed.
    private static func cells(_ line: ArraySlice<UInt8>) -> [String] {
        var cells: [String] = []
        var cell: [UInt8] = []
        var quoted = false
        var i = line.startIndex
        while i < line.endIndex {
            let byte = line[i]
            if byte == UInt8(ascii: "\"") {
                if quoted, i + 1 < line.endIndex, line[i + 1] == UInt8(ascii: "\"") {
                    cell.append(byte)
                    i += 1
                } else {
                    quoted.toggle()
                }
            } else if byte == UInt8(ascii: ","), !quoted {
                cells.append(String(decoding: cell, as: UTF8.self))
                cell.removeAll(keepingCapacity: true)
            } else if byte != 0x0D {
                cell.append(byte)
            }
            i += 1
        }
        cells.append(String(decoding: cell, as: UTF8.self))
        return cells.filter { !$0.isEmpty }
    }
}
