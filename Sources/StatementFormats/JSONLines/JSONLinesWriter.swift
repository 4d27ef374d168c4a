import FinanceCore

/// Writes one JSON object per activity per line, keys in the contract's order, `null` where unknown.
///
///     {"id":"…","account":null,"date":"2024-05-03","name":"Whole Foods Market","address":null,
///      "amount":"-54.20","currency":"USD","memo":"POS 0503","type":"expense","category":null,
///      "fitid":null,"checkNumber":null,"source":"chase.csv:14","rawName":"WHOLE FOODS MKT #10234"}
///
/// Keys that only some rows have come after `source`: the original amount of a payment in
/// another currency, then `rawName` when normalisation or a rule changed the name, so that the
/// first thirteen keys are the same on every row.
///
/// This is the hot end of every conversion: room for the whole line is reserved once, then the
/// fixed parts are copied without further checks.
public struct JSONLinesWriter: StatementWriter {
    /// `nil` for `object(_:)`, which keeps the bytes.
    private let output: ByteOutput?
    fileprivate let buffer = ByteBuffer()
    /// The last source file name, escaped once: every activity of a file shares it.
    private var lastFile: String?
    private var lastFileJSON: [UInt8] = []
    /// The last line number written and its digits: rows come line after line, so the next
    /// number is the last one plus one, a carry in the text rather than a fresh conversion.
    private var lastLine = -1
    private var lineDigits = LineDigits()

    public init(output: ByteOutput) {
        self.output = output
    }

    fileprivate init() { output = nil }

    /// One activity's JSON object, as a line of JSON Lines holds it (without the line feed), for
    /// outputs that embed activities in a larger document (`pfin show --format json`).
    public static func object(_ activity: PaymentActivity) -> String {
        var writer = JSONLinesWriter()
        // Nothing to throw: without an output, the bytes stay in the buffer.
        try? writer.write(activity)
        return writer.buffer.withBytes { bytes in
            String(decoding: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...], as: UTF8.self)
        }
    }

    public mutating func write(_ a: PaymentActivity) throws {
        if a.source.file != lastFile {
            lastFile = a.source.file
            let escaped = ByteBuffer(capacity: 64)
            JSON.appendEscaped(a.source.file, to: escaped)
            lastFileJSON = escaped.array
        }
        // Room for the fixed text, the numbers, the file name and every string escaped at worst
        // (six bytes a byte), reserved once; then one cursor, kept in a register, writes the row.
        var strings = a.name.utf8.count
        if let rawName = a.rawName { strings += rawName.utf8.count + 16 }
        if let account = a.account { strings += account.utf8.count }
        if let address = a.address { strings += address.utf8.count }
        if let memo = a.memo { strings += memo.utf8.count }
        if let category = a.category { strings += category.utf8.count }
        if let fitid = a.fitid { strings += fitid.utf8.count }
        if let checkNumber = a.checkNumber { strings += checkNumber.utf8.count }
        let out = buffer
        let lastLine = self.lastLine
        let originalRoom = a.original == nil ? 0 : 64 + 2 * Money.maximumDecimalLength
        out.write(maximum: 320 + originalRoom + lastFileJSON.count + 6 * strings) { start in
            var p = JSONCursor(start)

            p.put(#"{"id":""#)
            p.advance(a.id.writeHex(to: p.at))
            if let account = a.account {
                p.put(#"","account":""#)
                p.putEscaped(account)
                p.put(#"","date":""#)
            } else {
                p.put(#"","account":null,"date":""#)
            }
            p.advance(a.date.writeISO(to: p.at))
            p.put(#"","name":""#)
            p.putEscaped(a.name)
            if let address = a.address {
                p.put(#"","address":""#)
                p.putEscaped(address)
                p.put(#"","amount":""#)
            } else {
                p.put(#"","address":null,"amount":""#)
            }
            p.advance(a.amount.writeDecimal(to: p.at))
            if let currency = a.amount.currency {
                p.put(#"","currency":""#)
                p.put(UInt8(truncatingIfNeeded: currency.packed >> 16))
                p.put(UInt8(truncatingIfNeeded: currency.packed >> 8))
                p.put(UInt8(truncatingIfNeeded: currency.packed))
                p.put(#"","memo":"#)
            } else {
                p.put(#"","currency":null,"memo":"#)
            }
            p.putString(a.memo)
            switch a.type {
            case .income: p.put(#","type":"income","category":"#)
            case .expense: p.put(#","type":"expense","category":"#)
            case .transfer: p.put(#","type":"transfer","category":"#)
            }
            p.putString(a.category)
            p.put(#","fitid":"#)
            p.putString(a.fitid)
            p.put(#","checkNumber":"#)
            p.putString(a.checkNumber)
            p.put(#","source":""#)
            lastFileJSON.withUnsafeBufferPointer { p.put($0) }
            p.put(UInt8(ascii: ":"))
            p.advance(lineDigits.next(a.source.line, after: lastLine, to: p.at))
            p.put(UInt8(ascii: "\""))
            if let original = a.original { Self.put(original, at: &p) }
            if let rawName = a.rawName {
                p.put(#","rawName":""#)
                p.putEscaped(rawName)
                p.put(UInt8(ascii: "\""))
            }
            p.put("}\n")
            return p.at - start
        }
        self.lastLine = a.source.line
        if out.count >= 1 << 16, let output {
            try output.write(out)
            out.removeAll()
        }
    }

    /// The keys of a payment in another currency, after `source`: `,"originalAmount":"-12.00",
    /// "originalCurrency":"USD","exchangeRate":"0.9225"`, each amount only when known.
    @inline(never)
    private static func put(_ original: OriginalAmount, at p: inout JSONCursor) {
        if let amount = original.amount {
            p.put(#","originalAmount":""#)
            p.advance(amount.writeDecimal(to: p.at))
            p.put(UInt8(ascii: "\""))
        }
        p.put(#","originalCurrency":""#)
        let currency = original.currency.packed
        p.put(UInt8(truncatingIfNeeded: currency >> 16))
        p.put(UInt8(truncatingIfNeeded: currency >> 8))
        p.put(UInt8(truncatingIfNeeded: currency))
        p.put(UInt8(ascii: "\""))
        if let rate = original.rate {
            p.put(#","exchangeRate":""#)
            p.advance(Money(units: rate.units, scale: rate.scale).canonical.writeDecimal(to: p.at))
            p.put(UInt8(ascii: "\""))
        }
    }

    public mutating func finish() throws {
        try output?.write(buffer)
        buffer.removeAll()
    }

    /// Rows stand alone, one line each.
    public func makeRowEncoder() -> (any RowEncoder)? { JSONLinesRowEncoder() }

    public mutating func append(_ rows: EncodedRows) throws {
        guard let output else { return rows.bytes.withBytes { buffer.append($0) } }
        try output.write(buffer)
        buffer.removeAll()
        try output.write(rows.bytes)
    }
}

/// JSON Lines rows encoded apart: each line is `{"id":"` and the id's 16 hex digits first.
private final class JSONLinesRowEncoder: RowEncoder {
    @exclusivity(unchecked) private var writer = JSONLinesWriter()
    let rows: EncodedRows

    init() {
        rows = EncodedRows(bytes: writer.buffer, idOffset: 7)
    }

    func encode(_ activity: PaymentActivity) {
        rows.rowStarts.append(writer.buffer.count)
        // Without an output, nothing to throw: the bytes stay in the buffer.
        try? writer.write(activity)
    }

    func removeAll() {
        writer.buffer.removeAll()
        rows.rowStarts.removeAll(keepingCapacity: true)
    }
}
