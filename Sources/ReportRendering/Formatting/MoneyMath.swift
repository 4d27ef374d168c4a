import FinanceCore
import Reports

/// The little arithmetic renderers do on amounts of one currency: differences and changes between
/// this month and the last, exact at the larger of the two scales.
enum MoneyMath {
    /// `a - b`; `nil` on overflow or a currency mismatch.
    static func difference(_ a: Money, _ b: Money) -> Money? {
        b.negated.flatMap { a.adding($0) }
    }

    /// `(now - before) / |before|`, so that less of a negative amount reads as a rise; `nil` when
    /// `before` is zero or the arithmetic overflows.
    static func change(from before: Money, to now: Money) -> Share? {
        let scale = max(before.scale, now.scale)
        guard let b = before.rescaled(to: scale), let n = now.rescaled(to: scale), b.units != 0, b.units != .min else { return nil }
        let (delta, overflow) = n.units.subtractingReportingOverflow(b.units)
        guard !overflow else { return nil }
        return Share(part: delta, of: abs(b.units))
    }
}
