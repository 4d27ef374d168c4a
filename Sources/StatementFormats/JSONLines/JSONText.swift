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
        at += text.withUTF8Bytes { JSONEscaping.write($0, to: start) }
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
            out.write(maximum: JSONEscaping.worstCase * bytes.count) { JSONEscaping.write(bytes, to: $0) }
        }
    }
}
