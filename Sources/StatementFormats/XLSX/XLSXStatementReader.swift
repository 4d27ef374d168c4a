import FinanceCore

/// Reads Excel workbooks (Office Open XML `.xlsx`, ECMA-376) as CSV would be read: one sheet (the
/// first, or `ReadOptions.sheet`) is rendered to CSV text, one line per sheet row, and that text
/// goes through `CSVStatementReader`, so detection, profiles and diagnostics are the CSV ones.
/// Diagnostics and each activity's `source` say `file.xlsx:ROW` (and `:COLUMN`, the sheet's column
/// number, A = 1).
///
/// The workbook is a ZIP archive (`ZIPArchive`), inflated by zlib with caps against ZIP bombs;
/// its XML parts go through libxml2 with `XMLSAXDriver`'s safe options.
public struct XLSXStatementReader: RenderedTableReader {
    public static let format = StatementFormat.xlsx
    /// The largest workbook read (it is held in memory: ZIP needs its end first).
    public static let maximumWorkbookSize = 256 << 20
    public static var maximumInput: Int { maximumWorkbookSize }
    /// The most CSV text a sheet may render to.
    public static let maximumSheetText = 512 << 20

    /// The largest input this reader buffers: `maximumWorkbookSize`, smaller in tests.
    let sizeLimit: Int

    public init() {
        sizeLimit = Self.maximumWorkbookSize
    }

    init(sizeLimit: Int) {
        self.sizeLimit = sizeLimit
    }

    /// A ZIP archive whose local headers in the window name a workbook's parts.
    public static func sniff(_ input: SniffInput) -> Sniff {
        let raw = input.raw
        guard raw.starts(with: [0x50, 0x4B, 0x03, 0x04]) else {
            return .no("not a ZIP archive (no 'PK\\x03\\x04' at offset 0); an XLSX workbook is one")
        }
        var names = ZIPLocalHeaders.names(raw, limit: 1024)
        if input.isComplete, let archive = try? ZIPArchive(raw) { names += archive.entries.map(\.name) }
        if names.contains("xl/workbook.bin") {
            return .no("an Excel binary workbook (.xlsb): its parts ('xl/workbook.bin') are binary records, not XML")
        }
        if names.contains("xl/workbook.xml") {
            return .yes(95, "a ZIP archive with the member 'xl/workbook.xml'")
        }
        if let sheet = names.first(where: { $0.hasPrefix("xl/worksheets/") && $0.hasSuffix(".xml") }) {
            return .yes(95, "a ZIP archive with the member '\(sheet)'")
        }
        if names.contains("[Content_Types].xml"), let part = names.first(where: { $0.hasPrefix("xl/") }) {
            return .yes(95, "a ZIP archive with '[Content_Types].xml' and the member '\(part)'")
        }
        return .no("a ZIP archive without a workbook's 'xl/workbook.xml' or 'xl/worksheets/' members")
    }

    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        try RenderedWorkbookSheet.read(try render(input, options: options), file: input.displayName, into: &sink)
    }

    /// Works out the CSV dialect of the sheet, as `CSVStatementReader.detect` does for a CSV: what
    /// `pfin identify` and `--show-dialect` print.
    public func detect(_ input: ByteInput, options: ReadOptions) throws(InputError) -> Result<DialectDetection, Diagnostic> {
        try RenderedWorkbookSheet.detect(try render(input, options: options), file: input.displayName)
    }

    // MARK: Rendering

    /// The chosen sheet as CSV text, or the error that stops the workbook from being read.
    func render(_ input: ByteInput, options: ReadOptions) throws(InputError) -> Result<RenderedWorkbookSheet, Diagnostic> {
        let file = input.displayName
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let got = try input.read(into: chunk)
            if got == 0 { break }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<got]))
            if bytes.count > sizeLimit { return .failure(XLSXIssue.inputTooLarge(limit: sizeLimit).diagnostic(file: file)) }
        }
        do throws(XLSXIssue) {
            let workbook = try XLSXWorkbook(ZIPArchive(bytes))
            let sheet = try workbook.sheet(named: options.sheet)
            let parser = XLSXSheetParser(
                try workbook.stream(of: sheet), strings: try workbook.sharedStrings(), styles: try workbook.styles(),
                date1904: workbook.date1904, dateFormat: options.csvProfile.dateFormat, limit: Self.maximumSheetText)
            try parser.run()
            if parser.sheet.isOverLimit { throw .sheetTooLarge(limit: Self.maximumSheetText) }
            let warnings = parser.notes.map { note, row, column in
                Self.leniency(note, cell: XLSXCellReference.letters(column) + String(row), noise: parser.noise)
                    .diagnostic(at: SourceLocation(file: file, line: row, column: column), options: options)
            }
            return .success(RenderedWorkbookSheet(sheet: parser.sheet, warnings: warnings, options: options, date1904: workbook.date1904))
        } catch {
            return .failure(error.diagnostic(file: file))
        }
    }

    static func leniency(_ note: XLSXSheetNote, cell: String, noise: (written: String, read: String)?) -> Leniency {
        switch note {
        case .floatingPointNoise:
            let example = noise.map { "\($0.written) at \(cell), read as \($0.read)" } ?? cell
            return Leniency(
                code: "xlsx.lenient.float-noise",
                "numbers carry binary floating-point noise past Excel's 15 significant digits (\(example)); read them rounded to 15 digits, as Excel shows them",
                notes: ["the program that wrote the workbook printed each number's binary double in full"], changesMeaning: false)
        case .formulaWithoutValue:
            return Leniency(
                code: "xlsx.lenient.formula-without-value",
                "cells hold formulas without a stored result (the first is \(cell)); pfin does not compute formulas, so they read as empty",
                notes: ["open the workbook in Excel or LibreOffice and save it again: that stores the results"], changesMeaning: true)
        case .missingSharedString:
            return Leniency(
                code: "xlsx.lenient.missing-shared-string",
                "cells refer to shared strings the workbook does not have (the first is \(cell)); they read as empty",
                notes: ["the workbook is damaged; open it in Excel or LibreOffice and save it again"], changesMeaning: true)
        case .notADate:
            return Leniency(
                code: "xlsx.lenient.not-a-date",
                "date-styled cells hold numbers that are no calendar date (the first is \(cell)); they read as plain numbers",
                changesMeaning: false)
        case .rowOutOfOrder:
            return Leniency(
                code: "xlsx.lenient.row-order",
                "sheet rows are out of order or repeated (the first at \(cell)); read in the order the sheet's XML has them, after the row before",
                changesMeaning: true)
        case .cellOutOfOrder:
            return Leniency(
                code: "xlsx.lenient.cell-order",
                "cells of a row are out of order or repeated (the first at \(cell)); each read in the column after the row's previous cell",
                changesMeaning: true)
        }
    }
}
