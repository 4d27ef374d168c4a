// Writing values as UTF-8 straight into a caller's buffer, for the writers' hot paths.

extension LocalDate {
    /// Writes `YYYY-MM-DD` (10 bytes) at `out`; returns 10.
    @inlinable
    public func writeISO(to out: UnsafeMutablePointer<UInt8>) -> Int {
        let y = year, m = month, d = day
        let zero = UInt8(ascii: "0")
        out[0] = zero &+ UInt8(truncatingIfNeeded: y / 1000)
        out[1] = zero &+ UInt8(truncatingIfNeeded: y / 100 % 10)
        out[2] = zero &+ UInt8(truncatingIfNeeded: y / 10 % 10)
        out[3] = zero &+ UInt8(truncatingIfNeeded: y % 10)
        out[4] = UInt8(ascii: "-")
        out[5] = zero &+ UInt8(truncatingIfNeeded: m / 10)
        out[6] = zero &+ UInt8(truncatingIfNeeded: m % 10)
        out[7] = UInt8(ascii: "-")
        out[8] = zero &+ UInt8(truncatingIfNeeded: d / 10)
        out[9] = zero &+ UInt8(truncatingIfNeeded: d % 10)
        return 10
    }
}

extension ActivityID {
    /// Writes the 16 hex digits at `out`; returns 16.
    @inlinable
    public func writeHex(to out: UnsafeMutablePointer<UInt8>) -> Int {
        for i in 0..<16 {
            let nibble = UInt8(truncatingIfNeeded: (value >> UInt64(60 - 4 * i)) & 0xF)
            out[i] = nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
        }
        return 16
    }
}

extension Money {
    /// The most bytes `writeDecimal` writes: 19 digits, 18 padding zeros, a point and a sign.
    public static let maximumDecimalLength = 40

    /// Writes the plain decimal text (see `decimalString`) at `out`; returns its length.
    ///
    /// One pass from the last digit to the first in a small buffer on the stack, then one copy.
    public func writeDecimal(to out: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = Int(displayScale)
        var magnitude = units.magnitude
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { scratch in
            var i = 48
            // Padding to the display scale, then the fraction digits, then the point.
            for _ in 0..<(digits - Int(scale)) {
                i -= 1; scratch[i] = UInt8(ascii: "0")
            }
            for _ in 0..<Int(scale) {
                i -= 1
                scratch[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            }
            if digits > 0 { i -= 1; scratch[i] = UInt8(ascii: ".") }
            repeat {
                i -= 1
                scratch[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if units < 0 { i -= 1; scratch[i] = UInt8(ascii: "-") }
            let length = 48 - i
            out.update(from: scratch.baseAddress! + i, count: length)
            return length
        }
    }
}
