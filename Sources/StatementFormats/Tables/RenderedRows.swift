import FinanceCore

/// A table of a markup document (an HTML page's, an Excel 2003 XML worksheet's) rendered as CSV
/// text, one line per row, and the source line each row starts on; read and detected as CSV.
///
/// Where every row starts on a later line than the row before (as such documents are written, a
/// row on a line or more), the text puts each row on its own source line, blank lines between,
/// so that the CSV reader's lines are the document's, in its messages too (`line 27 ('Saldo
/// final') states a balance`). Otherwise (a document on one line) row N is line N of the text,
/// and `sourceLine` maps it back.
struct RenderedRows {
    let csv: [UInt8]
    let lines: [Int]
    let aligned: Bool

    /// `sheet` (padded, one line per row: cells hold no line breaks) and the line of each row.
    init(_ sheet: RenderedSheet, lines: [Int]) {
        var sheet = sheet
        sheet.padRows()
        let increasing = zip(lines, lines.dropFirst()).allSatisfy { $0 < $1 } && (lines.first ?? 0) >= 1
        csv = increasing ? Self.aligned(sheet.csv, to: lines) : sheet.csv
        self.lines = lines
        aligned = increasing
    }

    /// The source line of a line of `csv`.
    func sourceLine(_ line: Int) -> Int {
        aligned || lines.isEmpty ? line : lines[max(1, min(lines.count, line)) - 1]
    }

    /// `csv` with row k on line `lines[k]`.
    private static func aligned(_ csv: [UInt8], to lines: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(csv.count + (lines.last ?? 0))
        var line = 1
        var k = 0
        for row in csv.split(separator: 0x0A, omittingEmptySubsequences: false) where k < lines.count {
            while line < lines[k] {
                out.append(0x0A)
                line += 1
            }
            out.append(contentsOf: row)
            out.append(0x0A)
            line += 1
            k += 1
        }
        return out
    }

    /// Reads the rows as CSV into `sink`, locations mapped back to the document's lines.
    func read(file: String, options: ReadOptions, into sink: inout some ActivitySink) throws {
        let rows = self
        var mapped = RenderedTableMapping(base: sink, file: file, line: rows.sourceLine, column: { _, _ in nil })
        do {
            try CSVStatementReader().read(ByteInput(bytes: csv, displayName: file), options: Self.csvOptions(options), into: &mapped)
        } catch {
            sink = mapped.base
            throw error
        }
        sink = mapped.base
    }

    /// The CSV dialect of the rows, as `CSVStatementReader.detect` works out a CSV's.
    func detect(file: String, options: ReadOptions) throws(InputError) -> Result<DialectDetection, Diagnostic> {
        try CSVStatementReader().detect(ByteInput(bytes: csv, displayName: file), options: Self.csvOptions(options))
    }

    /// The CSV text is UTF-8 with commas, whatever a profile says.
    private static func csvOptions(_ options: ReadOptions) -> ReadOptions {
        var csv = options
        csv.csvProfile.encoding = .utf8
        csv.csvProfile.delimiter = UInt8(ascii: ",")
        return csv
    }
}
