import FinanceCore

/// The decimal digits of a line number, kept from one row to the next.
struct LineDigits {
    /// Up to 20 digits, left-aligned, and how many there are.
    private var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private var count = 0

    /// Writes `line` (its magnitude, as ever) at `out`, 24 bytes of room; returns the digit count.
    @inline(__always)
    mutating func next(_ line: Int, after last: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        withUnsafeMutableBytes(of: &digits) { raw in
            let text = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            if line == last &+ 1 && last >= 0 && count > 0 {
                var i = count - 1
                while i >= 0 && text[i] == UInt8(ascii: "9") {
                    text[i] = UInt8(ascii: "0")
                    i -= 1
                }
                if i >= 0 {
                    text[i] += 1
                } else {
                    // 99…9 + 1: a one in front of the zeros.
                    (text + 1).update(from: text, count: count)
                    text[0] = UInt8(ascii: "1")
                    count += 1
                }
            } else {
                count = DecimalDigits.write(UInt64(line.magnitude), to: text)
            }
            UnsafeMutableRawPointer(out).copyMemory(from: raw.baseAddress!, byteCount: 24)
        }
        return count
    }
}

/// Where the next byte of a row goes, in room the writer reserved for the whole row.
///
/// A local pointer rather than `ByteBuffer.count`: the count is a class property the compiler
/// reloads and stores around every byte written through the buffer's pointer, where a cursor
/// stays in a register for the whole row.
struct JSONCursor {
    private(set) var at: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) { at = start }

    @inline(__always)
    mutating func advance(_ count: Int) { at += count }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        at.pointee = byte
        at += 1
    }

    /// Fixed text.
    @inline(__always)
    mutating func put(_ text: StaticString) {
        at.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        at += text.utf8CodeUnitCount
    }

    @inline(__always)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let source = bytes.baseAddress { ByteCopy.copyAny(source, to: at, count: bytes.count) }
        at += bytes.count
    }

    /// The escaped content of a string, without quotes.
    @inline(__always)
    mutating func putEscaped(_ text: String) {
        let start = at
        at += text.withUTF8Bytes { JSON.putEscaped($0, at: start) }
    }

    /// A string in quotes, or `null`.
    @inline(__always)
    mutating func putString(_ text: String?) {
        guard let text else {
            put("null")
            return
        }
        put(UInt8(ascii: "\""))
        putEscaped(text)
        put(UInt8(ascii: "\""))
    }
}

/// JSON text escaping (RFC 8259 §7) on UTF-8 bytes.
enum JSON {
    /// Appends the escaped content of a string, without quotes.
    static func appendEscaped(_ text: String, to out: ByteBuffer) {
        text.withUTF8Bytes { bytes in
            out.reserve(6 * bytes.count)
            out.count += putEscaped(bytes, at: out.base + out.count)
        }
    }

    /// Writes the escaped form of `bytes` at `out` (room for six bytes a byte); returns its length.
    ///
    /// Text that needs no escaping (nearly all of it) is copied eight bytes at a time, each word
    /// tested at once for a control character, a quote or a backslash; from the first word that
    /// holds one, byte by byte.
    static func putEscaped(_ bytes: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let source = bytes.baseAddress else { return 0 }
        let n = bytes.count
        let raw = UnsafeRawPointer(source)
        let target = UnsafeMutableRawPointer(out)
        var i = 0
        if n >= 8 {
            while i + 8 <= n {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if JSON.needsEscaping(word) { break }
                target.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
                i += 8
            }
            if i == n { return n }
            // Fewer than eight bytes left and none escaped so far: the last eight bytes as one word
            // (overlapping the one before).
            if i + 8 > n {
                let word = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
                if !JSON.needsEscaping(word) {
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
    static func needsEscaping(_ word: UInt64) -> Bool {
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
