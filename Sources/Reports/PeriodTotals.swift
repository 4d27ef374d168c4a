import FinanceCore

/// Income, spending and net of one currency over every month of a report (the HTML index's
/// totals row), summed exactly (`ExactSum`) at the most decimals of the months' totals. A member
/// is nil when its total does not fit `Money`: a renderer shows that it has no number rather than
/// a clamped one.
public struct PeriodTotals: Sendable, Equatable {
    public var income: Money?
    public var expense: Money?
    public var net: Money?
}

extension MonthlyReport {
    public func periodTotals(in currency: CurrencyCode?) -> PeriodTotals {
        let months = summaries.filter { $0.currency == currency }
        func total(_ amount: (MonthlySummary) -> Money) -> Money? {
            var sum = ExactSum()
            var scale: UInt8 = 0
            for summary in months {
                let value = amount(summary)
                scale = max(scale, value.scale)
                if sum.add(value) { return nil }
            }
            var clamped = false
            let money = ExactSum.money(sum.value, scale: scale, currency: currency, saturated: &clamped)
            return clamped ? nil : money
        }
        return PeriodTotals(income: total(\.income), expense: total(\.expense), net: total(\.net))
    }
}
