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
