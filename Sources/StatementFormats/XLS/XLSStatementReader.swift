import FinanceCore

/// Reads Excel 97–2003 workbooks (`.xls`: BIFF8 in an OLE2 compound file, [MS-XLS], [MS-CFB]), as
/// many banks still export them, as CSV would be read: one sheet (the first visible worksheet, or
/// `ReadOptions.sheet`) is rendered to CSV text, one line per sheet row, and read through
/// `CSVStatementReader`. Diagnostics and each activity's `source` say `file.xls:ROW` (and the
/// sheet's column, A = 1), as for `.xlsx`.
///
/// The file is held in memory (up to `maximumInput`); every sector chain and record is bounds-
/// checked. An encrypted workbook and a compound file without a
/// `Workbook` stream (a Word document) are errors that say so. Excel 5.0/95 workbooks (BIFF5, a
/// `Book` stream, text in the workbook's code page) are read too.
public struct XLSStatementReader: RenderedTableReader {
    public static let format = StatementFormat.xls
    public static let maximumInput = 256 << 20
    /// The most CSV text a sheet may render to.
    public static let maximumSheetText = 512 << 20

    public init() {}

    /// An OLE2 compound file that is not an encrypted Office file, a Word document or a
    /// presentation (whose streams' UTF-16 names the window shows), with a `Workbook` stream when
    /// the directory is in the window.
    public static func sniff(_ input: SniffInput) -> Sniff {
        let raw = input.raw
        guard raw.starts(with: CompoundFile.signature) else {
            return .no("not an OLE2 compound file (no 'D0 CF 11 E0 A1 B1 1A E1' at offset 0); an Excel 97–2003 workbook is one")
        }
        func holds(_ name: String) -> Bool { raw.firstRange(of: name.utf8.flatMap { [$0, 0] }) != nil }
        for other in ["EncryptedPackage", "WordDocument", "PowerPoint Document"] where holds(other) {
            return .no("an OLE2 compound file with a '\(other)' stream, not an Excel workbook")
        }
        if holds("Workbook") { return .yes(90, "an OLE2 compound file with a 'Workbook' stream (Excel 97–2003)") }
        if holds("Book") { return .yes(90, "an OLE2 compound file with a 'Book' stream (Excel 5.0/95)") }
        if input.isComplete { return .no("an OLE2 compound file without a 'Workbook' stream") }
        // A large workbook's directory may lie past the window.
        return .yes(70, "an OLE2 compound file (Excel 97–2003 writes its workbooks so)")
    }

    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        try RenderedWorkbookSheet.read(try render(input, options: options), file: input.displayName, into: &sink)
    }

    public func detect(_ input: ByteInput, options: ReadOptions) throws(InputError) -> Result<DialectDetection, Diagnostic> {
        try RenderedWorkbookSheet.detect(try render(input, options: options), file: input.displayName)
    }

    /// The chosen sheet as CSV text, or the error that stops the workbook from being read.
    func render(_ input: ByteInput, options: ReadOptions) throws(InputError) -> Result<RenderedWorkbookSheet, Diagnostic> {
        let file = input.displayName
        let at = SourceLocation(file: file, line: 1)
        let resave = "open it in Excel or LibreOffice and save it as .xlsx or CSV, then read that"
        var bytes: [UInt8] = []
        while try input.read(appendingTo: &bytes, maxCount: 1 << 20) > 0 {
            if bytes.count > Self.maximumInput {
                return .failure(
                    Diagnostic(
                        .error, code: "xls.too-large", at: at, "the workbook is larger than \(ByteCountText.describe(Self.maximumInput)), the most pfin reads",
                        notes: ["split the export into shorter periods"]))
            }
        }
        let workbook: BIFFWorkbook
        do throws(XLSFailure) {
            let container = try CompoundFile(bytes)
            // Excel 97–2003 names the stream Workbook; Excel 5.0/95 named it Book.
            var found = try container.stream(named: "Workbook")
            if found == nil { found = try container.stream(named: "Book") }
            guard let stream = found else {
                return .failure(
                    Diagnostic(
                        .error, code: "xls.no-workbook", at: at, "this OLE2 compound file holds no 'Workbook' stream; expected an Excel 97–2003 workbook",
                        notes: [Diagnostic.identifyNote(file)]))
            }
            workbook = try BIFFWorkbook(stream)
        } catch {
            return .failure(Diagnostic(.error, code: "xls.damaged", at: at, "the workbook cannot be read: \(error.detail)", notes: [resave]))
        }
        let worksheets = workbook.sheets.filter(\.isWorksheet)
        let chosen: BIFFWorkbook.Sheet
        if let name = options.sheet {
            guard let found = worksheets.first(where: { $0.name == name }) ?? worksheets.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                let names = worksheets.map { "'\($0.name)'" }.joined(separator: ", ")
                return .failure(
                    Diagnostic(.error, code: "xls.no-sheet", at: at, "no worksheet named '\(name)'; the workbook has \(names.isEmpty ? "none" : names)"))
            }
            chosen = found
        } else {
            guard let found = worksheets.first(where: \.visible) ?? worksheets.first else {
                return .failure(Diagnostic(.error, code: "xls.no-sheet", at: at, "the workbook has no worksheet"))
            }
            chosen = found
        }
        var sheet = RenderedSheet(limit: Self.maximumSheetText)
        let noise = workbook.render(sheetAt: chosen.offset, dateFormat: options.csvProfile.dateFormat, into: &sheet)
        if sheet.isOverLimit {
            return .failure(
                Diagnostic(
                    .error, code: "xls.too-large", at: at,
                    "the sheet renders to more than \(Self.maximumSheetText >> 20) MiB of text; pfin reads sheets up to that size",
                    notes: ["split the export into shorter periods"]))
        }
        sheet.padRows()
        var warnings: [Diagnostic] = []
        if let noise {
            let leniency = Leniency(
                code: "xls.lenient.float-noise",
                "numbers carry binary floating-point noise past Excel's 15 significant digits (\(noise.written), read as \(noise.read)); read them rounded to 15 digits, as Excel shows them",
                notes: ["the program that wrote the workbook stored a computed double"], changesMeaning: false)
            warnings.append(leniency.diagnostic(at: at, options: options))
        }
        return .success(RenderedWorkbookSheet(sheet: sheet, warnings: warnings, options: options, date1904: workbook.date1904))
    }
}

/// Why a workbook's container or records cannot be read (`xls.damaged`).
struct XLSFailure: Error, Equatable {
    let detail: String
}
