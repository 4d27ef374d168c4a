/// JSON string escaping (RFC 8259 §7) on UTF-8 bytes: quote, backslash and control characters are
/// escaped; everything else, non-ASCII text included, is copied as is.
///
/// Shared by every JSON pfin writes (JSON Lines, the JSON report), so that a name reads the same in
/// each; it lives here, beside the other pointer writers, because both writers depend on this module.
public enum JSONEscaping {
    /// The most bytes one input byte can become (`\u001f`).
    public static let worstCase = 6

    /// Writes the escaped form of `bytes` at `out` (room for six bytes a byte); returns its length.
    ///
    /// Text that needs no escaping (nearly all of it) is copied eight bytes at a time, each word
    /// tested at once for a control character, a quote or a backslash; from the first word that
    /// holds one, byte by byte.
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let source = bytes.baseAddress else { return 0 }
        let n = bytes.count
        let raw = UnsafeRawPointer(source)
        let target = UnsafeMutableRawPointer(out)
        var i = 0
        if n >= 8 {
            while i + 8 <= n {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if needsEscaping(word) { break }
                target.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
                i += 8
            }
            if i == n { return n }
            // Fewer than eight bytes left and none escaped so far: the last eight bytes as one word
            // (overlapping the one before).
            if i + 8 > n {
                let word = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
                if !needsEscaping(word) {
                    target.storeBytes(of: word, toByteOffset: n - 8, as: UInt64.self)
                    return n
                }
            }
        }
        var o = i
        while i < n {
            let b = source[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out[o] = UInt8(ascii: "\\"); out[o + 1] = b; o += 2
            case 0x0A: out[o] = UInt8(ascii: "\\"); out[o + 1] = UInt8(ascii: "n"); o += 2
            case 0x0D: out[o] = UInt8(ascii: "\\"); out[o + 1] = UInt8(ascii: "r"); o += 2
            case 0x09: out[o] = UInt8(ascii: "\\"); out[o + 1] = UInt8(ascii: "t"); o += 2
            case 0..<0x20:
                let low = b & 0xF
                out[o] = UInt8(ascii: "\\"); out[o + 1] = UInt8(ascii: "u")
                out[o + 2] = UInt8(ascii: "0"); out[o + 3] = UInt8(ascii: "0")
                out[o + 4] = UInt8(ascii: "0") &+ (b >> 4)
                out[o + 5] = low < 10 ? UInt8(ascii: "0") &+ low : UInt8(ascii: "a") &+ low &- 10
                o += 6
            default:
                out[o] = b; o += 1
            }
        }
        return o
    }

    /// Whether any byte of `word` is below 0x20, a quote or a backslash. Exact (no false
    /// positives) for the question "any", which is all the caller asks: `x - 0x01…` borrows into a
    /// byte's top bit only below the subtrahend, and `& ~x` drops bytes of 0x80 and above.
    @inline(__always)
    public static func needsEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let control = (word &- ones &* 0x20) & ~word
        let quotes = (quote &- ones) & ~quote
        let backslashes = (backslash &- ones) & ~backslash
        return (control | quotes | backslashes) & highs != 0
    }
}
