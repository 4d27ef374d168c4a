/// Where the table starts in a sample: preamble records, the header (if any), and the data rows.
struct TableLayout {
    var preamble: [SampleRecord]
    var header: SampleRecord?
    var rows: [SampleRecord]
    /// Lines before the header (or the first row).
    var skip: Int
    /// Fields per row.
    var width: Int

    /// Finds the table in `records`.
    ///
    /// The header is the first record near the top whose cells name at least two known columns, a
    /// date or amount among them; failing that, the first record of the main run of equal-width
    /// records, when it is all text and the record after it has a date where it has text.
    static func find(_ records: [SampleRecord], pinnedSkip: Int?, pinnedHeader: Bool?) -> TableLayout? {
        let nonBlank = records.filter { !$0.isBlank }
        guard let width = DelimiterDetection.score(nonBlank)?.width ?? nonBlank.first?.fields.count else { return nil }
        // Rows that all end in an empty field (a trailing delimiter) may sit under a header without one.
        let rowsOfWidth = nonBlank.filter { $0.fields.count == width }
        let trailingEmpty = width > 1 && rowsOfWidth.allSatisfy { $0.fields.last!.isEmpty }
        func fits(_ record: SampleRecord, width: Int) -> Bool {
            TableLayout.fits(record, width: width, trailingEmpty: trailingEmpty)
        }

        var start: Int?
        var hasHeader = pinnedHeader
        // A header narrower than the rows: most rows carry a field more than it names (a
        // delimiter at the end of each line, or in the last column's text).
        var narrowHeader = false
        if let skip = pinnedSkip {
            start = nonBlank.firstIndex { $0.line > skip }
        } else if pinnedHeader != false,
            let index = nonBlank.prefix(60).firstIndex(where: { fits($0, width: width) && HeaderMatching.looksLikeHeader($0.fields) })
        {
            start = index
            hasHeader = true
        } else if pinnedHeader != false,
            let index = nonBlank.prefix(60).firstIndex(where: { $0.fields.count >= 2 && $0.fields.count < width && HeaderMatching.looksLikeHeader($0.fields) })
        {
            start = index
            hasHeader = true
            narrowHeader = true
        } else {
            // The first record of the table's width that most of the next three share: one short
            // row among the data (a row without its amount) is a bad row, not the end of a preamble.
            start = nonBlank.indices.first { i in
                guard fits(nonBlank[i], width: width) else { return false }
                let next = nonBlank[(i + 1)..<min(nonBlank.count, i + 4)]
                return next.filter { fits($0, width: width) }.count * 3 >= next.count * 2
            }
        }
        guard let first = start else { return nil }
        if hasHeader == nil {
            let next = nonBlank.indices.contains(first + 1) ? nonBlank[first + 1] : nil
            hasHeader = HeaderMatching.isTextOverData(nonBlank[first].fields, next?.fields)
        }
        let header = hasHeader! ? nonBlank[first] : nil
        let tableWidth = header?.fields.count ?? width
        let dataStart = hasHeader! ? first + 1 : first
        let rows = nonBlank[dataStart...].filter { fits($0, width: width) || (narrowHeader && $0.fields.count >= tableWidth) }
        let firstLine = nonBlank[first].line
        let preamble = records.filter { $0.line < firstLine && !$0.isBlank }
        return TableLayout(
            preamble: preamble, header: header, rows: Array(rows), skip: pinnedSkip ?? firstLine - 1,
            width: tableWidth)
    }

    /// Whether a record has the table's width, allowing one empty field more at the end, or one
    /// fewer when the table's rows all end in an empty field (banks end data lines with a delimiter
    /// but not the header, or the other way round).
    static func fits(_ record: SampleRecord, width: Int, trailingEmpty: Bool) -> Bool {
        let count = record.fields.count
        if count == width { return true }
        if count == width + 1 { return record.fields.last!.isEmpty }
        return count == width - 1 && trailingEmpty
    }
}
