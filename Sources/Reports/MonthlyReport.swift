import FinanceCore

/// A report over a run of months: what `pfin report` renders, one page or file per month.
public struct MonthlyReport: Sendable {
    /// Every month the report covers, oldest first, including months without any activity.
    public var months: [YearMonth]
    /// The summaries of those months, by month and then currency (a `nil` currency last); a month
    /// without activity has none.
    public var summaries: [MonthlySummary]

    public init(months: [YearMonth], summaries: [MonthlySummary]) {
        self.months = months
        self.summaries = summaries
    }

    /// The summaries of one month, by currency.
    public func summaries(of month: YearMonth) -> [MonthlySummary] {
        summaries.filter { $0.month == month }
    }

    /// One error per summary whose totals did not fit `Money` (`MonthlySummary.isSaturated`),
    /// placed at its largest transaction: a report with any of them must not be shown, since its
    /// numbers would be clamped ones.
    public var totalErrors: [Diagnostic] {
        summaries.filter(\.isSaturated).map { summary in
            let largest = summary.largest.first
            let scale = max(summary.income.scale, summary.expense.scale)
            let currency = summary.currency.map { "in \($0)" } ?? "without a currency"
            return Diagnostic.totalOutOfRange(
                "the totals of \(summary.month) \(currency)", scale: scale,
                at: largest?.source ?? SourceLocation(file: "<report>", line: 0),
                largest: largest?.amount)
        }
    }

    /// The currencies the report has, in the order of `summaries`.
    public var currencies: [CurrencyCode?] {
        var seen: [CurrencyCode?] = []
        for summary in summaries where !seen.contains(summary.currency) { seen.append(summary.currency) }
        return seen.sorted { a, b in
            switch (a, b) {
            case (nil, _): return false
            case (_, nil): return true
            case (let x?, let y?): return x < y
            }
        }
    }
}
