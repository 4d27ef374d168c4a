import FinanceCore
import ReportRendering

/// Transactions as aligned text columns that fit a terminal of 80 columns: the id's first
/// `idWidth` digits (as many as make every id unique in the ledger, so that each works with
/// `pfin show`, `edit` and `delete`; see `Ledger.uniquePrefixLength`), the date, the name (cut with `…`), the signed amount
/// right-aligned, and the category.
///
///     ID        DATE         NAME                       AMOUNT  CATEGORY
///     3f2a9c0d  03 May 2024  Corner Bakery              -$4.50  Food:Coffee
enum ActivityTable {
    static func render(_ rows: [PaymentActivity], idWidth: Int = 8, width: Int = 80) -> String {
        let amounts = rows.map { MoneyText.signed($0.amount) }
        let names = rows.map { TextWidth.sanitized($0.name) }
        let categories = rows.map { TextWidth.sanitized($0.category ?? "") }
        let amountWidth = max(6, amounts.map(TextWidth.of).max() ?? 0)
        let categoryWidth = min(20, max(8, categories.map(TextWidth.of).max() ?? 0))
        // id, date, amount and category with two spaces between columns; the name takes the rest.
        let fixed = idWidth + 2 + 11 + 2 + 2 + amountWidth + 2 + categoryWidth
        let nameWidth = min(max(4, names.map(TextWidth.of).max() ?? 0), max(10, width - fixed))
        var lines = [line("ID", "DATE", "NAME", "AMOUNT", "CATEGORY", idWidth: idWidth, nameWidth: nameWidth, amountWidth: amountWidth)]
        for (i, row) in rows.enumerated() {
            let id = String(row.id.description.prefix(idWidth))
            lines.append(
                line(
                    id, DateText.long(row.date), TextWidth.truncated(names[i], to: nameWidth), amounts[i],
                    TextWidth.truncated(categories[i], to: categoryWidth),
                    idWidth: idWidth, nameWidth: nameWidth, amountWidth: amountWidth))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func line(
        _ id: String, _ date: String, _ name: String, _ amount: String, _ category: String,
        idWidth: Int, nameWidth: Int, amountWidth: Int
    ) -> String {
        let text =
            pad(id, idWidth) + "  " + pad(date, 11) + "  " + pad(name, nameWidth) + "  "
            + String(repeating: " ", count: max(0, amountWidth - TextWidth.of(amount))) + amount + "  " + category
        var trimmed = Substring(text)
        while trimmed.last == " " { trimmed.removeLast() }
        return String(trimmed)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - TextWidth.of(text)))
    }
}
