import FinanceCore

/// Reads Excel's XML Spreadsheet 2003 (SpreadsheetML), which some banks send as `.xls`, as CSV
/// would be read: one worksheet (the first, or `ReadOptions.sheet`) is rendered to CSV text
/// (`SpreadsheetMLParser`) and read through `CSVStatementReader`. Diagnostics and each activity's
/// `source` give the XML line the row starts on.
public struct SpreadsheetMLReader: RenderedTableReader {
    public static let format = StatementFormat.spreadsheetml
    /// The most CSV text a worksheet may render to.
    public static let maximumSheetText = 256 << 20
    public static var maximumInput: Int { maximumSheetText }

    public init() {}

    /// The SpreadsheetML namespace in the first 64 KiB of a document that starts with a tag.
    public static func sniff(_ input: SniffInput) -> Sniff {
        guard input.isText else { return .no("not text") }
        let start = SniffPrefix.contentStart(input.text)
        guard input.text[start...].first == UInt8(ascii: "<"),
            let at = input.firstOffset(of: "urn:schemas-microsoft-com:office:spreadsheet")
        else {
            return .no("no SpreadsheetML namespace 'urn:schemas-microsoft-com:office:spreadsheet' in the first 64 KiB")
        }
        return .yes(
            95, "the SpreadsheetML namespace 'urn:schemas-microsoft-com:office:spreadsheet' at line \(input.line(at: at)) (Excel's XML Spreadsheet 2003)")
    }

    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        switch try render(input, options: options) {
        case .failure(let diagnostic): try sink.report(diagnostic)
        case .success(let (rows, warnings)):
            for warning in warnings { try sink.report(warning) }
            try rows.read(file: input.displayName, options: options, into: &sink)
        }
    }

    public func detect(_ input: ByteInput, options: ReadOptions) throws(InputError) -> Result<DialectDetection, Diagnostic> {
        switch try render(input, options: options) {
        case .failure(let diagnostic): return .failure(diagnostic)
        case .success(let (rows, warnings)):
            return try rows.detect(file: input.displayName, options: options).map { detection in
                var detection = detection
                detection.warnings = warnings + detection.warnings
                return detection
            }
        }
    }

    /// The chosen worksheet's rows and the warnings rendering them gave, or the error that stops
    /// the spreadsheet from being read.
    func render(_ input: ByteInput, options: ReadOptions) throws(InputError) -> Result<(RenderedRows, [Diagnostic]), Diagnostic> {
        let file = input.displayName
        let parser = SpreadsheetMLParser(input, sheet: options.sheet, limit: Self.maximumSheetText)
        if let error = parser.parse(documentName: file) { throw error }
        if let fatal = parser.fatal {
            let what: String
            switch fatal.kind {
            case .malformed(let message): what = "the XML is not well-formed: \(message)"
            case .forbidden(let thing): what = "the XML holds \(thing), which a spreadsheet has no use for; refused"
            case .textTooLong(let limit): what = "a text is longer than \(ByteCountText.describe(limit))"
            case .tooDeep(let limit): what = "elements nest deeper than \(limit)"
            }
            return .failure(
                Diagnostic(
                    .error, code: "spreadsheetml.xml", at: SourceLocation(file: file, line: max(1, fatal.line)), what,
                    notes: ["open it in Excel or LibreOffice and save it as .xlsx or CSV, then read that"]))
        }
        guard parser.foundSheet else {
            let names = parser.sheetNames.map { "'\($0)'" }.joined(separator: ", ")
            let text =
                options.sheet.map { "no worksheet named '\($0)'; the spreadsheet has \(names.isEmpty ? "none" : names)" }
                ?? "the spreadsheet has no worksheet"
            return .failure(Diagnostic(.error, code: "spreadsheetml.no-sheet", at: SourceLocation(file: file, line: 1), text))
        }
        if parser.sheet.isOverLimit {
            return .failure(
                Diagnostic(
                    .error, code: "spreadsheetml.too-large", at: SourceLocation(file: file, line: 1),
                    "the worksheet renders to more than \(Self.maximumSheetText >> 20) MiB of text; pfin reads worksheets up to that size",
                    notes: ["split the export into shorter periods"]))
        }
        let rows = RenderedRows(parser.sheet, lines: parser.lines)
        var warnings: [Diagnostic] = []
        if let noise = parser.noise {
            let leniency = Leniency(
                code: "spreadsheetml.lenient.float-noise",
                "numbers carry binary floating-point noise past Excel's 15 significant digits (\(noise.written), read as \(noise.read)); read them rounded to 15 digits, as Excel shows them",
                notes: ["the program that wrote the spreadsheet printed each number's binary double in full"], changesMeaning: false)
            let line = parser.lines.indices.contains(noise.row - 1) ? parser.lines[noise.row - 1] : 1
            warnings.append(leniency.diagnostic(at: SourceLocation(file: file, line: max(1, line)), options: options))
        }
        return .success((rows, warnings))
    }
}
