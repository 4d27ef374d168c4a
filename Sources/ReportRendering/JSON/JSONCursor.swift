import FinanceCore
import Reports

/// Where the next byte of a JSON record goes, in room reserved for the whole record.
///
/// A transaction record is a dozen fixed pieces and a dozen values; checking capacity for each
/// cost more than copying them. The renderer reserves the worst case once (every string escaped
/// at six bytes a byte) and then writes through this cursor, which lives in a register.
struct JSONCursor {
    private(set) var at: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) { at = start }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        at.pointee = byte
        at += 1
    }

    @inline(__always)
    mutating func put(_ text: StaticString) {
        at.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        at += text.utf8CodeUnitCount
    }

    @inline(__always)
    mutating func advance(_ count: Int) { at += count }

    /// `"text"`, escaped.
    @inline(__always)
    mutating func putString(_ text: String) {
        put(UInt8(ascii: "\""))
        let start = at
        at += text.withUTF8Bytes { JSONEscaping.write($0, to: start) }
        put(UInt8(ascii: "\""))
    }

    /// `"text"`, or `null`.
    @inline(__always)
    mutating func putString(_ text: String?) {
        if let text { putString(text) } else { put("null") }
    }

    /// An amount as an exact decimal string: `"-54.20"`.
    @inline(__always)
    mutating func putMoney(_ money: Money) {
        put(UInt8(ascii: "\""))
        advance(money.writeDecimal(to: at))
        put(UInt8(ascii: "\""))
    }

    @inline(__always)
    mutating func putMoney(_ money: Money?) {
        if let money { putMoney(money) } else { put("null") }
    }

    /// A share as a decimal string of percent with two digits: `"12.34"`, `"-5.00"`; or `null`.
    mutating func putShare(_ share: Share?) {
        guard let share else { return put("null") }
        put(UInt8(ascii: "\""))
        if share.basisPoints < 0 { put(UInt8(ascii: "-")) }
        let (whole, hundredths) = share.basisPoints.magnitude.quotientAndRemainder(dividingBy: 100)
        advance(DecimalDigits.write(whole, to: at))
        put(UInt8(ascii: "."))
        DecimalDigits.writePair(Int(hundredths), to: at)
        advance(2)
        put(UInt8(ascii: "\""))
    }

    /// A count (never negative in the model; a negative one is written with its sign all the same).
    mutating func putInt(_ value: Int) {
        if value < 0 { put(UInt8(ascii: "-")) }
        advance(DecimalDigits.write(UInt64(value.magnitude), to: at))
    }
}

/// JSON string escaping (RFC 8259 §7) on UTF-8 bytes: quote, backslash and control characters;
/// everything else, including non-ASCII text, is copied as is.
enum JSONEscaping {
    /// The most bytes one input byte can become (`\u001f`).
    static let worstCase = 6

    /// Writes the escaped form of `bytes` at `out` (room for `worstCase` bytes a byte); returns
    /// its length.
    @inline(__always)
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var o = 0
        for b in bytes {
            if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") {
                out[o] = b
                o += 1
            } else {
                o += escape(b, to: out + o)
            }
        }
        return o
    }

    /// The escape of one byte that needs it; out of line, as names rarely hold one.
    @inline(never)
    private static func escape(_ b: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\\")
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[1] = b
        case 0x0A: out[1] = UInt8(ascii: "n")
        case 0x0D: out[1] = UInt8(ascii: "r")
        case 0x09: out[1] = UInt8(ascii: "t")
        default:
            let hex: StaticString = "0123456789abcdef"
            out[1] = UInt8(ascii: "u"); out[2] = UInt8(ascii: "0"); out[3] = UInt8(ascii: "0")
            out[4] = hex.utf8Start[Int(b >> 4)]
            out[5] = hex.utf8Start[Int(b & 0xF)]
            return 6
        }
        return 2
    }
}
