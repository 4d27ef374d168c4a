/// Whether a table's rows continue over rows of text only (`CSVDialect.continuationRows`).
///
/// A continuation row has no date and no amount, and text in the name, memo or address columns,
/// besides which only columns pfin does not read may hold text (Fintro's Visa export puts the
/// merchant under `Details` and `Wisselkoers##1,05` under `Wisselkoers` on the row below each
/// charge); it comes right under a dated row or another continuation, and a dated row follows it
/// somewhere below (text after the last transaction is a footer's). One such row in the sample is
/// enough: nothing else in a bank's table looks like that, and without the setting each is an error.
enum ContinuationRowShape {
    static func found(in rows: [SampleRecord], dateColumn: Int, textColumns: [Int], unread: (Int) -> Bool) -> Bool {
        var afterRow = false
        var waiting = false
        for row in rows {
            if row.isBlank { continue }
            let dated = dateColumn < row.fields.count && !row.fields[dateColumn].isEmpty
            if dated {
                if waiting { return true }
                afterRow = true
                continue
            }
            let textOnly =
                row.fields.indices.contains { !row.fields[$0].isEmpty && textColumns.contains($0) }
                && row.fields.indices.allSatisfy { row.fields[$0].isEmpty || textColumns.contains($0) || unread($0) }
            if textOnly && afterRow {
                waiting = true
            } else {
                afterRow = false
                waiting = false
            }
        }
        return false
    }
}
