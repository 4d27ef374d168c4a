// Writing values as UTF-8 straight into a caller's buffer, for the writers' hot paths.

extension LocalDate {
    /// Writes `YYYY-MM-DD` (10 bytes) at `out`; returns 10.
    @inlinable
    public func writeISO(to out: UnsafeMutablePointer<UInt8>) -> Int {
        let y = year, m = month, d = day
        // Month and day always fit two digits (4 and 5 bits); a year outside 0...9999 (only
        // reachable through `adding(days:)` far from any bank date) takes the digit-by-digit path.
        if y >= 0 && y <= 9999 {
            DecimalDigits.writePair(y / 100, to: out)
            DecimalDigits.writePair(y % 100, to: out + 2)
        } else {
            let zero = UInt8(ascii: "0")
            out[0] = zero &+ UInt8(truncatingIfNeeded: y / 1000)
            out[1] = zero &+ UInt8(truncatingIfNeeded: y / 100 % 10)
            out[2] = zero &+ UInt8(truncatingIfNeeded: y / 10 % 10)
            out[3] = zero &+ UInt8(truncatingIfNeeded: y % 10)
        }
        out[4] = UInt8(ascii: "-")
        DecimalDigits.writePair(m, to: out + 5)
        out[7] = UInt8(ascii: "-")
        DecimalDigits.writePair(d, to: out + 8)
        return 10
    }
}

extension ActivityID {
    /// Writes the 16 hex digits at `out`; returns 16.
    ///
    /// Eight nibbles at a time: each is spread into a byte of a word, and the bytes are turned
    /// into digits together (every row of every writer carries an id).
    @inlinable
    public func writeHex(to out: UnsafeMutablePointer<UInt8>) -> Int {
        @inline(__always) func digits(_ half: UInt32) -> UInt64 {
            var v = UInt64(half)
            v = (v | v << 16) & 0x0000_FFFF_0000_FFFF
            v = (v | v << 8) & 0x00FF_00FF_00FF_00FF
            v = (v | v << 4) & 0x0F0F_0F0F_0F0F_0F0F
            // 1 in each byte that holds 10 or more, which then skips from `9` to `a`.
            let letters = ((v &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
            v = v &+ 0x3030_3030_3030_3030 &+ letters &* UInt64(UInt8(ascii: "a") - UInt8(ascii: "9") - 1)
            // The most significant nibble sits in the highest byte; it goes first.
            return v.byteSwapped
        }
        let raw = UnsafeMutableRawPointer(out)
        raw.storeBytes(of: digits(UInt32(truncatingIfNeeded: value >> 32)), as: UInt64.self)
        raw.storeBytes(of: digits(UInt32(truncatingIfNeeded: value)), toByteOffset: 8, as: UInt64.self)
        return 16
    }
}

extension Money {
    /// The most bytes `writeDecimal` writes: 19 digits, 18 padding zeros, a point and a sign.
    public static let maximumDecimalLength = 40

    /// Writes the plain decimal text (see `decimalString`) at `out`; returns its length.
    ///
    /// Sign, whole part, point, fraction, then the padding to the display scale, written forward
    /// two digits at a time. Cents shown as cents (nearly every amount) take their own path, where
    /// the division by 100 compiles to a multiplication; merged with the general case, the
    /// compiler emitted a hardware divide for both.
    public func writeDecimal(to out: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = displayScale
        var i = 0
        if units < 0 { out[0] = UInt8(ascii: "-"); i = 1 }
        // The magnitude as UInt64, so that Int64.min is fine.
        let magnitude = units.magnitude
        guard scale == 2 && digits == 2 else {
            return i + Money.writeDecimal(magnitude, scale: Int(scale), digits: Int(digits), to: out + i)
        }
        let (whole, cents) = magnitude.quotientAndRemainder(dividingBy: 100)
        i += DecimalDigits.write(whole, to: out + i)
        out[i] = UInt8(ascii: ".")
        DecimalDigits.writePair(Int(truncatingIfNeeded: cents), to: out + i + 1)
        return i + 3
    }

    /// `magnitude` at `scale` written with `digits` (at least `scale`) after the point.
    @inline(never)
    private static func writeDecimal(_ magnitude: UInt64, scale: Int, digits: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let (whole, fraction) = magnitude.quotientAndRemainder(dividingBy: UInt64(Money.powerOfTen(scale)))
        var i = DecimalDigits.write(whole, to: out)
        guard digits > 0 else { return i }
        out[i] = UInt8(ascii: ".")
        i += 1
        DecimalDigits.write(fraction, width: scale, to: out + i)
        i += scale
        for _ in scale..<digits {
            out[i] = UInt8(ascii: "0")
            i += 1
        }
        return i
    }
}
