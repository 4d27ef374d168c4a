import FinanceCore
import Mustache
import Reports

/// The view model of the index page (`index.mustache`): the report's months at a glance.
///
/// Top-level keys: `title`, `heading` (`2024`, `2023–2024`), `subtitle`, `empty`, `years`
/// (`{year, months: [{href, short, title, hasData}]}`: a link to every month page),
/// `multiCurrency` and `currencies` (per currency: `currency`, `code` (null without one), `anchor`, `chart`,
/// `hasBalances` and `balances` (each account's latest stated balance), `months`,
/// `totals` and `recurring`). Templates/README.md lists the rest.
enum HTMLIndexPage {
    static func value(_ report: MonthlyReport) -> MustacheValue {
        let months = report.months
        var heading = "No months", subtitle = "This report covers no months."
        if let first = months.first, let last = months.last {
            heading = first.year == last.year ? String(first.year) : String(first.year) + "–" + String(last.year)
            subtitle =
                (first == last ? first.title : first.title + " – " + last.title)
                + " · " + HTMLCurrencySection.counted(months.count, "month")
        }
        let currencies = report.currencies.map { currency(report, $0) }
        return .object(
            MustacheObject([
                ("title", .string(heading + " at a glance")),
                ("indexHref", .string(HTMLReportRenderer.indexFileName)),
                ("heading", .string(heading)),
                ("subtitle", .string(subtitle)),
                ("empty", .bool(report.summaries.isEmpty)),
                ("years", years(report)),
                ("multiCurrency", .bool(currencies.count > 1)),
                ("currencies", .list(currencies)),
                ("conversion", report.conversion.map { .string($0.sentence) } ?? .null),
            ]))
    }

    /// Every month of the report, grouped by year, each a link to its page.
    private static func years(_ report: MonthlyReport) -> MustacheValue {
        var groups: [(year: Int, months: [MustacheValue])] = []
        let withData = Set(report.summaries.map(\.month))
        for month in report.months {
            let chip = MustacheValue.object(
                MustacheObject([
                    ("href", .string(HTMLReportRenderer.fileName(for: month))),
                    ("short", .string(DateText.monthAbbreviations[month.month - 1])),
                    ("title", .string(month.title)),
                    ("hasData", .bool(withData.contains(month))),
                ]))
            if groups.last?.year == month.year { groups[groups.count - 1].months.append(chip) } else { groups.append((month.year, [chip])) }
        }
        return .list(groups.map { .object(MustacheObject([("year", .string(String($0.year))), ("months", .list($0.months))])) })
    }

    /// One currency: the chart, a row per month and the totals over all of them.
    private static func currency(_ report: MonthlyReport, _ currency: CurrencyCode?) -> MustacheValue {
        var bySummary: [YearMonth: MonthlySummary] = [:]
        for summary in report.summaries where summary.currency == currency { bySummary[summary.month] = summary }
        let columns = report.months.map { IndexBarChart.Column(month: $0, summary: bySummary[$0]) }
        var rows: [MustacheValue] = []
        for column in columns {
            var pairs: [(String, MustacheValue)] = [
                ("href", .string(HTMLReportRenderer.fileName(for: column.month))),
                ("title", .string(column.month.title)),
                ("hasData", .bool(column.summary != nil)),
            ]
            if let summary = column.summary {
                pairs += figures(
                    income: summary.income, expense: summary.expense, net: summary.net,
                    rate: summary.savingsRate)
            }
            rows.append(.object(MustacheObject(pairs)))
        }
        // Each account's latest stated balance over the report.
        var latest: [String?: StatedAccountBalance] = [:]
        for summary in report.summaries where summary.currency == currency {
            for balance in summary.balances where latest[balance.account].map({ $0.date <= balance.date }) ?? true {
                latest[balance.account] = balance
            }
        }
        let balances = latest.values.sorted { ($0.account ?? "", $0.date) < ($1.account ?? "", $1.date) }
        let totals = report.periodTotals(in: currency)
        var rate: Share?
        if let income = totals.income, let expense = totals.expense, let net = totals.net {
            rate = SavingsRate.of(income: income, expense: expense, net: net)
        }
        return .object(
            MustacheObject([
                ("currency", .string(currency?.description ?? "No currency")),
                ("code", currency.map { .string($0.description) } ?? .null),
                ("anchor", .string(currency.map { $0.description.lowercased() } ?? "none")),
                ("chart", IndexBarChart(columns: columns).value),
                ("hasBalances", .bool(!balances.isEmpty)),
                ("balancesNote", .string("each account's latest")),
                ("balances", HTMLCurrencySection.balances(balances)),
                ("months", .list(rows)),
                ("totals", .object(MustacheObject(figures(income: totals.income, expense: totals.expense, net: totals.net, rate: rate)))),
                ("recurring", report.recurring.map { HTMLRecurringSection.index($0, currency: currency) } ?? .null),
            ]))
    }

    /// `income`, `expense`, `net`, `netTone` and `savingsRate`; `—` for a sum that overflowed.
    private static func figures(income: Money?, expense: Money?, net: Money?, rate: Share?) -> [(String, MustacheValue)] {
        [
            ("income", .string(income.map(MoneyText.withSymbol) ?? "—")),
            ("expense", .string(expense.map(MoneyText.withSymbol) ?? "—")),
            ("net", .string(net.map(MoneyText.signed) ?? "—")),
            ("netTone", net.map(ChangeBadge.sign) ?? "zero"),
            ("savingsRate", .string(rate?.percentText(decimals: 1) ?? "—")),
            ("savingsWhy", income.flatMap { i in expense.flatMap { SavingsRate.reason(income: i, expense: $0) } }.map { .string($0) } ?? .null),
        ]
    }
}
