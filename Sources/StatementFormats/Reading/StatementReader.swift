import FinanceCore

/// Receives what a reader produces, in input order. Throwing stops the reading (as `--strict` does
/// on the first error).
public protocol ActivitySink {
    /// One activity, the sink's to keep or change: `consuming`, so a stage that changes it (the
    /// rules, payee normalisation) does not copy it first (a copy retains every text field: a fifth
    /// of a CSV conversion's time). A sink that only reads it may take it borrowed.
    mutating func accept(_ activity: consuming PaymentActivity) throws
    mutating func report(_ diagnostic: Diagnostic) throws
    /// A statement's account details and balances; most sinks ignore it. A reader may send one
    /// statement more than once as it learns more (OFX sends the account and its kind before the
    /// transactions, and the dates and balances at the end): a later call supersedes an earlier one.
    mutating func statement(_ info: StatementInfo) throws
    /// Whether the sink wants `rowBalance` calls: readers parse a row's balance cell only then,
    /// since almost no sink does (it would cost every row of a large file).
    var wantsRowBalances: Bool { get }
    /// The balance a row states, sent right after the row's activity; only when
    /// `wantsRowBalances`.
    mutating func rowBalance(_ balance: RowBalance) throws
    /// Lines the reader passed over on purpose (a preamble, a header, a footer); most sinks
    /// ignore them. Sent rarely, never per ordinary row.
    mutating func skipped(_ lines: SkippedLines) throws
}

extension ActivitySink {
    public mutating func statement(_ info: StatementInfo) throws {}
    public var wantsRowBalances: Bool { false }
    public mutating func rowBalance(_ balance: RowBalance) throws {}
    public mutating func skipped(_ lines: SkippedLines) throws {}
}

/// What the user told pfin about the input, beyond the file itself.
public struct ReadOptions: Sendable {
    /// `--account`: the account of every activity, whatever the file says.
    public var account: String?
    /// `--currency`: the currency of amounts for which the file says none.
    public var currency: FinanceCore.CurrencyCode?
    /// Settings a CSV profile (and flags such as `--date-format`) pin; detection decides the rest.
    public var csvProfile: CSVProfile
    /// `--strict`: leniencies that change what a file means (a guessed date, a re-read body) are
    /// refused as errors instead of tolerated with a warning.
    public var strict: Bool
    /// `--sheet`: the worksheet of a workbook to read (the first when `nil`).
    public var sheet: String?
    /// Whether Excel serial day numbers in a date column count from 1904: set by the reader of a
    /// workbook in the 1904 date system (`workbookPr/@date1904`) for the CSV text it renders,
    /// which cannot say so itself.
    var serialDates1904 = false

    public init(
        account: String? = nil, currency: FinanceCore.CurrencyCode? = nil, csvProfile: CSVProfile = CSVProfile(),
        strict: Bool = false, sheet: String? = nil
    ) {
        self.account = account
        self.currency = currency
        self.csvProfile = csvProfile
        self.strict = strict
        self.sheet = sheet
    }
}

/// A statement format's reader: a content sniffer and a streaming `read`.
///
/// Readers never print and never stop at a bad row on their own: each problem becomes a
/// `Diagnostic` sent to the sink, with the file, line and column it concerns.
public protocol StatementReader: Sendable {
    /// The format this reader handles.
    static var format: StatementFormat { get }

    /// How sure the reader is, from the first `SniffInput.window` bytes of an input, that it can
    /// read it (0 no, 100 certain), and the evidence. Markers count wherever they stand in the
    /// window, not only on the first line. CSV answers at most 30, so that specific formats win.
    static func sniff(_ input: SniffInput) -> Sniff

    /// Reads the whole input, sending activities and diagnostics to `sink` as they come.
    func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws
}

/// The readers pfin knows, and format detection by content.
public enum StatementReaders {
    /// Every reader, in the order detection asks them.
    public static let all: [any StatementReader.Type] = [
        OFXStatementReader.self, CAMTStatementReader.self, QIFStatementReader.self, JSONLinesReader.self, MT940StatementReader.self,
        Norma43StatementReader.self, BlocksStatementReader.self, XLSXStatementReader.self, XLSStatementReader.self, SpreadsheetMLReader.self,
        HTMLTableReader.self,
        CSVStatementReader.self,
    ]

    /// The reader of a format whose table is rendered as CSV text and read as CSV (XLSX, HTML).
    public static func renderedTableReader(for format: StatementFormat) -> (any RenderedTableReader)? {
        switch format {
        case .xlsx: return XLSXStatementReader()
        case .xls: return XLSStatementReader()
        case .html: return HTMLTableReader()
        case .spreadsheetml: return SpreadsheetMLReader()
        default: return nil
        }
    }

    /// The reader for a `--from` name.
    public static func reader(for format: StatementFormat) -> (any StatementReader)? {
        switch format {
        case .csv: return CSVStatementReader()
        case .ofx, .qfx, .ofx1: return OFXStatementReader()
        case .jsonl: return JSONLinesReader()
        case .camt: return CAMTStatementReader()
        case .qif: return QIFStatementReader()
        case .mt940: return MT940StatementReader()
        case .norma43: return Norma43StatementReader()
        case .blocks: return BlocksStatementReader()
        case .xlsx: return XLSXStatementReader()
        case .xls: return XLSStatementReader()
        case .html: return HTMLTableReader()
        case .spreadsheetml: return SpreadsheetMLReader()
        default: return nil
        }
    }

    /// The format whose reader is surest about `prefix`, or `nil` when none is (or when the
    /// bytes are a file of another kind: `StatementIdentification` says which).
    public static func detect(_ prefix: [UInt8]) -> StatementFormat? {
        StatementIdentification.identify(SniffInput(prefix)).format
    }

    /// Formats that can be read, for messages.
    public static var readableFormats: [StatementFormat] { all.map { $0.format } }
}

extension StatementReader {
    /// The score alone, for the bytes of a prefix (tests and quick checks).
    public static func sniff(_ prefix: [UInt8]) -> Int { sniff(SniffInput(prefix)).score }
}

/// A reader that renders a table (a workbook's sheet, an HTML page's table) as CSV text and reads
/// that as CSV: it can say which CSV dialect the table has.
public protocol RenderedTableReader: StatementReader {
    /// The most input `pfin identify` holds in memory to detect and read it.
    static var maximumInput: Int { get }
    /// The CSV dialect of the rendered table, as `CSVStatementReader.detect` works out a CSV's.
    func detect(_ input: ByteInput, options: ReadOptions) throws(InputError) -> Result<DialectDetection, Diagnostic>
}
