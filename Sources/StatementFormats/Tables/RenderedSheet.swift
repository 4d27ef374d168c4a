import FinanceCore

/// A table (an XLSX sheet, an HTML table) rendered as RFC 4180 CSV text, one line per row (empty
/// rows as empty lines), so that the CSV reader's line N is row N; and the way back from a CSV
/// line and column to the row and column, for when a cell's own line break makes a row span two
/// lines.
struct RenderedSheet {
    private(set) var csv: [UInt8] = []
    /// The byte offset in `csv` where each sheet row starts, by row - 1.
    private var rowStarts: [Int] = []
    /// The CSV line each row starts on, by row - 1; `nil` while every row is one line.
    private var rowLines: [Int]?
    private var lines = 0
    /// The fields of each row, and the most of any row.
    private var widths: [Int32] = []
    private var width = 0
    /// The column last written in the current row (1-based), 0 before the first.
    private var lastColumn = 0
    /// Whether a row is started and not yet ended: a row is always ended before the next starts
    /// (and before `padRows`), whatever order a malformed document gives the calls in.
    private var rowOpen = false
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Rows written so far.
    var rowCount: Int { rowStarts.count }

    /// Starts sheet row `row` (greater than every row before), after empty lines for the rows between.
    mutating func beginRow(_ row: Int) {
        while rowStarts.count < row - 1 {
            startRow()
            endRow()
        }
        startRow()
    }

    private mutating func startRow() {
        if rowOpen { endRow() }
        rowOpen = true
        rowStarts.append(csv.count)
        rowLines?.append(lines + 1)
        lastColumn = 0
    }

    /// Writes `field` in `column` (1-based, after the last one written), empty fields before it.
    mutating func write(_ field: some Collection<UInt8>, column: Int) {
        if !rowOpen { startRow() }
        for _ in 0..<(column - max(lastColumn, 1)) { csv.append(UInt8(ascii: ",")) }
        lastColumn = column
        let needsQuotes = field.contains(where: CSVQuoting.isSpecial)
        guard needsQuotes else {
            csv.append(contentsOf: field)
            return
        }
        let bytes = Array(field)
        csv.append(UInt8(ascii: "\""))
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\"") { csv.append(byte) }
            // A line break inside the cell (Alt+Enter in Excel): from here on rows and lines
            // differ. As the CSV reader counts: LF, and CR not before LF.
            if byte == 0x0A || byte == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A) {
                if rowLines == nil { rowLines = Array(1...rowStarts.count) }
                lines += 1
            }
            csv.append(byte)
        }
        csv.append(UInt8(ascii: "\""))
    }

    mutating func endRow() {
        guard rowOpen else { return }
        rowOpen = false
        widths.append(Int32(lastColumn))
        width = max(width, lastColumn)
        csv.append(0x0A)
        lines += 1
        lastColumn = 0
    }

    /// The column last written in the current row, 0 before the first.
    var currentColumn: Int { lastColumn }

    /// Pads every row that has cells to the sheet's width, as Excel's own "Save as CSV" does: a
    /// sheet does not store the empty cells at a row's end, but a CSV table's rows all have the
    /// header's fields. Empty rows stay empty lines.
    mutating func padRows() {
        if rowOpen { endRow() }
        var added = 0
        for w in widths where w > 0 { added += width - Int(w) }
        guard added > 0 else { return }
        // A hostile sheet (one cell at column XFD, the others at A) must not pad past the limit.
        guard csv.count + added <= limit else {
            paddedOverLimit = true
            return
        }
        var padded: [UInt8] = []
        padded.reserveCapacity(csv.count + widths.count * 4)
        for row in 0..<rowStarts.count {
            let start = rowStarts[row]
            let end = row + 1 < rowStarts.count ? rowStarts[row + 1] - 1 : csv.count - 1
            rowStarts[row] = padded.count
            padded.append(contentsOf: csv[start..<end])
            if widths[row] > 0 { padded.append(contentsOf: repeatElement(UInt8(ascii: ","), count: width - Int(widths[row]))) }
            padded.append(0x0A)
        }
        csv = padded
    }

    private var paddedOverLimit = false

    /// Whether the text has grown (or would grow, padded) past `limit`.
    var isOverLimit: Bool { csv.count > limit || paddedOverLimit }

    /// The sheet row a CSV line belongs to.
    func row(ofLine line: Int) -> Int {
        guard let rowLines else { return line }
        var lo = 0, hi = rowLines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if rowLines[mid] <= line { lo = mid + 1 } else { hi = mid }
        }
        return max(1, lo)
    }

    /// The sheet column of the field at a CSV `column` (1-based, in Unicode scalars) on the
    /// first line of `row`, or `nil` when the row or column is not there.
    func sheetColumn(row: Int, csvColumn: Int) -> Int? {
        guard row >= 1, row <= rowStarts.count else { return nil }
        var i = rowStarts[row - 1]
        var column = 1, field = 1
        var quoted = false
        while i < csv.count, column < csvColumn {
            let byte = csv[i]
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted && byte == 0x0A { return nil }
            if !quoted && byte == UInt8(ascii: ",") { field += 1 }
            if byte & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return field
    }
}
