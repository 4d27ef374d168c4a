import Reports

/// The months `pfin report` covers: `--month`, or `--from`/`--to` (either end may be left open, to
/// be filled from the data), or everything the data has.
struct ReportPeriod: Equatable {
    var from: YearMonth?
    var to: YearMonth?

    /// A single month.
    var single: YearMonth? { from != nil && from == to ? from : nil }

    static func parse(month: String?, from: String?, to: String?) throws(UsageError) -> ReportPeriod {
        if let month {
            guard from == nil && to == nil else {
                throw UsageError(message: "--month names one month; it cannot be combined with --from or --to")
            }
            let m = try parseMonth(month, option: "--month")
            return ReportPeriod(from: m, to: m)
        }
        let period = ReportPeriod(
            from: try from.map { v throws(UsageError) in try parseMonth(v, option: "--from") },
            to: try to.map { v throws(UsageError) in try parseMonth(v, option: "--to") })
        if let start = period.from, let end = period.to, end < start {
            throw UsageError(message: "--from \(start) is after --to \(end); the first month comes first")
        }
        return period
    }

    /// `2024-05`; a date `2024-05-03` is taken as its month, since users paste dates.
    private static func parseMonth(_ text: String, option: String) throws(UsageError) -> YearMonth {
        if let month = YearMonth(text) { return month }
        if text.utf8.count == 10, let month = YearMonth(text.prefix(7)), text.utf8.dropFirst(7).first == UInt8(ascii: "-") {
            return month
        }
        throw UsageError(message: "\(option) expects a month as YYYY-MM (like 2024-05), found '\(text)'")
    }

    /// The report cut to the period: an open end takes the data's first or last month, and months
    /// of the period without data are kept (empty) so that every month gets its page.
    func restrict(_ report: MonthlyReport) -> MonthlyReport {
        guard from != nil || to != nil else { return report }
        guard let first = from ?? report.months.first, let last = to ?? report.months.last, first <= last else {
            return MonthlyReport(months: [], summaries: [])
        }
        return report.restricted(to: first...last)
    }
}
