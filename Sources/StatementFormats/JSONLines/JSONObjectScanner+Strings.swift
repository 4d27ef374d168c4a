import FinanceCore

/// Strings (RFC 8259 §7): escapes, surrogate pairs, raw control characters and UTF-8 checking.
extension JSONObjectScanner {
    /// The unescaped content of the string at `position` (its opening quote).
    ///
    /// Most strings hold no escape: they are found with a word-at-a-time scan and returned as a
    /// slice of the line. Only strings with escapes are copied, unescaped, into `scratch`, after
    /// the line's earlier ones.
    mutating func string() throws(JSONLinesProblem) -> UnsafeBufferPointer<UInt8> {
        let open = position
        let start = open + 1
        let n = bytes.count
        var high: UInt64 = 0
        var i = JSONObjectScanner.nextSpecial(in: bytes, from: start, high: &high)
        if i < n && bytes[i] == UInt8(ascii: "\"") {
            if high & 0x8080_8080_8080_8080 != 0 { try checkUTF8(from: start, to: i) }
            position = i + 1
            return UnsafeBufferPointer(rebasing: bytes[start..<i])
        }
        let first = scratchUsed
        var run = start
        while true {
            guard i < n else { throw JSONLinesProblem(issue: .unterminatedString, offset: open) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { break }
            guard b == UInt8(ascii: "\\") else {
                throw JSONLinesProblem(issue: b == 0 ? .nul : .controlCharacter(b), offset: i)
            }
            appendScratch(from: run, to: i)
            i = try unescape(at: i)
            run = i
            i = JSONObjectScanner.nextSpecial(in: bytes, from: i, high: &high)
        }
        // Escapes are ASCII, so checking the raw bytes checks what was copied.
        if high & 0x8080_8080_8080_8080 != 0 { try checkUTF8(from: start, to: i) }
        appendScratch(from: run, to: i)
        position = i + 1
        return UnsafeBufferPointer(rebasing: scratch[first..<scratchUsed])
    }

    /// Copies `bytes[start..<end]` to the scratch room.
    @inline(__always)
    private mutating func appendScratch(from start: Int, to end: Int) {
        let n = end - start
        guard n > 0 else { return }
        _ = UnsafeMutableBufferPointer(rebasing: scratch[scratchUsed..<scratchUsed + n]).update(fromContentsOf: bytes[start..<end])
        scratchUsed += n
    }

    @inline(__always)
    private mutating func appendScratch(_ byte: UInt8) {
        scratch[scratchUsed] = byte
        scratchUsed += 1
    }

    /// Throws at the first ill-formed UTF-8 sequence in `start..<end`.
    private func checkUTF8(from start: Int, to end: Int) throws(JSONLinesProblem) {
        if let bad = UTF8Validation.firstInvalid(in: UnsafeBufferPointer(rebasing: bytes[start..<end]), allowTruncatedEnd: false) {
            throw JSONLinesProblem(issue: .invalidUTF8(byte: bytes[start + bad]), offset: start + bad)
        }
    }

    /// Appends the character escaped at `i` (a backslash) to `scratch`; returns the offset after it.
    private mutating func unescape(at i: Int) throws(JSONLinesProblem) -> Int {
        let n = bytes.count
        guard i + 1 < n else {
            throw JSONLinesProblem(issue: .badEscape(found: "the end of the line"), offset: i)
        }
        let c = bytes[i + 1]
        let plain: UInt8
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): plain = c
        case UInt8(ascii: "b"): plain = 0x08
        case UInt8(ascii: "f"): plain = 0x0C
        case UInt8(ascii: "n"): plain = 0x0A
        case UInt8(ascii: "r"): plain = 0x0D
        case UInt8(ascii: "t"): plain = 0x09
        case UInt8(ascii: "u"):
            return try unescapeUnicode(at: i)
        default:
            let what = try found(at: i + 1)
            let shown = what.hasPrefix("'") ? "'\\" + what.dropFirst() : what
            throw JSONLinesProblem(issue: .badEscape(found: shown), offset: i)
        }
        appendScratch(plain)
        return i + 2
    }

    /// `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, at `i`, appended as UTF-8.
    private mutating func unescapeUnicode(at i: Int) throws(JSONLinesProblem) -> Int {
        guard let unit = hex4(at: i + 2) else {
            var shown = "'\\u"
            var j = i + 2
            while j < min(i + 6, bytes.count), bytes[j] >= 0x20, bytes[j] < 0x80, bytes[j] != UInt8(ascii: "\"") {
                shown.append(Character(UnicodeScalar(bytes[j])))
                j += 1
            }
            throw JSONLinesProblem(issue: .badUnicodeEscape(found: shown + "'"), offset: i)
        }
        var scalar = UInt32(unit)
        var next = i + 6
        func unpaired() -> JSONLinesProblem {
            JSONLinesProblem(issue: .unpairedSurrogate(escape: "'\\u" + String(unit, radix: 16) + "'"), offset: i)
        }
        switch unit {
        case 0xD800...0xDBFF:
            guard next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u"),
                let low = hex4(at: next + 2), (0xDC00...0xDFFF).contains(low)
            else { throw unpaired() }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            next += 6
        case 0xDC00...0xDFFF:
            throw unpaired()
        default:
            break
        }
        appendUTF8(scalar)
        return next
    }

    /// Four hex digits at `i` as a UTF-16 code unit.
    private func hex4(at i: Int) -> UInt16? {
        guard i + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for j in i..<(i + 4) {
            let b = bytes[j]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            appendScratch(UInt8(scalar))
        case 0x80..<0x800:
            appendScratch(UInt8(0xC0 | scalar >> 6))
            appendScratch(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            appendScratch(UInt8(0xE0 | scalar >> 12))
            appendScratch(UInt8(0x80 | scalar >> 6 & 0x3F))
            appendScratch(UInt8(0x80 | scalar & 0x3F))
        default:
            appendScratch(UInt8(0xF0 | scalar >> 18))
            appendScratch(UInt8(0x80 | scalar >> 12 & 0x3F))
            appendScratch(UInt8(0x80 | scalar >> 6 & 0x3F))
            appendScratch(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The offset of the first `"`, `\` or control character at or after `start` (or the end),
    /// OR-ing the bytes passed over into `high` so the caller knows whether any was non-ASCII.
    ///
    /// Eight bytes at a time: a byte equal to `"` or `\` is a zero byte after XOR, and
    /// `(x - 0x01…) & ~x & 0x80…` flags the zero bytes of `x` (likewise `(x - 0x20…) & ~x & 0x80…`
    /// the bytes below 0x20). A borrow may also flag bytes after a true one, never before, so the
    /// first flagged byte is the answer.
    @inline(__always)
    static func nextSpecial(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, high: inout UInt64) -> Int {
        let n = bytes.count
        var i = start
        if n - i >= 8, let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= n {
                let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
                let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((w &- ones &* 0x20) & ~w)
                if special & highs != 0 {
                    let before = (special & highs).trailingZeroBitCount >> 3
                    high |= before == 0 ? 0 : w & (UInt64.max >> (64 - 8 * UInt64(before)))
                    return i + before
                }
                high |= w
                i += 8
            }
        }
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { return i }
            high |= UInt64(b)
            i += 1
        }
        return n
    }
}
