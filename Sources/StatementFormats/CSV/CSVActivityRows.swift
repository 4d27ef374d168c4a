import FinanceCore

/// One activity as a row of `CSVActivityWriter.header`'s columns, appended to a buffer: the
/// writer's rows, and the month files `pfin report` writes beside pages that list only the newest
/// transactions.
///
/// A row is one write into room reserved for its longest possible form (every text cell doubled
/// by quoting, plus its quotes and an apostrophe), through a pointer: a call into the buffer per
/// comma and per cell cost more than the bytes themselves.
public struct CSVActivityRows {
    /// The last source file, and whether its name may be written as it is (no quoting, no
    /// apostrophe): every activity of a file shares it.
    private var lastFile: String?
    private var lastFileIsPlain = false

    public init() {}

    /// Appends `a` and a line feed to `out`.
    public mutating func append(_ a: PaymentActivity, to out: ByteBuffer) {
        let file = a.source.file
        if file != lastFile {
            lastFile = file
            lastFileIsPlain = file.withUTF8Bytes { !Self.needsQuotesOrApostrophe($0) }
        }
        // A file name that needs quoting is quoted with its line, as one cell (never in practice).
        let quotedSource = lastFileIsPlain ? nil : "\(file):\(a.source.line)"
        let original = a.original
        // Id, date, amount, currency, type, the line number, the original amount's numbers and
        // currency, seventeen separators and the line feed: 160 bytes at most.
        var bound = 160 + 3 * Money.maximumDecimalLength
        bound += Self.cellBound(a.account) + Self.cellBound(a.name) + Self.cellBound(a.address) + Self.cellBound(a.memo)
        bound += Self.cellBound(a.category) + Self.cellBound(a.fitid) + Self.cellBound(a.checkNumber) + Self.cellBound(a.rawName)
        bound += quotedSource.map { Self.cellBound($0) } ?? file.utf8.count
        out.write(maximum: bound) { start in
            var p = start
            @inline(__always) func comma() {
                p.pointee = UInt8(ascii: ",")
                p += 1
            }
            p += a.id.writeHex(to: p)
            comma()
            p += Self.writeCell(a.account, to: p)
            comma()
            p += a.date.writeISO(to: p)
            comma()
            p += Self.writeCell(a.name, to: p)
            comma()
            p += Self.writeCell(a.address, to: p)
            comma()
            p += a.amount.writeDecimal(to: p)
            comma()
            if let currency = a.amount.currency { p += Self.write(currency, to: p) }
            comma()
            p += Self.writeCell(a.memo, to: p)
            comma()
            p += Self.write(a.type, to: p)
            comma()
            p += Self.writeCell(a.category, to: p)
            comma()
            p += Self.writeCell(a.fitid, to: p)
            comma()
            p += Self.writeCell(a.checkNumber, to: p)
            comma()
            if let quotedSource {
                p += Self.writeCell(quotedSource, to: p)
            } else {
                p += file.withUTF8Bytes { Self.copy($0, to: p) }
                p.pointee = UInt8(ascii: ":")
                p += 1
                p += DecimalDigits.write(UInt64(a.source.line.magnitude), to: p)
            }
            comma()
            // `amount,currency,rate` of a payment in another currency; its amount and rate are
            // plain numbers, which no spreadsheet runs as a formula.
            if let original {
                if let amount = original.amount { p += amount.writeDecimal(to: p) }
                comma()
                p += Self.write(original.currency, to: p)
                comma()
                if let rate = original.rate { p += Money(units: rate.units, scale: rate.scale).canonical.writeDecimal(to: p) }
            } else {
                comma()
                comma()
            }
            comma()
            p += Self.writeCell(a.rawName, to: p)
            p.pointee = 0x0A
            return p - start + 1
        }
    }

    /// The most a cell of `count` bytes takes: every byte a doubled quote, two quotes, an apostrophe.
    @inline(__always)
    private static func cellBound(_ count: Int) -> Int { count * 2 + 3 }

    @inline(__always)
    private static func cellBound(_ text: String?) -> Int {
        guard let text else { return 0 }
        return cellBound(text.utf8.count)
    }

    /// Writes one cell: nothing for `nil`, defused if a spreadsheet would run it, quoted if needed.
    @inline(__always)
    private static func writeCell(_ text: String?, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let text else { return 0 }
        return text.withUTF8Bytes { writeCell($0, to: out) }
    }

    /// Writes `bytes` as one cell, into room for `cellBound(bytes.count)`.
    @inline(__always)
    private static func writeCell(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard needsQuotesOrApostrophe(bytes) else { return copy(bytes, to: out) }
        return writeEscaped(bytes, to: out)
    }

    @inline(__always)
    private static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        out.update(from: base, count: bytes.count)
        return bytes.count
    }

    @inline(__always)
    private static func needsQuotesOrApostrophe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        CSVQuoting.needsQuotes(bytes) || FormulaDefusing.needsApostrophe(bytes)
    }

    /// A cell that needs quotes or an apostrophe (RFC 4180: quotes doubled inside quotes).
    @inline(never)
    private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let needsQuotes = CSVQuoting.needsQuotes(bytes)
        var i = 0
        if needsQuotes {
            out[i] = UInt8(ascii: "\"")
            i += 1
        }
        if FormulaDefusing.needsApostrophe(bytes) {
            out[i] = UInt8(ascii: "'")
            i += 1
        }
        for b in bytes {
            if b == UInt8(ascii: "\"") {
                out[i] = b
                i += 1
            }
            out[i] = b
            i += 1
        }
        if needsQuotes {
            out[i] = UInt8(ascii: "\"")
            i += 1
        }
        return i
    }

    @inline(__always)
    private static func write(_ currency: CurrencyCode, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let packed = currency.packed
        out[0] = UInt8(truncatingIfNeeded: packed >> 16)
        out[1] = UInt8(truncatingIfNeeded: packed >> 8)
        out[2] = UInt8(truncatingIfNeeded: packed)
        return 3
    }

    @inline(__always)
    private static func write(_ type: PaymentType, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let word: StaticString
        switch type {
        case .income: word = "income"
        case .expense: word = "expense"
        case .transfer: word = "transfer"
        }
        out.update(from: word.utf8Start, count: word.utf8CodeUnitCount)
        return word.utf8CodeUnitCount
    }
}
