import FinanceCore

/// Receives what a reader produces, in input order. Throwing stops the reading (as `--strict` does
/// on the first error).
public protocol ActivitySink {
    mutating func accept(_ activity: PaymentActivity) throws
    mutating func report(_ diagnostic: Diagnostic) throws
    /// A statement's account details and balances; most sinks ignore it.
    mutating func statement(_ info: StatementInfo) throws
}

extension ActivitySink {
    public mutating func statement(_ info: StatementInfo) throws {}
}

/// What the user told pfin about the input, beyond the file itself.
public struct ReadOptions: Sendable {
    /// `--account`: the account of every activity, whatever the file says.
    public var account: String?
    /// `--currency`: the currency of amounts for which the file says none.
    public var currency: FinanceCore.CurrencyCode?
    /// Settings a CSV profile (and flags such as `--date-format`) pin; detection decides the rest.
    public var csvProfile: CSVProfile

    public init(account: String? = nil, currency: FinanceCore.CurrencyCode? = nil, csvProfile: CSVProfile = CSVProfile()) {
        self.account = account
        self.currency = currency
        self.csvProfile = csvProfile
    }
}

/// A statement format's reader: a content sniffer and a streaming `read`.
///
/// Readers never print and never stop at a bad row on their own: each problem becomes a
/// `Diagnostic` sent to the sink, with the file, line and column it concerns.
public protocol StatementReader: Sendable {
    /// The format this reader handles.
    static var format: StatementFormat { get }

    /// How sure the reader is, from the first bytes of an input, that it can read it: 0 (no) to
    /// 100 (certain). CSV answers low for anything textual, so that specific formats win.
    static func sniff(_ prefix: [UInt8]) -> Int

    /// Reads the whole input, sending activities and diagnostics to `sink` as they come.
    func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws
}

/// The readers pfin knows, and format detection by content.
public enum StatementReaders {
    /// Every reader, in the order detection asks them.
    public static let all: [any StatementReader.Type] = [OFXStatementReader.self, CAMTStatementReader.self, QIFStatementReader.self, JSONLinesReader.self, MT940StatementReader.self, CSVStatementReader.self]

    /// The reader for a `--from` name.
    public static func reader(for format: StatementFormat) -> (any StatementReader)? {
        switch format {
        case .csv: return CSVStatementReader()
        case .ofx, .qfx, .ofx1: return OFXStatementReader()
        case .jsonl: return JSONLinesReader()
        case .camt: return CAMTStatementReader()
        case .qif: return QIFStatementReader()
        case .mt940: return MT940StatementReader()
        default: return nil
        }
    }

    /// The format whose reader is surest about `prefix`, or `nil` when none is. A UTF-16 prefix
    /// (Windows tools save "Unicode" text so) is shown to the readers as UTF-8 too, so that
    /// formats recognised by their first words (QIF, MT940) are recognised in it.
    public static func detect(_ prefix: [UInt8]) -> StatementFormat? {
        var decoded: [UInt8]?
        let encoding = TextEncoding.guess(prefix, isComplete: false).encoding
        if encoding == .utf16LE || encoding == .utf16BE {
            var transcoder = UTF8Transcoder(encoding: encoding)
            var text: [UInt8] = []
            prefix.withUnsafeBufferPointer { transcoder.decode($0, into: &text, isFinal: false) }
            decoded = text
        }
        var best: (StatementFormat, Int)?
        for reader in all {
            let score = max(reader.sniff(prefix), decoded.map { reader.sniff($0) } ?? 0)
            if score > 0 && score > (best?.1 ?? 0) { best = (reader.format, score) }
        }
        return best?.0
    }

    /// Formats that can be read, for messages.
    public static var readableFormats: [StatementFormat] { all.map { $0.format } }
}
