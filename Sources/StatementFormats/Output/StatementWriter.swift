import FinanceCore

/// A statement format's writer: activities in, bytes out to a `ByteOutput`.
public protocol StatementWriter {
    mutating func write(_ activity: PaymentActivity) throws
    /// Account details and balances of a statement being converted; most formats have no use for them.
    mutating func statement(_ info: StatementInfo) throws
    /// Writes whatever is buffered (and any trailer); the caller then commits the output.
    mutating func finish() throws
    /// What the format could not hold, worth a warning once the output is written.
    var notices: [String] { get }
    /// An encoder of this writer's rows apart from its output, for a format whose rows stand
    /// alone (`RowEncoder`); `nil` for the others.
    func makeRowEncoder() -> (any RowEncoder)?
    /// Writes rows its `makeRowEncoder()` encoded, after everything written so far.
    mutating func append(_ rows: EncodedRows) throws
}

extension StatementWriter {
    public mutating func statement(_ info: StatementInfo) throws {}
    public var notices: [String] { [] }
    public func makeRowEncoder() -> (any RowEncoder)? { nil }
    public mutating func append(_ rows: EncodedRows) throws {
        preconditionFailure("\(Self.self) encodes no rows apart")
    }
}

/// The writers pfin knows.
public enum StatementWriters {
    /// A writer for a `--to` name, or `nil` if pfin cannot write that format yet.
    public static func writer(for format: StatementFormat, to output: ByteOutput) -> (any StatementWriter)? {
        switch format {
        case .jsonl: return JSONLinesWriter(output: output)
        case .csv: return CSVActivityWriter(output: output)
        case .ofx: return OFXWriter(output: output, version: .xml)
        case .ofx1: return OFXWriter(output: output, version: .sgml)
        case .ledger: return LedgerWriter(output: output)
        case .beancount: return BeancountWriter(output: output)
        case .qif: return QIFWriter(output: output)
        default: return nil
        }
    }

    /// Formats that can be written, for messages.
    public static let writableFormats: [StatementFormat] = [.jsonl, .csv, .ofx, .ofx1, .ledger, .beancount, .qif]
}
