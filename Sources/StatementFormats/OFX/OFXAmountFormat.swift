/// The decimal mark of a file's amounts, decided once per file from the `TRNAMT` and `BALAMT`
/// values in its first bytes, so that one reading holds for every value.
///
/// OFX 2.2 §3.2.9.1 allows `.` or `,` as the radix and no digit grouping; banks nevertheless write
/// `1.234,56` or `1,234.56`. A single value such as `1,234` cannot tell a decimal comma from a
/// thousands separator; the file's other values can (`-12,50` means the comma is the radix, so
/// `1.234` is one thousand two hundred and thirty-four). Values seen:
/// - with both marks, or one mark repeated: the last mark is the radix (`1.234,56`, `1,234,567`);
/// - with one mark followed by other than three digits: that mark is the radix (`-12,50`, `-54.2`);
/// - with one mark followed by exactly three digits: either, decided by the others.
/// When values show both marks as the radix, `nil`: each value is read by its own mark.
enum OFXAmountFormat {
    /// The radix the values in `bytes` (from `start`) show, or `nil` when they show none or both.
    static func decimalMark(_ bytes: [UInt8], from start: Int) -> UInt8? {
        bytes.withUnsafeBufferPointer { decimalMark($0, from: start) }
    }

    static func decimalMark(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt8? {
        var point = false, comma = false
        var i = start
        let n = bytes.count
        while true {
            i = ByteScan.firstOf(UInt8(ascii: "<"), UInt8(ascii: "<"), UInt8(ascii: "<"), in: bytes, from: i)
            guard i + 8 < n else { break }
            i += 1
            guard isAmountTag(bytes, at: i) else { continue }
            var lo = i + 7
            while lo < n, bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 }
            let hi = ByteScan.firstOf(UInt8(ascii: "<"), 0x0A, 0x0D, in: bytes, from: lo)
            // A value cut by the end of the bytes given says nothing.
            guard hi < n else { break }
            switch radix(UnsafeBufferPointer(rebasing: bytes[lo..<hi])) {
            case UInt8(ascii: "."): point = true
            case UInt8(ascii: ","): comma = true
            default: break
            }
            if point && comma { return nil }
            i = hi
        }
        return point ? UInt8(ascii: ".") : comma ? UInt8(ascii: ",") : nil
    }

    /// `TRNAMT>` or `BALAMT>` (any case) at `i`.
    @inline(__always)
    private static func isAmountTag(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let first = bytes[i] | 0x20
        guard first == UInt8(ascii: "t") || first == UInt8(ascii: "b") else { return false }
        let rest: StaticString = first == UInt8(ascii: "t") ? "rnamt>" : "alamt>"
        let r = rest.utf8Start
        for k in 0..<6 {
            let b = bytes[i + 1 + k]
            if (k == 5 ? b : b | 0x20) != r[k] { return false }
        }
        return true
    }

    /// The radix one value shows: `.` or `,`, or 0 when it shows none.
    static func radix(_ value: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var points = 0, commas = 0, last: UInt8 = 0, lastAt = 0
        for (k, b) in value.enumerated() where b == UInt8(ascii: ".") || b == UInt8(ascii: ",") {
            if b == UInt8(ascii: ".") { points += 1 } else { commas += 1 }
            last = b
            lastAt = k
        }
        if points > 0 && commas > 0 { return last }
        // A mark repeated separates thousands: the radix is the other one.
        if points > 1 { return UInt8(ascii: ",") }
        if commas > 1 { return UInt8(ascii: ".") }
        guard last != 0 else { return 0 }
        var digits = 0
        var k = lastAt + 1
        while k < value.count, value[k] &- UInt8(ascii: "0") < 10 {
            digits += 1
            k += 1
        }
        return digits == 3 || digits == 0 ? 0 : last
    }
}
