import FinanceCore


/// Writes one JSON object per activity per line, keys in the contract's order, `null` where unknown.
///
///     {"id":"…","account":null,"date":"2024-05-03","name":"Whole Foods Market","address":null,
///      "amount":"-54.20","currency":"USD","memo":"POS 0503","type":"expense","category":null,
///      "fitid":null,"checkNumber":null,"source":"chase.csv:14"}
public struct JSONLinesWriter: StatementWriter {
    private let output: ByteOutput
    private let buffer = ByteBuffer()
    /// The last source file name, escaped once: every activity of a file shares it.
    private var lastFile: String?
    private var lastFileJSON: [UInt8] = []

    public init(output: ByteOutput) {
        self.output = output
    }

    public mutating func write(_ a: PaymentActivity) throws {
        let out = buffer
        out.append(#"{"id":""#)
        out.write(maximum: 16) { a.id.writeHex(to: $0) }
        out.append(#"","account":"#)
        JSON.appendString(a.account, to: out)
        out.append(#","date":""#)
        out.write(maximum: 10) { a.date.writeISO(to: $0) }
        out.append(#"","name":"#)
        JSON.appendString(a.name, to: out)
        out.append(#","address":"#)
        JSON.appendString(a.address, to: out)
        out.append(#","amount":""#)
        out.write(maximum: Money.maximumDecimalLength) { a.amount.writeDecimal(to: $0) }
        out.append(#"","currency":"#)
        if let currency = a.amount.currency {
            out.reserve(5)
            out.appendReserved(UInt8(ascii: "\""))
            out.appendReserved(UInt8(truncatingIfNeeded: currency.packed >> 16))
            out.appendReserved(UInt8(truncatingIfNeeded: currency.packed >> 8))
            out.appendReserved(UInt8(truncatingIfNeeded: currency.packed))
            out.appendReserved(UInt8(ascii: "\""))
        } else {
            out.append("null")
        }
        out.append(#","memo":"#)
        JSON.appendString(a.memo, to: out)
        switch a.type {
        case .income: out.append(#","type":"income","category":"#)
        case .expense: out.append(#","type":"expense","category":"#)
        case .transfer: out.append(#","type":"transfer","category":"#)
        }
        JSON.appendString(a.category, to: out)
        out.append(#","fitid":"#)
        JSON.appendString(a.fitid, to: out)
        out.append(#","checkNumber":"#)
        JSON.appendString(a.checkNumber, to: out)
        out.append(#","source":""#)
        if a.source.file != lastFile {
            lastFile = a.source.file
            let escaped = ByteBuffer(capacity: 64)
            JSON.appendEscaped(a.source.file, to: escaped)
            lastFileJSON = Array(UnsafeBufferPointer(start: escaped.base, count: escaped.count))
        }
        out.append(contentsOf: lastFileJSON)
        out.append(UInt8(ascii: ":"))
        out.appendDecimal(a.source.line)
        out.append("\"}\n")
        if out.count >= 1 << 16 {
            try output.write(out.bytes)
            out.removeAll()
        }
    }

    public mutating func finish() throws {
        try output.write(buffer.bytes)
        buffer.removeAll()
    }
}

/// JSON text escaping (RFC 8259 §7) on UTF-8 bytes.
enum JSON {
    /// Appends `"text"` escaped, or `null`.
    static func appendString(_ text: String?, to out: ByteBuffer) {
        guard let text else {
            out.append("null")
            return
        }
        out.append(UInt8(ascii: "\""))
        appendEscaped(text, to: out)
        out.append(UInt8(ascii: "\""))
    }

    /// Appends the escaped content of a string, without quotes.
    static func appendEscaped(_ text: String, to out: ByteBuffer) {
        text.withUTF8Bytes { bytes in
            var clean = true
            for b in bytes where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                clean = false
                break
            }
            if clean {
                out.append(bytes)
                return
            }
            out.reserve(bytes.count * 6)
            for b in bytes {
                switch b {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    out.appendReserved(UInt8(ascii: "\\")); out.appendReserved(b)
                case 0x0A: out.appendReserved(UInt8(ascii: "\\")); out.appendReserved(UInt8(ascii: "n"))
                case 0x0D: out.appendReserved(UInt8(ascii: "\\")); out.appendReserved(UInt8(ascii: "r"))
                case 0x09: out.appendReserved(UInt8(ascii: "\\")); out.appendReserved(UInt8(ascii: "t"))
                case 0..<0x20:
                    let hex = UInt8(b & 0xF)
                    out.appendReserved(UInt8(ascii: "\\")); out.appendReserved(UInt8(ascii: "u"))
                    out.appendReserved(UInt8(ascii: "0")); out.appendReserved(UInt8(ascii: "0"))
                    out.appendReserved(UInt8(ascii: "0") &+ (b >> 4))
                    out.appendReserved(hex < 10 ? UInt8(ascii: "0") &+ hex : UInt8(ascii: "a") &+ hex &- 10)
                default: out.appendReserved(b)
                }
            }
        }
    }
}
