import FinanceCore

/// A report over a run of months: what `pfin report` renders, one page or file per month.
public struct MonthlyReport: Sendable {
    /// Every month the report covers, oldest first, including months without any activity.
    public var months: [YearMonth]
    /// The summaries of those months, by month and then currency (a `nil` currency last); a month
    /// without activity has none.
    public var summaries: [MonthlySummary]
    /// Budget vs actual over the same months, one per budget (`comparing(with:)`); empty unless
    /// the report was asked for a budget.
    public var budgets: [BudgetReport]
    /// The recurring payments of the history up to the report's end (`RecurringDetector`), for
    /// the HTML pages' "Recurring" sections; nil unless the report was asked for them.
    public var recurring: RecurringReport?
    /// How the amounts were brought into one currency (`--convert-to`); nil when they are as
    /// the files booked them, each currency on its own.
    public var conversion: ReportConversion?
    /// The months whose complete transaction list was written beside the pages as CSV, because
    /// the pages list only the newest (`ReportOptions.transactionLimit`): set by whoever wrote the
    /// files, so that a page links only a file that exists.
    public var transactionFiles: Set<YearMonth> = []

    public init(
        months: [YearMonth], summaries: [MonthlySummary], budgets: [BudgetReport] = [], recurring: RecurringReport? = nil,
        conversion: ReportConversion? = nil
    ) {
        self.months = months
        self.summaries = summaries
        self.budgets = budgets
        self.recurring = recurring
        self.conversion = conversion
    }

    /// The report over the months of `range` alone, every one listed even without data; the
    /// summaries, budget figures and recurring series are those computed over the whole report
    /// (comparisons with earlier months, carries, years to date and series stay valid).
    public func restricted(to range: ClosedRange<YearMonth>) -> MonthlyReport {
        MonthlyReport(
            months: (range.lowerBound.ordinal...range.upperBound.ordinal).map(YearMonth.init(ordinal:)),
            summaries: summaries.filter { range.contains($0.month) },
            budgets: budgets.map { $0.restricted(to: range) }, recurring: recurring, conversion: conversion)
    }

    /// The summaries of one month, by currency.
    public func summaries(of month: YearMonth) -> [MonthlySummary] {
        summaries.filter { $0.month == month }
    }

    /// One error per summary whose totals did not fit `Money` (`MonthlySummary.isSaturated`),
    /// placed at its largest transaction, and per budget whose figures did not, at its header: a
    /// report with any of them must not be shown, since its numbers would be clamped ones.
    public var totalErrors: [Diagnostic] {
        let budgetErrors = budgets.filter(\.isSaturated).map { budget in
            Diagnostic.totalOutOfRange(
                "the figures of the budget \"\(budget.name)\"", scale: UInt8(budget.currency?.minorDigits ?? 2),
                at: budget.source)
        }
        return summaries.filter(\.isSaturated).map { summary in
            let largest = summary.largest.first
            let scale = max(summary.income.scale, summary.expense.scale)
            let currency = summary.currency.map { "in \($0)" } ?? "without a currency"
            return Diagnostic.totalOutOfRange(
                "the totals of \(summary.month) \(currency)", scale: scale,
                at: largest?.source ?? SourceLocation(file: "<report>", line: 0),
                largest: largest?.amount)
        } + budgetErrors
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
