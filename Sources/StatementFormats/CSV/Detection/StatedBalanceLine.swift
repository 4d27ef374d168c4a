import FinanceCore

/// Reads the balances a CSV export states in the lines around its table (`CSVStatedBalance`).
///
/// A line states a balance when its first non-empty cell is a balance's label
/// (`StatedBalanceWords`) and a cell after it, or the text after a colon in the same cell, is an
/// amount in the file's decimal convention. The day may be in the label (`Solde au 31/05/2024`) or
/// in a cell of its own; the currency in the amount (`3.456,78 EUR`, `1 234,56 €`) or in a cell of
/// its own; a sign as banks write it beside the amount (`S`/`H`, `DR`/`CR`, `Soll`/`Haben`,
/// `débiteur`/`créditeur`).
enum StatedBalanceLine {
    /// The balances stated in `records` (the preamble and the footer), in file order: one per
    /// line, or a summary of labels over a line of amounts (HDFC's `Opening Balance,…,Closing Bal`).
    static func find(_ records: [SampleRecord], decimalMark: UInt8, dateFormat: DateFormat) -> [CSVStatedBalance] {
        var found: [CSVStatedBalance] = []
        for (index, record) in records.enumerated() {
            if let balance = parse(record, decimalMark: decimalMark, dateFormat: dateFormat) {
                found.append(balance)
            } else if index + 1 < records.count {
                found += summary(labels: record, values: records[index + 1], decimalMark: decimalMark)
            }
        }
        return found
    }

    /// The balances of a summary table: a line of labels, a balance's among them, over a line
    /// whose cell below it is an amount.
    private static func summary(labels: SampleRecord, values: SampleRecord, decimalMark: UInt8) -> [CSVStatedBalance] {
        var found: [CSVStatedBalance] = []
        for (column, cell) in labels.fields.enumerated() where column < values.fields.count {
            let label = trimmed(cell)
            guard let kind = StatedBalanceWords.kind(ofFolded: TextFolding.fold(label)),
                case .success(let parsed) = AmountParser.parse(trimmed(values.fields[column]), decimalMark: decimalMark)
            else { continue }
            found.append(
                CSVStatedBalance(
                    kind: kind, amount: Money(units: parsed.units, scale: parsed.scale, currency: parsed.currency),
                    date: nil, line: values.line, label: label))
        }
        return found
    }

    /// The records below the table: after its last row with a date, when the sample reaches the end
    /// of the file. Rows of the table that name a balance in a name, memo or date column are left
    /// out: the reader takes them as balance rows (`CSVRowMapper.takeBalanceRow`), with the
    /// table's columns; a row under the table labelled with the plain word (`Saldo:` below Deutsche
    /// Bank's card statement) stays a line of the footer.
    static func footer(
        _ records: [SampleRecord], layout: TableLayout, dateColumn: Int, dateFormat: DateFormat,
        labelColumns: [Int]
    ) -> [SampleRecord] {
        guard
            let last = layout.rows.last(where: { row in
                dateColumn < row.fields.count && dateFormat.parse(trimmed(row.fields[dateColumn])) != nil
            })
        else { return [] }
        return records.filter { record in
            guard record.line > last.line, !record.isBlank else { return false }
            let isBalanceRow =
                record.fields.count == layout.width
                && labelColumns.contains { column in
                    column < record.fields.count
                        && ![nil, .stated].contains(BalanceRowWords.kind(ofFolded: TextFolding.fold(record.fields[column])))
                }
            return !isBalanceRow
        }
    }

    /// The balance one line states, if it states one.
    static func parse(_ record: SampleRecord, decimalMark: UInt8, dateFormat: DateFormat) -> CSVStatedBalance? {
        var cells = record.fields.map { trimmed($0) }.filter { !$0.isEmpty }
        guard !cells.isEmpty else { return nil }
        var label = cells.removeFirst()
        if let colon = label.firstIndex(of: ":") {
            let after = trimmed(String(label[label.index(after: colon)...]))
            label = trimmed(String(label[..<colon]))
            if !after.isEmpty { cells.insert(after, at: 0) }
        }
        guard let kind = StatedBalanceWords.kind(ofFolded: TextFolding.fold(label)) else { return nil }
        var date = dateInLabel(label, dateFormat: dateFormat)
        var amount: ParsedAmount?
        var currency: CurrencyCode?
        var negative: Bool?
        for cell in cells {
            if amount == nil, let (parsed, sign) = signedAmount(cell, decimalMark: decimalMark) {
                amount = parsed
                if let sign { negative = sign }
            } else if date == nil, let day = parseDate(cell, dateFormat: dateFormat) {
                date = day
            } else if let code = CurrencyText.code(cell) {
                currency = currency ?? code
            } else if amount != nil, negative == nil, let sign = signWords[TextFolding.fold(cell)] {
                negative = sign
            }
        }
        guard let amount else { return nil }
        var money = Money(units: amount.units, scale: amount.scale, currency: amount.currency(else: currency))
        if negative == true, !amount.isSigned { money.units = -money.units }
        return CSVStatedBalance(kind: kind, amount: money, date: date, line: record.line, label: label)
    }

    /// An amount, with a sign word after it in the same cell (`1 234,56 € débiteur`) when the
    /// parser does not know that word. A date is no amount.
    private static func signedAmount(_ cell: String, decimalMark: UInt8) -> (ParsedAmount, Bool?)? {
        if case .success(let parsed) = AmountParser.parse(cell, decimalMark: decimalMark) { return (parsed, nil) }
        guard let space = cell.lastIndex(of: " "), let sign = signWords[TextFolding.fold(String(cell[cell.index(after: space)...]))],
            case .success(let parsed) = AmountParser.parse(String(cell[..<space]), decimalMark: decimalMark)
        else { return nil }
        return (parsed, sign)
    }

    /// Words beside an amount that give its sign: `true` for money owed (negative).
    private static let signWords: [String: Bool] = [
        "s": true, "soll": true, "dr": true, "debit": true, "debiteur": true, "deudor": true, "debitore": true, "af": true,
        "h": false, "haben": false, "cr": false, "credit": false, "crediteur": false, "acreedor": false, "creditore": false, "bij": false,
    ]

    /// The day in a label such as `Kontostand vom 31.05.2024`, `Balance as of May 31, 2024`.
    private static func dateInLabel(_ label: String, dateFormat: DateFormat) -> LocalDate? {
        let words = label.split(separator: " ").map { trimmed(String($0), dropping: ":;,()[]") }.filter { !$0.isEmpty }
        for width in 1...3 where words.count >= width {
            for start in 0...(words.count - width) {
                let text = words[start..<(start + width)].joined(separator: " ")
                guard text.utf8.contains(where: { $0 &- UInt8(ascii: "0") < 10 }) else { continue }
                if let date = parseDate(text, dateFormat: dateFormat) { return date }
            }
        }
        return nil
    }

    private static func parseDate(_ text: String, dateFormat: DateFormat) -> LocalDate? {
        if let date = dateFormat.parse(text) { return date }
        for format in DateFormat.candidates { if let date = format.parse(text) { return date } }
        return nil
    }

    /// `text` without the spaces (and any of `dropping`) at its ends.
    private static func trimmed(_ text: String, dropping: String = "") -> String {
        let drop = Set(" \t\u{A0}" + dropping)
        var s = Substring(text)
        while let first = s.first, drop.contains(first) { s = s.dropFirst() }
        while let last = s.last, drop.contains(last) { s = s.dropLast() }
        return String(s)
    }
}
