import FinanceCore

/// Reads the HTML table some banks send as a statement, often named `.xls` (Excel opens HTML), as
/// CSV would be read: the page's table (`HTMLTableParser`) is rendered to CSV text, one line per
/// row, and that text goes through `CSVStatementReader`, so detection, profiles and diagnostics
/// are the CSV ones. Diagnostics and each activity's `source` give the HTML line the row starts on.
///
/// An HTML page without such a table (a bank's login or error page) is no statement:
/// identification names it (`ForeignFile.html`).
public struct HTMLTableReader: RenderedTableReader {
    public static let format = StatementFormat.html
    /// The most CSV text the table may render to.
    public static let maximumTableText = 256 << 20
    public static var maximumInput: Int { maximumTableText }

    public init() {}

    /// An HTML page (or a bare `<table>`) whose largest table has at least two rows with a date
    /// in a cell.
    public static func sniff(_ input: SniffInput) -> Sniff {
        guard input.isText else { return .no("not text") }
        let start = SniffPrefix.contentStart(input.text)
        guard input.text[start...].first == UInt8(ascii: "<") else { return .no("the text does not start with an HTML tag") }
        guard let tableAt = input.firstOffset(of: "<table") else { return .no("no '<table' in the first 64 KiB") }
        guard input.firstOffset(of: "<ofx") == nil, input.firstOffset(of: "urn:iso:std:iso:20022") == nil else {
            return .no("an OFX or ISO 20022 document, not an HTML page")
        }
        let parser = HTMLTableParser.parsed(input.text, limit: SniffInput.window * 4)
        guard let table = parser.best, let first = table.lines.first else { return .no("a '<table' at line \(input.line(at: tableAt)), without rows") }
        let dated = datedRows(table.csv)
        guard dated >= 2 else {
            return .no("an HTML table of \(table.lines.count) rows from line \(first), \(dated) with a date: no statement")
        }
        return .yes(75, "an HTML table of \(table.lines.count) rows from line \(first), \(dated) with a date (a bank's export as HTML, often named .xls)")
    }

    /// A page declaring a single-byte Western character set over UTF-8 text (a template's
    /// `charset=windows-1252` filled with UTF-8): read as UTF-8, as the bytes say.
    static func utf8DespiteCharset(_ declared: String) -> Leniency {
        Leniency(
            code: "html.lenient.utf8-despite-charset",
            "the page declares charset \(declared), but its text is UTF-8; read as UTF-8", changesMeaning: false)
    }

    /// Rows of the rendered CSV text with a cell that reads as a date in some layout.
    private static func datedRows(_ csv: [UInt8]) -> Int {
        var dated = 0
        for line in csv.split(separator: 0x0A, omittingEmptySubsequences: true) {
            let cells = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true)
            let hasDate = cells.contains { cell in
                let text = String(decoding: cell.filter { $0 != UInt8(ascii: "\"") }, as: UTF8.self)
                return text.utf8.count >= 6 && text.utf8.count <= 32 && text.utf8.contains { $0 >= 0x30 && $0 <= 0x39 }
                    && DateFormat.candidates.contains { $0.parse(text) != nil }
            }
            if hasDate { dated += 1 }
        }
        return dated
    }

    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        switch try render(input, options: options) {
        case .failure(let diagnostic): try sink.report(diagnostic)
        case .success(let (rows, warnings)):
            for warning in warnings { try sink.report(warning) }
            try rows.read(file: input.displayName, options: options, into: &sink)
        }
    }

    /// Works out the CSV dialect of the table, as `CSVStatementReader.detect` does for a CSV: what
    /// `pfin identify` and `--show-dialect` print.
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

    /// The page's table and the warnings reading it gave, or the error that stops it from being read.
    func render(_ input: ByteInput, options: ReadOptions = ReadOptions()) throws(InputError) -> Result<(RenderedRows, [Diagnostic]), Diagnostic> {
        let parser = HTMLTableParser(limit: Self.maximumTableText)
        try parser.parse { (chunk: inout [UInt8]) throws(InputError) -> Int in try input.read(appendingTo: &chunk, maxCount: 1 << 16) }
        let at = SourceLocation(file: input.displayName, line: 1)
        if let table = parser.best {
            let warnings = parser.overriddenCharset.map { [Self.utf8DespiteCharset($0).diagnostic(at: at, options: options)] } ?? []
            return .success((table, warnings))
        }
        if parser.overLimit {
            return .failure(
                Diagnostic(
                    .error, code: "html.too-large", at: at,
                    "the page's table renders to more than \(Self.maximumTableText >> 20) MiB of text; pfin reads tables up to that size",
                    notes: ["split the export into shorter periods"]))
        }
        return .failure(
            Diagnostic(
                .error, code: "html.no-table", at: at, "the HTML page holds no table rows; expected a table of transactions",
                notes: ["download the statement again as CSV or OFX if your bank offers it", Diagnostic.identifyNote(input.displayName)]))
    }
}
