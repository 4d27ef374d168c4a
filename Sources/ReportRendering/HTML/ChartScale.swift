import FinanceCore

/// The y axis of a chart of amounts from zero: three to five equal steps of a round size (1, 2,
/// 2.5 or 5 times a power of ten) up to the first step at or above the largest amount, so that
/// every gridline is labelled with a number a person reads at a glance.
///
///     ChartScale(largest: €3,870.00)  →  steps of €1,000.00, 4 of them: 0, 1k, 2k, 3k, 4k
///     ChartScale(largest: €12,400.00) →  steps of €2,500.00, 5 of them
///
/// Exact: the step is found in the largest amount's own units (one decimal finer, for steps of
/// 2.5), at least one of the smallest unit: an amount of a few of those (¥2) gets fewer steps.
struct ChartScale: Equatable {
    /// One step, in the currency of the largest amount.
    let step: Money
    /// How many steps from zero to the top (3…5; fewer only for an amount of a few minor units).
    let steps: Int

    /// `nil` when `largest` is not positive or too large to step exactly.
    init?(largest: Money) {
        guard largest.units > 0, largest.scale < 18 else { return nil }
        let (finer, overflow) = largest.units.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        var power: Int64 = 1
        while true {
            for mantissa: Int64 in [10, 20, 25, 50] {
                let (candidate, overflow) = mantissa.multipliedReportingOverflow(by: power)
                guard !overflow else { return nil }
                let count = (finer + candidate - 1) / candidate
                if count <= 5 {
                    guard !candidate.multipliedReportingOverflow(by: count).overflow else { return nil }
                    step = Money(units: candidate, scale: largest.scale + 1, currency: largest.currency).canonical
                    steps = Int(count)
                    return
                }
            }
            let (next, overflow) = power.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            power = next
        }
    }

    /// The amounts of the gridlines, from zero to the top.
    var ticks: [Money] {
        (0...steps).map { Money(units: step.units * Int64($0), scale: step.scale, currency: step.currency) }
    }
}
