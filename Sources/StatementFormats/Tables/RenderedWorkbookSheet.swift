import FinanceCore

/// A workbook's sheet (`.xlsx`, `.xls`) rendered as CSV text, the warnings rendering it gave, and
/// the options the text is read with (UTF-8 and commas, whatever a profile says; the workbook's
/// date system for serial dates). Read and detected as CSV, locations mapped back to the sheet's
/// rows and columns.
struct RenderedWorkbookSheet {
    var sheet: RenderedSheet
    var warnings: [Diagnostic]
    var options: ReadOptions

    init(sheet: RenderedSheet, warnings: [Diagnostic], options: ReadOptions, date1904: Bool) {
        self.sheet = sheet
        self.warnings = warnings
        var csv = options
        csv.csvProfile.encoding = .utf8
        csv.csvProfile.delimiter = UInt8(ascii: ",")
        // Numbers in General format under a date header are serials of the workbook's system.
        csv.serialDates1904 = date1904
        self.options = csv
    }

    /// Reports the warnings, then reads the rows into `sink`; under `--strict` an error among the
    /// warnings stops the reading.
    func read(file: String, into sink: inout some ActivitySink) throws {
        for warning in warnings { try sink.report(warning) }
        if options.strict && warnings.contains(where: { $0.severity == .error }) { return }
        let sheet = sheet
        var mapped = RenderedTableMapping(
            base: sink, file: file, line: { sheet.row(ofLine: $0) },
            column: { line, column in sheet.sheetColumn(row: sheet.row(ofLine: line), csvColumn: column) })
        do {
            try CSVStatementReader().read(ByteInput(bytes: sheet.csv, displayName: file), options: options, into: &mapped)
        } catch {
            sink = mapped.base
            throw error
        }
        sink = mapped.base
    }

    /// The CSV dialect of the rows, the rendering's warnings first.
    func detect(file: String) throws(InputError) -> Result<DialectDetection, Diagnostic> {
        let found = try CSVStatementReader().detect(ByteInput(bytes: sheet.csv, displayName: file), options: options)
        return found.map { detection in
            var detection = detection
            detection.warnings = warnings.filter { $0.severity == .warning } + detection.warnings
            return detection
        }
    }

    /// A workbook reader's `read`: the error that stopped rendering, or the rendered sheet read.
    static func read(_ rendered: Result<Self, Diagnostic>, file: String, into sink: inout some ActivitySink) throws {
        switch rendered {
        case .failure(let diagnostic): try sink.report(diagnostic)
        case .success(let sheet): try sheet.read(file: file, into: &sink)
        }
    }

    /// A workbook reader's `detect`: the error that stopped rendering, or the sheet's dialect.
    static func detect(_ rendered: Result<Self, Diagnostic>, file: String) throws(InputError) -> Result<DialectDetection, Diagnostic> {
        switch rendered {
        case .failure(let diagnostic): return .failure(diagnostic)
        case .success(let sheet): return try sheet.detect(file: file)
        }
    }
}
