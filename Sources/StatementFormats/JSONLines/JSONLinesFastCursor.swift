import FinanceCore

/// A position in one line for `JSONLinesFastPath`: reads a key, `null` or a string where the
/// writer puts them, and answers `false` or `nil` (having read nothing it reports) otherwise.
struct JSONLinesFastCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The room the general scanner unescapes into (see `JSONObjectScanner.scratch`).
    private let scratch: UnsafeMutableBufferPointer<UInt8>
    private var scratchUsed = 0
    /// The offset of the next byte to read: the `{`, then the byte after each value.
    private var at = 0
    /// Which bytes of a key's first word to compare: all but the `,` while `at` is on the `{`,
    /// which stands in for it before the first key.
    private var separatorMask: UInt64 = ~0xFF

    init(_ bytes: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>) {
        self.bytes = bytes
        self.scratch = scratch
    }

    /// Whether the line starts with `{` (no whitespace before it: pfin writes none).
    func opensObject() -> Bool {
        bytes.count >= 2 && bytes[0] == UInt8(ascii: "{")
    }

    /// Reads `key` (`,"date":`, as `QuotedKey`) if it comes next.
    @inline(__always)
    mutating func member(_ key: QuotedKey) -> Bool {
        guard at + max(key.length, 8) <= bytes.count, let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let head = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        let mask = key.headMask & separatorMask
        guard head & mask == key.head & mask else { return false }
        if key.length > 8 {
            let tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + key.length - 8, as: UInt64.self))
            guard tail == key.tail else { return false }
        }
        at += key.length
        separatorMask = .max
        return true
    }

    /// Reads `null` if it comes next. What follows it is checked by the next `member` or
    /// `closesObject`, as for any value.
    @inline(__always)
    mutating func null() -> Bool {
        guard at + 4 <= bytes.count, let base = bytes.baseAddress else { return false }
        let word = UInt32(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: at, as: UInt32.self))
        guard word == 0x6C6C_756E else { return false }  // "null", little-endian
        at += 4
        return true
    }

    /// The unescaped, well-formed UTF-8 content of the string that comes next; `nil` if something
    /// else comes, or a string with a problem.
    ///
    /// A string without escapes is found with the scanner's word-at-a-time search and returned as
    /// a slice of the line, as `JSONObjectScanner.string()` does; the rest goes to that function.
    @inline(__always)
    mutating func string() -> UnsafeBufferPointer<UInt8>? {
        let n = bytes.count
        guard at < n, bytes[at] == UInt8(ascii: "\"") else { return nil }
        let start = at + 1
        var high: UInt64 = 0
        let end = JSONObjectScanner.nextSpecial(in: bytes, from: start, high: &high)
        guard end < n, bytes[end] == UInt8(ascii: "\"") else { return escaped() }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if high & 0x8080_8080_8080_8080 != 0 {
            guard UTF8Validation.firstInvalid(in: text, allowTruncatedEnd: false) == nil else { return nil }
        }
        at = end + 1
        return text
    }

    /// A string with an escape, a raw control character or no end: the general scanner's reading
    /// (unescaped into `scratch`), or `nil` where that throws.
    @inline(never)
    private mutating func escaped() -> UnsafeBufferPointer<UInt8>? {
        var scanner = JSONObjectScanner(bytes, scratch: scratch)
        scanner.position = at
        scanner.scratchUsed = scratchUsed
        guard let text = try? scanner.string() else { return nil }
        at = scanner.position
        scratchUsed = scanner.scratchUsed
        return text
    }

    /// The content of a string of exactly `length` bytes that `accepts` (when it accepts only
    /// digits, letters and `-`, the string cannot end sooner nor hold an escape); `nil`, having
    /// read nothing, otherwise. Spares the search for the closing quote of ids and dates.
    @inline(__always)
    mutating func string<T>(ofLength length: Int, _ accepts: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
        guard at + length + 2 <= bytes.count, bytes[at] == UInt8(ascii: "\""),
            bytes[at + length + 1] == UInt8(ascii: "\""),
            let value = accepts(UnsafeBufferPointer(rebasing: bytes[(at + 1)..<(at + 1 + length)]))
        else { return nil }
        at += length + 2
        return value
    }

    /// A string or `null` into a text field.
    @inline(__always)
    mutating func optionalText(_ field: inout String?) -> Bool {
        if null() { return true }
        guard let text = string() else { return false }
        field = String(decoding: text, as: UTF8.self)
        return true
    }

    /// Reads the object's `}`, which must end the line but for whitespace.
    mutating func closesObject() -> Bool {
        let n = bytes.count
        guard at > 0, at < n, bytes[at] == UInt8(ascii: "}") else { return false }
        at += 1
        while at < n {
            let b = bytes[at]
            guard b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A else { return false }
            at += 1
        }
        return true
    }
}
