import FinanceCore
import Mustache
import Reports

/// The view model of a month page (`month.mustache`), built from the report data alone.
///
/// Top-level keys: `title`, `month` (`2024-05`), `monthTitle` (`May 2024`), `indexHref`,
/// `previous` and `next` (`{href, title}`, or null at either end of the report), `empty` and
/// `emptyMessage`, `multiCurrency`, `currencyList` (`{currency, anchor}`) and `currencies` (one
/// ``HTMLCurrencySection`` per currency). Templates/README.md lists the rest.
enum HTMLMonthPage {
    static func value(_ report: MonthlyReport, month: YearMonth) -> MustacheValue {
        let summaries = report.summaries(of: month)
        var rows = HTMLTransactionRows()
        let sections = summaries.map { HTMLCurrencySection.value($0, rows: &rows) }
        let currencyList: [MustacheValue] = summaries.map { summary in
            .object(
                MustacheObject([
                    ("currency", .string(summary.currency?.description ?? "No currency")),
                    ("anchor", .string(summary.currency.map { $0.description.lowercased() } ?? "none")),
                ]))
        }
        return .object(
            MustacheObject([
                ("title", .string(month.title)),
                ("month", .string(month.description)),
                ("monthTitle", .string(month.title)),
                ("indexHref", .string(HTMLReportRenderer.indexFileName)),
                ("previous", link(report, month.previous)),
                ("next", link(report, month.next)),
                ("empty", .bool(summaries.isEmpty)),
                ("emptyMessage", .string("No transactions in " + month.title + ".")),
                ("multiCurrency", .bool(summaries.count > 1)),
                ("currencyList", .list(currencyList)),
                ("currencies", .list(sections)),
            ]))
    }

    /// `{href, title}` of a neighbouring month when the report covers it, so that no link leads
    /// to a page that was not written.
    private static func link(_ report: MonthlyReport, _ month: YearMonth) -> MustacheValue {
        guard report.months.contains(month) else { return .null }
        return .object(
            MustacheObject([
                ("href", .string(HTMLReportRenderer.fileName(for: month))),
                ("title", .string(month.title)),
            ]))
    }
}
