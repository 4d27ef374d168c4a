import Reports

/// Numbers written into SVG attributes and inline widths: fixed decimals from integers, so that
/// the same report always gives the same bytes (no `Double` printing, whose digits vary).
enum SVGNumber {
    /// Hundredths as a decimal with two digits: `5670` → `56.70`, `-5` → `-0.05`. Basis points
    /// read this way are percentages, which is how the donut's circumference of 100 is measured.
    static func hundredths(_ value: Int) -> String {
        let magnitude = value.magnitude
        let fraction = magnitude % 100
        return (value < 0 ? "-" : "") + String(magnitude / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    /// A geometry value rounded to one decimal: `12.345` → `12.3`, `4` → `4.0`. Only chart
    /// coordinates go through here, never an amount that is shown.
    static func tenths(_ value: Double) -> String {
        guard value.isFinite else { return "0.0" }
        let scaled = Int((value * 10).rounded())
        let magnitude = scaled.magnitude
        return (scaled < 0 ? "-" : "") + String(magnitude / 10) + "." + String(magnitude % 10)
    }

    /// A share as a CSS width between `0.00%` and `100.00%`.
    static func width(_ share: Share?) -> String {
        let points = min(max(share?.basisPoints ?? 0, 0), 10_000)
        return hundredths(Int(points)) + "%"
    }
}
