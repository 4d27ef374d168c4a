import FinanceCore

/// Writes one JSON object per activity per line, keys in the contract's order, `null` where unknown.
///
///     {"id":"…","account":null,"date":"2024-05-03","name":"Whole Foods Market","address":null,
///      "amount":"-54.20","currency":"USD","memo":"POS 0503","type":"expense","category":null,
///      "fitid":null,"checkNumber":null,"source":"chase.csv:14"}
///
/// This is the hot end of every conversion: room for the whole line is reserved once, then the
/// fixed parts are copied without further checks.
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
        if a.source.file != lastFile {
            lastFile = a.source.file
            let escaped = ByteBuffer(capacity: 64)
            JSON.appendEscaped(a.source.file, to: escaped)
            lastFileJSON = Array(UnsafeBufferPointer(start: escaped.base, count: escaped.count))
        }
        let out = buffer
        // Fixed text, numbers and the file name, plus every string escaped at worst (6 bytes a byte).
        var strings = a.name.utf8.count
        strings += a.account?.utf8.count ?? 0
        strings += a.address?.utf8.count ?? 0
        strings += a.memo?.utf8.count ?? 0
        strings += a.category?.utf8.count ?? 0
        strings += a.fitid?.utf8.count ?? 0
        strings += a.checkNumber?.utf8.count ?? 0
        out.reserve(320 + lastFileJSON.count + 6 * strings)

        out.put(#"{"id":""#)
        out.count += a.id.writeHex(to: out.base + out.count)
        if let account = a.account {
            out.put(#"","account":""#)
            JSON.putEscaped(account, to: out)
            out.put(#"","date":""#)
        } else {
            out.put(#"","account":null,"date":""#)
        }
        out.count += a.date.writeISO(to: out.base + out.count)
        out.put(#"","name":""#)
        JSON.putEscaped(a.name, to: out)
        if let address = a.address {
            out.put(#"","address":""#)
            JSON.putEscaped(address, to: out)
            out.put(#"","amount":""#)
        } else {
            out.put(#"","address":null,"amount":""#)
        }
        out.count += a.amount.writeDecimal(to: out.base + out.count)
        if let currency = a.amount.currency {
            out.put(#"","currency":""#)
            out.appendReserved(UInt8(truncatingIfNeeded: currency.packed >> 16))
            out.appendReserved(UInt8(truncatingIfNeeded: currency.packed >> 8))
            out.appendReserved(UInt8(truncatingIfNeeded: currency.packed))
            out.put(#"","memo":"#)
        } else {
            out.put(#"","currency":null,"memo":"#)
        }
        JSON.putString(a.memo, to: out)
        switch a.type {
        case .income: out.put(#","type":"income","category":"#)
        case .expense: out.put(#","type":"expense","category":"#)
        case .transfer: out.put(#","type":"transfer","category":"#)
        }
        JSON.putString(a.category, to: out)
        out.put(#","fitid":"#)
        JSON.putString(a.fitid, to: out)
        out.put(#","checkNumber":"#)
        JSON.putString(a.checkNumber, to: out)
        out.put(#","source":""#)
        lastFileJSON.withUnsafeBufferPointer { out.put($0) }
        out.appendReserved(UInt8(ascii: ":"))
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

extension ByteBuffer {
    /// Copies fixed text into room already reserved.
    @inline(__always)
    fileprivate func put(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        (base + count).update(from: text.utf8Start, count: length)
        count += length
    }

    /// Copies bytes into room already reserved.
    @inline(__always)
    fileprivate func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }
}

/// JSON text escaping (RFC 8259 §7) on UTF-8 bytes.
enum JSON {
    /// Appends the escaped content of a string, without quotes.
    static func appendEscaped(_ text: String, to out: ByteBuffer) {
        out.reserve(text.utf8.count * 6)
        putEscaped(text, to: out)
    }

    /// `appendString` into reserved room.
    @inline(__always)
    fileprivate static func putString(_ text: String?, to out: ByteBuffer) {
        guard let text else {
            out.put("null")
            return
        }
        out.appendReserved(UInt8(ascii: "\""))
        putEscaped(text, to: out)
        out.appendReserved(UInt8(ascii: "\""))
    }

    /// The escaped content of a string, into room reserved for six bytes a byte.
    static func putEscaped(_ text: String, to out: ByteBuffer) {
        text.withUTF8Bytes { bytes in
            var clean = true
            for b in bytes where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                clean = false
                break
            }
            if clean {
                if let source = bytes.baseAddress { (out.base + out.count).update(from: source, count: bytes.count) }
                out.count += bytes.count
                return
            }
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
