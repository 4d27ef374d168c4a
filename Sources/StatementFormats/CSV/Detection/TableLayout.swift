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
        guard var width = DelimiterDetection.score(nonBlank)?.width ?? nonBlank.first?.fields.count else { return nil }
        // A header wider than most records, whose width the records after it share, where no record
        // of the common width reads as a header: a long `key;value` preamble above a table of a few
        // rows (ING's export of a few days).
        if pinnedSkip == nil, pinnedHeader != false,
            !nonBlank.prefix(60).contains(where: { $0.fields.count == width && HeaderMatching.looksLikeHeader($0.fields) }),
            let header = wideHeader(nonBlank, wider: width)
        {
            width = header
        }
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
            // A header that names a date before one that names none: a summary table above the
            // transactions (Raiffeisen Romania's `Sold initial;Total debit;Total credit;Sold final`)
            // names money columns too.
            let index = nonBlank.prefix(60).firstIndex(where: {
                fits($0, width: width) && HeaderMatching.looksLikeHeader($0.fields) && HeaderMatching.namesDate($0.fields)
            }) ?? nonBlank.prefix(60).firstIndex(where: { fits($0, width: width) && HeaderMatching.looksLikeHeader($0.fields) })
        {
            start = index
            hasHeader = true
        } else if pinnedHeader != false,
            let index = nonBlank.prefix(60).firstIndex(where: { $0.fields.count >= 2 && $0.fields.count < width && HeaderMatching.looksLikeHeader($0.fields) })
        {
            start = index
            hasHeader = true
            narrowHeader = true
        } else if pinnedHeader != false, let index = headerOverNarrowerRows(nonBlank, width: width) {
            // A header naming more columns than the rows fill: each row stops after its last
            // filled cell (Swedbank's export names 16 columns, its rows carry 12).
            start = index
            hasHeader = true
        } else {
            // The first record of the table's width that most of the next three share: one short
            // row among the data (a row without its amount) is a bad row, not the end of a preamble.
            // A record of one filled cell of text is a title padded to the width (PrivatBank's
            // `Історія операцій за період …,,,,,,,,,`, a spreadsheet's title row), neither header
            // nor row: a header names two columns at least, a row has a date and an amount.
            start = nonBlank.indices.first { i in
                guard fits(nonBlank[i], width: width), !isTitle(nonBlank[i]) else { return false }
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
        var rows = nonBlank[dataStart...].filter { fits($0, width: width) || (narrowHeader && $0.fields.count >= tableWidth) }
        rows.removeLast(paddedFooter(rows))
        let firstLine = nonBlank[first].line
        let preamble = records.filter { $0.line < firstLine && !$0.isBlank }
        return TableLayout(
            preamble: preamble, header: header, rows: Array(rows), skip: pinnedSkip ?? firstLine - 1,
            width: tableWidth)
    }

    /// Whether a record is one cell of text, neither a date nor an amount, padded with empty ones.
    private static func isTitle(_ record: SampleRecord) -> Bool {
        guard record.nonEmptyCount == 1, let cell = record.fields.first(where: { !$0.isEmpty }) else { return false }
        return !ValueKinds.isDate(cell) && !ValueKinds.isAmount(cell)
    }

    /// How many records at the end of `rows` are text in the first cell padded with delimiters to
    /// the table's width: a disclaimer below the table (Fidelity's `The data and information in
    /// this spreadsheet…,,,,,,,,,,,`), which is no transaction (a row has a date and an amount at
    /// least) and would otherwise make the date column look like text. None when every row is one.
    private static func paddedFooter(_ rows: [SampleRecord]) -> Int {
        let count = rows.reversed().prefix { $0.nonEmptyCount == 1 && !$0.fields[0].isEmpty }.count
        return count == rows.count ? 0 : count
    }

    /// The width of the first record near the top that reads as a header, has more fields than
    /// `width` (three at least), and whose width most of the records after it share: the
    /// table's, when the preamble outnumbers the rows.
    private static func wideHeader(_ records: [SampleRecord], wider width: Int) -> Int? {
        for (i, record) in records.prefix(60).enumerated() {
            let count = record.fields.count
            guard count >= 3, count > width, HeaderMatching.looksLikeHeader(record.fields) else { continue }
            let after = records[(i + 1)..<min(records.count, i + 21)]
            let fitting = after.filter { fits($0, width: count, trailingEmpty: false) }.count
            if fitting >= 1 && fitting * 3 >= after.count * 2 { return count }
        }
        return nil
    }

    /// The index of the first record near the top that reads as a header, is wider than the
    /// table's rows, and whose next records mostly have the rows' width: a header over rows that
    /// leave out its last columns.
    private static func headerOverNarrowerRows(_ records: [SampleRecord], width: Int) -> Int? {
        // One name more, the header's last (C24's `Bargeldabhebung`, which its rows leave out), counts
        // too; an empty one more is a trailing delimiter, which `fits` allows.
        for (i, record) in records.prefix(60).enumerated()
        where record.fields.count > width + 1 || (record.fields.count == width + 1 && !record.fields[width].isEmpty) {
            guard width >= 3, HeaderMatching.looksLikeHeader(record.fields) else { continue }
            let after = records[(i + 1)..<min(records.count, i + 21)]
            let fitting = after.filter { fits($0, width: width, trailingEmpty: false) }.count
            if fitting >= 1 && fitting * 3 >= after.count * 2 { return i }
        }
        return nil
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
