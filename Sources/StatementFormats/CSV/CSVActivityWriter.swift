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

    private mutating func writeHeaderOnce() {
        guard !wroteHeader else { return }
        wroteHeader = true
        buffer.append(contentsOf: Array(Self.header.utf8))
        buffer.append(0x0A)
    }

    /// Appends one cell: empty for `nil`, defused if a spreadsheet would run it, quoted if needed.
    static func appendCell(_ text: String?, to out: ByteBuffer) {
        guard let text, !text.isEmpty else { return }
        text.withUTF8Bytes { bytes in
            let defuse = FormulaDefusing.needsApostrophe(bytes)
            var needsQuotes = false
            for b in bytes where b == UInt8(ascii: ",") || b == UInt8(ascii: "\"") || b == 0x0A || b == 0x0D {
                needsQuotes = true
                break
            }
            if !needsQuotes && !defuse {
                out.append(bytes)
                return
            }
            out.reserve(bytes.count * 2 + 3)
            if needsQuotes { out.appendReserved(UInt8(ascii: "\"")) }
            if defuse { out.appendReserved(UInt8(ascii: "'")) }
            for b in bytes {
                if b == UInt8(ascii: "\"") { out.appendReserved(b) }
                out.appendReserved(b)
            }
            if needsQuotes { out.appendReserved(UInt8(ascii: "\"")) }
        }
    }
}

/// One activity as a row of `CSVActivityWriter.header`'s columns, appended to a buffer: the
/// writer's rows, and the month files `pfin report` writes beside pages that list only the newest
/// transactions.
public struct CSVActivityRows {
    /// The last source file, and whether its name may be written as it is (no quoting, no
    /// apostrophe): every activity of a file shares it.
    private var lastFile: String?
    private var lastFileIsPlain = false

    public init() {}

    /// Appends `a` and a line feed to `out`.
    public mutating func append(_ a: PaymentActivity, to out: ByteBuffer) {
        out.write(maximum: 16) { a.id.writeHex(to: $0) }
        out.append(UInt8(ascii: ","))
        CSVActivityWriter.appendCell(a.account, to: out)
        out.append(UInt8(ascii: ","))
        out.write(maximum: 10) { a.date.writeISO(to: $0) }
        out.append(UInt8(ascii: ","))
        CSVActivityWriter.appendCell(a.name, to: out)
        out.append(UInt8(ascii: ","))
        CSVActivityWriter.appendCell(a.address, to: out)
        out.append(UInt8(ascii: ","))
        out.write(maximum: Money.maximumDecimalLength) { a.amount.writeDecimal(to: $0) }
        out.append(UInt8(ascii: ","))
        if let currency = a.amount.currency { out.append(contentsOf: currency.utf8) }
        out.append(UInt8(ascii: ","))
        CSVActivityWriter.appendCell(a.memo, to: out)
        out.append(UInt8(ascii: ","))
        switch a.type {
        case .income: out.append("income")
        case .expense: out.append("expense")
        case .transfer: out.append("transfer")
        }
        out.append(UInt8(ascii: ","))
        CSVActivityWriter.appendCell(a.category, to: out)
        out.append(UInt8(ascii: ","))
        CSVActivityWriter.appendCell(a.fitid, to: out)
        out.append(UInt8(ascii: ","))
        CSVActivityWriter.appendCell(a.checkNumber, to: out)
        out.append(UInt8(ascii: ","))
        appendSource(a.source, to: out)
        if let original = a.original {
            Self.appendOriginal(original, to: out)
        } else {
            out.append(",,,")
        }
        out.append(UInt8(ascii: ","))
        CSVActivityWriter.appendCell(a.rawName, to: out)
        out.append(0x0A)
    }

    /// `,amount,currency,rate` of a payment in another currency; its amount and rate are plain
    /// numbers, which no spreadsheet runs as a formula.
    @inline(never)
    private static func appendOriginal(_ original: OriginalAmount, to out: ByteBuffer) {
        out.append(UInt8(ascii: ","))
        if let amount = original.amount { out.write(maximum: Money.maximumDecimalLength) { amount.writeDecimal(to: $0) } }
        out.append(UInt8(ascii: ","))
        out.append(contentsOf: original.currency.utf8)
        out.append(UInt8(ascii: ","))
        if let rate = original.rate {
            out.write(maximum: Money.maximumDecimalLength) { Money(units: rate.units, scale: rate.scale).canonical.writeDecimal(to: $0) }
        }
    }

    /// The `source` cell, `FILE:LINE`; the name's bytes straight from the string when it needs
    /// neither quotes nor an apostrophe (nearly always), else through `appendCell`.
    private mutating func appendSource(_ source: SourceLocation, to out: ByteBuffer) {
        if source.file != lastFile {
            lastFile = source.file
            lastFileIsPlain = source.file.withUTF8Bytes { bytes in
                !FormulaDefusing.needsApostrophe(bytes)
                    && !bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            }
        }
        guard lastFileIsPlain else {
            CSVActivityWriter.appendCell("\(source.file):\(source.line)", to: out)
            return
        }
        source.file.withUTF8Bytes { out.append($0) }
        out.append(UInt8(ascii: ":"))
        out.appendDecimal(source.line)
    }

}
