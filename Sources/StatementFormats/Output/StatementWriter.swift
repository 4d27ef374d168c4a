import FinanceCore

/// A statement format's writer: activities in, bytes out to a `ByteOutput`.
public protocol StatementWriter {
    mutating func write(_ activity: PaymentActivity) throws
    /// Writes whatever is buffered (and any trailer); the caller then commits the output.
    mutating func finish() throws
}

/// The writers pfin knows.
public enum StatementWriters {
    /// A writer for a `--to` name, or `nil` if pfin cannot write that format yet.
    public static func writer(for format: StatementFormat, to output: ByteOutput) -> (any StatementWriter)? {
        switch format {
        case .jsonl: return JSONLinesWriter(output: output)
        case .csv: return CSVActivityWriter(output: output)
        default: return nil
        }
    }

    /// Formats that can be written, for messages.
    public static let writableFormats: [StatementFormat] = [.jsonl, .csv]
}

