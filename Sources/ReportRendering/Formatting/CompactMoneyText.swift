import FinanceCore

/// Amounts cut short for the labels of a chart, where a full amount does not fit: `€2.5k`,
/// `840`, `1.2M`, `7.5`, `13k`, `12.5k`. Rounded half away from zero, from the integer units (never
/// a `Double`): two significant digits, or three when the third is exact (an axis's `12.5k` is
/// not rounded to `13k`); the exact amount is always beside it (a tooltip, the table the chart
/// sits over).
enum CompactMoneyText {
    /// `money` to two or three significant digits and a `k` or `M`; with `symbol`, after the
    /// currency's symbol (`MoneyText.prefix(for:)`). Below ten, one decimal (none for a currency
    /// without minor units); `.0` is left out.
    static func text(_ money: Money, symbol: Bool = true) -> String {
        let magnitude = UInt128(money.units.magnitude)
        let scale = Int(money.scale)
        func power(_ exponent: Int) -> UInt128 {
            var result: UInt128 = 1
            for _ in 0..<exponent { result *= 10 }
            return result
        }
        /// `magnitude / 10^(scale + exponent)`, rounded half up; `exponent` may be negative down to `-scale`.
        func rounded(_ exponent: Int) -> UInt128 {
            let divisor = power(scale + exponent)
            return (magnitude + divisor / 2) / divisor
        }
        /// Whether `magnitude` is a whole number of `10^(scale + exponent)`.
        func exact(_ exponent: Int) -> Bool { magnitude % power(scale + exponent) == 0 }
        func tenths(_ value: UInt128, _ suffix: String) -> String {
            value % 10 == 0 ? "\(value / 10)\(suffix)" : "\(value / 10).\(value % 10)\(suffix)"
        }
        let digits: String
        if magnitude >= power(scale + 6) {
            let t = rounded(5)
            digits = t < 100 || t < 1000 && exact(5) ? tenths(t, "M") : "\(rounded(6))M"
        } else if magnitude >= power(scale + 3) {
            let t = rounded(2)
            if t < 100 || t < 1000 && exact(2) {
                digits = tenths(t, "k")
            } else {
                let thousands = rounded(3)
                digits = thousands >= 1000 ? "1M" : "\(thousands)k"
            }
        } else if magnitude >= power(scale + 1) || scale == 0 {
            let whole = rounded(0)
            digits = whole >= 1000 ? "1k" : "\(whole)"
        } else {
            let t = rounded(-1)
            digits = t >= 100 ? "10" : tenths(t, "")
        }
        let sign = money.units < 0 && digits != "0" ? "-" : ""
        return sign + (symbol ? MoneyText.prefix(for: money.currency) : "") + digits
    }
}
