/// A running sum of amounts and how many there were, held exactly whatever their scales.
///
/// Each amount enters as its value in units of 10^-18 (`Money.maximumScale`) in 128 bits, so
/// amounts written `-54.2`, `-54.200` and `1200` (yen) add with one multiply and no branching on
/// scales. A value below 2^63 times 10^18 stays below 2^123, so overflowing the sum takes 2^4 such
/// extreme amounts; when it happens anyway the sum saturates and the caller is told, so that the
/// total can be flagged instead of the process crashing or a wrong number being shown as right.
///
/// Every total pfin shows (reports, the ledger's summary, reconciliation) is summed this way, so
/// that no output can disagree with another by how it overflows.
public struct ExactSum: Sendable, Equatable {
    /// The sum in units of 10^-18.
    public var value: Int128 = 0
    public var count: Int = 0

    public init() {}

    public init(value: Int128, count: Int) {
        self.value = value
        self.count = count
    }

    /// Adds a value in units of 10^-18; returns true when the sum overflowed (and saturated).
    @inlinable @inline(__always)
    public mutating func add(_ amount: Int128) -> Bool {
        count &+= 1
        let (sum, overflow) = value.addingReportingOverflow(amount)
        if _slowPath(overflow) {
            value = amount < 0 ? .min : .max
            return true
        }
        value = sum
        return false
    }

    /// Adds an amount (its currency is the caller's to keep apart); returns true on overflow.
    @inlinable
    public mutating func add(_ money: Money) -> Bool {
        add(Self.value(of: money))
    }

    /// Adds the sum of `amounts` amounts, given as its value; returns true on overflow.
    public mutating func add(_ value: Int128, amounts: Int) -> Bool {
        let before = count
        let overflow = add(value)
        count = before &+ amounts
        return overflow
    }

    /// Adds another sum (a subcategory into its parent); returns true on overflow.
    public mutating func add(_ other: ExactSum) -> Bool {
        add(other.value, amounts: other.count)
    }

    /// `10^(18 - scale)` for scales 0...18: the factor that brings an amount to units of 10^-18.
    public static let factors: [Int128] = (0...18).map { exponent in
        var result: Int128 = 1
        for _ in 0..<(18 - exponent) { result *= 10 }
        return result
    }

    /// An amount's value in units of 10^-18. Cannot overflow: |units| < 2^63 and the factor < 2^60.
    /// Hot loops pass `factors` held in a local, which saves the global's access check per amount.
    @inlinable @inline(__always)
    public static func value(of money: Money, factors: [Int128]) -> Int128 {
        Int128(money.units) &* factors[Int(money.scale)]
    }

    /// An amount's value in units of 10^-18.
    @inlinable
    public static func value(of money: Money) -> Int128 {
        value(of: money, factors: factors)
    }

    /// `value` (units of 10^-18) as money at `scale`, saturating at the limits of `Int64` units;
    /// sets `saturated` when it had to. Exact when every amount summed had at most `scale` digits;
    /// otherwise (a converted report's sums) rounded half to even, once, as the total is shown.
    public static func money(_ value: Int128, scale: UInt8, currency: CurrencyCode?, saturated: inout Bool) -> Money {
        let units = halfEven(value, factors[Int(scale)])
        guard let exact = Int64(exactly: units) else {
            saturated = true
            return Money(units: units < 0 ? .min : .max, scale: scale, currency: currency)
        }
        return Money(units: exact, scale: scale, currency: currency)
    }

    /// `value / divisor` rounded half away from zero (`divisor` > 0).
    public static func roundedQuotient(_ value: Int128, _ divisor: Int128) -> Int128 {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        guard remainder.magnitude * 2 >= divisor.magnitude else { return quotient }
        return value < 0 ? quotient - 1 : quotient + 1
    }

    /// `-value`, saturating instead of trapping for `Int128.min` (itself only a saturated sum).
    public static func negated(_ value: Int128) -> Int128 {
        value == .min ? .max : -value
    }

    /// `a + b`, saturating; sets `saturated` when it had to.
    public static func sum(_ a: Int128, _ b: Int128, saturated: inout Bool) -> Int128 {
        let (result, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return result }
        saturated = true
        return b < 0 ? .min : .max
    }
}

extension ExactSum {
    /// `value ÷ divisor` rounded half to even (`divisor` > 0): the one rounding of exact sums and
    /// converted amounts.
    @inlinable
    public static func halfEven(_ value: Int128, _ divisor: Int128) -> Int128 {
        if divisor == 1 { return value }
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        let twice = remainder.magnitude * 2
        if twice < divisor.magnitude || (twice == divisor.magnitude && quotient % 2 == 0) { return quotient }
        return value < 0 ? quotient - 1 : quotient + 1
    }
}
