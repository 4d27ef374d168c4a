/// Decimal digits written straight into a caller's buffer, two at a time.
///
/// Every row a writer emits carries a date, an amount and a line number, and the id of every row
/// hashes a date and an amount: dividing by 10 once per digit was a tenth of the JSON writer's
/// time. A 200-byte table of the pairs `00`…`99` halves the divisions and stores two bytes at once.
public enum DecimalDigits {
    /// `00` `01` … `99`, as ASCII pairs.
    @usableFromInline static var pairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// Writes `value` (0...99) as exactly two digits at `out`.
    @inlinable @inline(__always)
    public static func writePair(_ value: Int, to out: UnsafeMutablePointer<UInt8>) {
        let pair = UnsafeRawPointer(pairs.utf8Start).loadUnaligned(fromByteOffset: 2 * value, as: UInt16.self)
        UnsafeMutableRawPointer(out).storeBytes(of: pair, as: UInt16.self)
    }

    /// How many decimal digits `value` has (1 for zero).
    @inlinable
    public static func count(_ value: UInt64) -> Int {
        var n = 1
        var v = value
        while v >= 10_000 { v /= 10_000; n += 4 }
        if v >= 100 { v /= 100; n += 2 }
        if v >= 10 { n += 1 }
        return n
    }

    /// Writes `value` in exactly `width` digits at `out` (zero-padded on the left; higher digits
    /// beyond `width` are dropped).
    @inlinable
    public static func write(_ value: UInt64, width: Int, to out: UnsafeMutablePointer<UInt8>) {
        var v = value
        var end = width
        while end >= 2 {
            let (q, r) = v.quotientAndRemainder(dividingBy: 100)
            end -= 2
            writePair(Int(truncatingIfNeeded: r), to: out + end)
            v = q
        }
        if end == 1 { out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10) }
    }

    /// Writes `value` in decimal without padding at `out`; returns the number of digits.
    ///
    /// Up to four digits (the whole part of nearly every amount) without the digit-count loop.
    @inlinable
    public static func write(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 100 {
            if value < 10 {
                out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
                return 1
            }
            writePair(Int(truncatingIfNeeded: value), to: out)
            return 2
        }
        if value < 10_000 {
            let (high, low) = Int(truncatingIfNeeded: value).quotientAndRemainder(dividingBy: 100)
            if high < 10 {
                out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high)
                writePair(low, to: out + 1)
                return 3
            }
            writePair(high, to: out)
            writePair(low, to: out + 2)
            return 4
        }
        let width = count(value)
        write(value, width: width, to: out)
        return width
    }
}
