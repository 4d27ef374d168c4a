/// A proportion such as a category's share of the month or a savings rate, in exact basis points
/// (hundredths of a percent), computed from integer amounts and rounded half away from zero.
///
/// Not a `Double`, so that every renderer shows the same digits and golden files are stable.
///
///     Share(part: 1, of: 3)?.description == "33.33%"
public struct Share: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 10,000 is 100%. May be negative (a negative savings rate) or above 10,000 (a change of +250%).
    public let basisPoints: Int64

    public init(basisPoints: Int64) { self.basisPoints = basisPoints }

    /// `part / whole`; `nil` when `whole` is zero. Both in the same units.
    public init?(part: Int64, of whole: Int64) {
        guard whole != 0 else { return nil }
        let (scaled, overflow) = part.multipliedReportingOverflow(by: 10_000)
        guard !overflow else { return nil }
        let quotient = scaled / whole, remainder = scaled % whole
        // Round half away from zero: compare twice the remainder with the divisor, in magnitudes.
        let roundsAway = remainder.magnitude * 2 >= whole.magnitude
        let negative = (scaled < 0) != (whole < 0)
        basisPoints = roundsAway ? quotient + (negative ? -1 : 1) : quotient
    }

    /// `12.34%`, `-5.00%`.
    public var description: String { percentText(decimals: 2) }

    /// The percentage with 0, 1 or 2 decimals, rounded half away from zero: `12%`, `12.3%`.
    public func percentText(decimals: Int) -> String {
        let step: Int64 = decimals >= 2 ? 1 : (decimals == 1 ? 10 : 100)
        let magnitude = basisPoints.magnitude
        let rounded = (magnitude + UInt64(step / 2)) / UInt64(step) * UInt64(step)
        let whole = rounded / 100, fraction = rounded % 100
        var text = basisPoints < 0 && rounded != 0 ? "-" : ""
        text += String(whole)
        if decimals >= 2 {
            text += "." + (fraction < 10 ? "0" : "") + String(fraction)
        } else if decimals == 1 {
            text += "." + String(fraction / 10)
        }
        return text + "%"
    }

    public static func < (lhs: Share, rhs: Share) -> Bool { lhs.basisPoints < rhs.basisPoints }
}
