import FinanceCore
import Mustache
import Reports

/// The view model of a month page (`month.mustache`), built from the report data alone.
///
/// Top-level keys: `title`, `month` (`2024-05`), `monthTitle` (`May 2024`), `indexHref`,
/// `previous` and `next` (`{href, title}`, or null at either end of the report), `empty` and
/// `emptyMessage`, `multiCurrency`, `currencyList` (`{currency, anchor}`), `currencies` (one
/// ``HTMLCurrencySection`` per currency, with the budgets and recurring payments in it) and `budgets` (an
/// ``HTMLBudgetSection`` for each budget whose currency has no section this month). Templates/README.md lists the rest.
enum HTMLMonthPage {
    static func value(_ report: MonthlyReport, month: YearMonth) -> MustacheValue {
        let summaries = report.summaries(of: month)
        var rows = HTMLTransactionRows()
        // The same colours on every page of the report.
        let colours = CategoryColours(report)
        // A budget shows in its currency's section; one whose currency has no transactions this
        // month shows after the sections.
        let budgets = report.budgets.compactMap { budget in budget.month(month).map { (budget, $0) } }
        let sections = summaries.map { summary in
            HTMLCurrencySection.value(
                summary, budgets: budgets.filter { $0.0.currency == summary.currency }.map(HTMLBudgetSection.value),
                recurring: report.recurring.map { recurring in
                    HTMLRecurringSection.month(recurring.month(month, currency: summary.currency), spending: summary.expense)
                } ?? .null,
                transactionsFile: report.transactionFiles.contains(month) ? HTMLReportRenderer.transactionsFileName(for: month) : nil,
                colours: colours, rows: &rows)
        }
        let apart = budgets.filter { budget in !summaries.contains { $0.currency == budget.0.currency } }
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
                ("budgets", .list(apart.map(HTMLBudgetSection.value))),
                ("conversion", report.conversion.map { .string($0.sentence) } ?? .null),
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
