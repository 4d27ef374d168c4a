import FinanceCore
import Reports

/// Proportions between two amounts of one currency, for bar lengths and chart slices.
extension MoneyMath {
    /// `part / whole` at their common scale, exact in basis points; `nil` when `whole` is zero,
    /// the currencies differ or rescaling overflows.
    static func ratio(_ part: Money, of whole: Money) -> Share? {
        guard part.currency == whole.currency else { return nil }
        let scale = max(part.scale, whole.scale)
        guard let p = part.rescaled(to: scale), let w = whole.rescaled(to: scale) else { return nil }
        return Share(part: p.units, of: w.units)
    }

    /// The amount as a `Double`, for chart geometry only: lengths need no more than three
    /// significant digits, and shown amounts always come from `MoneyText`.
    static func approximate(_ money: Money) -> Double {
        Double(money.units) / Double(Money.powerOfTen(Int(money.scale)))
    }
}
