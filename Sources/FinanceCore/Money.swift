/// An exact amount of money: an integer count of `10^-scale` units, and the currency when known.
///
/// Never a binary floating-point number: `-54.20` is stored as `-5420` at scale 2, and sums are
/// exact to the cent. The scale is what the source wrote (or more, never less), so nothing the bank
/// wrote is rounded away; rendering pads to the currency's minor digits.
///
///     let m = Money(units: -5420, scale: 2, currency: CurrencyCode("USD"))
///     m.decimalString == "-54.20"
public struct Money: Sendable, CustomStringConvertible {
    /// The value in units of `10^-scale`.
    public var units: Int64
    /// Digits after the decimal mark that `units` carries (0...18).
    public var scale: UInt8
    /// The currency, or `nil` when the source did not say.
    public var currency: CurrencyCode?

    /// The largest scale an amount may carry; `10^18` still fits in an `Int64`.
    public static var maximumScale: UInt8 { 18 }

    @inlinable
    public init(units: Int64, scale: UInt8, currency: CurrencyCode? = nil) {
        precondition(scale <= Money.maximumScale, "scale out of range")
        self.units = units
        self.scale = scale
        self.currency = currency
    }

    /// Zero in the given currency.
    public static func zero(_ currency: CurrencyCode? = nil) -> Money {
        Money(units: 0, scale: 0, currency: currency)
    }

    @inlinable public var isNegative: Bool { units < 0 }
    public var isZero: Bool { units == 0 }
    public var signum: Int { units == 0 ? 0 : (units < 0 ? -1 : 1) }

    /// The same amount with the sign flipped; `nil` only for `Int64.min` units.
    public var negated: Money? {
        let (value, overflow) = Int64(0).subtractingReportingOverflow(units)
        return overflow ? nil : Money(units: value, scale: scale, currency: currency)
    }

    /// The absolute value; `nil` only for `Int64.min` units.
    public var magnitude: Money? {
        units < 0 ? negated : self
    }

    /// The digits this amount is shown with: what it carries, but at least the currency's minor
    /// digits (two when the currency is unknown).
    public var displayScale: UInt8 {
        Swift.max(scale, UInt8(currency?.minorDigits ?? 2))
    }

    /// The same value with trailing zeros dropped down to the currency's minor digits, so that
    /// `-54.200` and `-54.20` dollars look alike (ids depend on it).
    public var canonical: Money {
        var result = self
        let floor = UInt8(currency?.minorDigits ?? 2)
        while result.scale > floor && result.units % 10 == 0 {
            result.units /= 10
            result.scale -= 1
        }
        return result
    }

    /// The same value expressed at a larger scale; `nil` if it would overflow.
    public func rescaled(to newScale: UInt8) -> Money? {
        guard newScale >= scale, newScale <= Money.maximumScale else { return nil }
        let (value, overflow) = units.multipliedReportingOverflow(by: Money.powerOfTen(Int(newScale - scale)))
        return overflow ? nil : Money(units: value, scale: newScale, currency: currency)
    }

    /// The exact sum; `nil` on overflow. The currencies must match (a `nil` currency matches only `nil`).
    public func adding(_ other: Money) -> Money? {
        guard currency == other.currency else { return nil }
        let common = Swift.max(scale, other.scale)
        guard let a = rescaled(to: common), let b = other.rescaled(to: common) else { return nil }
        let (sum, overflow) = a.units.addingReportingOverflow(b.units)
        return overflow ? nil : Money(units: sum, scale: common, currency: currency)
    }

    /// `10^exponent` for 0...18.
    @inlinable
    public static func powerOfTen(_ exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result &*= 10 }
        return result
    }

    /// The plain decimal text, `-1234.50`: a leading `-` when negative, no grouping, `displayScale`
    /// digits after a `.`.
    public var decimalString: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendDecimal(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String {
        currency.map { "\(decimalString) \($0)" } ?? decimalString
    }

    /// Appends the plain decimal text (see `decimalString`) as UTF-8 to `out`, without allocating.
    public func appendDecimal(to out: inout [UInt8]) {
        let digits = Int(displayScale)
        let pad = digits - Int(scale)
        // Work on the magnitude as UInt64 so that Int64.min is fine.
        let magnitude = units.magnitude
        var scratch: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes of room
        withUnsafeMutableBytes(of: &scratch) { raw in
            var end = raw.count
            for _ in 0..<pad {
                end -= 1; raw[end] = UInt8(ascii: "0")
            }
            var rest = magnitude
            var written = pad
            repeat {
                if written == digits && digits > 0 {
                    end -= 1; raw[end] = UInt8(ascii: ".")
                }
                end -= 1
                raw[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                written += 1
            } while rest > 0 || written <= digits
            if units < 0 { end -= 1; raw[end] = UInt8(ascii: "-") }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[end...]))
        }
    }
}

extension Money: Equatable, Hashable, Comparable {
    /// Equal when the currencies match and the values are equal, whatever the scales (`1.5 == 1.50`).
    public static func == (lhs: Money, rhs: Money) -> Bool {
        lhs.currency == rhs.currency && lhs.compareValue(rhs) == 0
    }

    public func hash(into hasher: inout Hasher) {
        // Hash the value with trailing zeros removed so that equal values hash alike.
        var units = self.units
        var scale = self.scale
        while scale > 0 && units % 10 == 0 { units /= 10; scale -= 1 }
        hasher.combine(units)
        hasher.combine(scale)
        hasher.combine(currency)
    }

    /// Orders by value alone; callers compare amounts of one currency.
    public static func < (lhs: Money, rhs: Money) -> Bool {
        lhs.compareValue(rhs) < 0
    }

    /// -1, 0 or 1 comparing values exactly, even where rescaling would overflow.
    private func compareValue(_ other: Money) -> Int {
        if let a = rescaled(to: Swift.max(scale, other.scale)),
            let b = other.rescaled(to: Swift.max(scale, other.scale))
        {
            return a.units == b.units ? 0 : (a.units < b.units ? -1 : 1)
        }
        // Rescaling overflowed: decide by sign, then by the integer parts (which are exact), then by
        // the fractions, which are below 10^scale and so fit at the common scale (at most 18).
        if signum != other.signum { return signum < other.signum ? -1 : 1 }
        let p = units / Money.powerOfTen(Int(scale)), q = other.units / Money.powerOfTen(Int(other.scale))
        if p != q { return p < q ? -1 : 1 }
        let common = Swift.max(scale, other.scale)
        let f = units % Money.powerOfTen(Int(scale)) * Money.powerOfTen(Int(common - scale))
        let g = other.units % Money.powerOfTen(Int(other.scale)) * Money.powerOfTen(Int(common - other.scale))
        return f == g ? 0 : (f < g ? -1 : 1)
    }
}
