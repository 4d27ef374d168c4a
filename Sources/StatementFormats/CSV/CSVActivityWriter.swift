import FinanceCore

/// Writes activities as CSV (RFC 4180 quoting, LF line ends) with the contract's header.
///
/// Spreadsheets run a cell that starts with `=`, `+`, `-`, `@`, tab or CR as a formula, so such a
/// cell is written with a leading `'` unless it is a plain number (`-54.20` stays a number):
/// a payee named `=HYPERLINK(…)` arrives as text. A cell that itself starts with `'` gets one more,
/// so that pfin's reader can take exactly its own apostrophes off again
/// (`FormulaDefusing.needsApostrophe`).
///
/// `source` is where the activity was read from (`FILE:LINE`); `originalAmount`,
/// `originalCurrency` and `exchangeRate`, empty but for a payment in another currency, come after
/// it, then `rawName`, the bank's text when payee normalisation changed the name. New columns come last, so that readers of the columns before them keep working.
public struct CSVActivityWriter: StatementWriter {
    public static let header =
        "id,account,date,name,address,amount,currency,memo,type,category,fitid,checkNumber,source,originalAmount,originalCurrency,exchangeRate,rawName"
    /// The headers before `rawName`, before the `original…` columns and before the `source` column
    /// were added: pfin reads files with any of them.
    public static let headerWithoutRawName =
        "id,account,date,name,address,amount,currency,memo,type,category,fitid,checkNumber,source,originalAmount,originalCurrency,exchangeRate"
    public static let headerWithoutOriginal = "id,account,date,name,address,amount,currency,memo,type,category,fitid,checkNumber,source"
    public static let headerWithoutSource = "id,account,date,name,address,amount,currency,memo,type,category,fitid,checkNumber"
    private let output: ByteOutput
    private let buffer = ByteBuffer()
    private var wroteHeader = false
    private var rows = CSVActivityRows()

    public init(output: ByteOutput) {
        self.output = output
    }

    public mutating func write(_ a: PaymentActivity) throws {
        writeHeaderOnce()
        rows.append(a, to: buffer)
        if buffer.count >= 1 << 16 {
            try output.write(buffer)
            buffer.removeAll()
        }
    }

    public mutating func finish() throws {
        writeHeaderOnce()
        try output.write(buffer)
        buffer.removeAll()
    }

    /// Rows stand alone, the id first in each.
    public func makeRowEncoder() -> (any RowEncoder)? { CSVActivityRowEncoder() }

    public mutating func append(_ rows: EncodedRows) throws {
        writeHeaderOnce()
        try output.write(buffer)
        buffer.removeAll()
        try output.write(rows.bytes)
    }

    private mutating func writeHeaderOnce() {
        guard !wroteHeader else { return }
        wroteHeader = true
        buffer.append(contentsOf: Array(Self.header.utf8))
        buffer.append(0x0A)
    }
}

/// CSV rows encoded apart: each row starts with the id's 16 hex digits.
private final class CSVActivityRowEncoder: RowEncoder {
    @exclusivity(unchecked) private var writer = CSVActivityRows()
    let rows = EncodedRows(bytes: ByteBuffer(), idOffset: 0)

    func encode(_ activity: PaymentActivity) {
        rows.rowStarts.append(rows.bytes.count)
        writer.append(activity, to: rows.bytes)
    }

    func removeAll() {
        rows.bytes.removeAll()
        rows.rowStarts.removeAll(keepingCapacity: true)
    }
}
