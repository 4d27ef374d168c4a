import FinanceCore
import Mustache
import Reports

/// The view model of a category breakdown: the table (subcategories indented) and, for spending,
/// the donut whose colours the table's swatches repeat, so the table is the chart's legend.
enum HTMLCategorySection {
    /// `{title, total, chart, lines, previousLabel, averageLabel, averageTitle}`; `.null` when there
    /// are no lines. `averageLabel` names how many months the averages are over (`vs avg (11 mo)`),
    /// `averageTitle` says it in words.
    ///
    /// Each line: `name`, `path`, `depth` (`d0`…`d4`, for indentation), `top` (depth 0), `amount`,
    /// `share` (`56.7%`), `vsPrevious` and `vsAverage` (`{text, tone}`), `swatch` (the chart
    /// colour, top-level lines only) and `uncategorised`.
    static func value(
        _ lines: [CategoryLine], title: String, total: Money, polarity: ChangeBadge.Polarity,
        withChart: Bool, previousLabel: String, averageMonths: Int = 0, colours: CategoryColours = CategoryColours(names: [])
    ) -> MustacheValue {
        guard !lines.isEmpty else { return .null }
        let chart = DonutChart(lines: withChart ? lines : [], colours: colours)
        let items: [MustacheValue] = lines.map { line in
            .object(
                MustacheObject([
                    ("name", .string(line.name)),
                    ("path", .string(line.path)),
                    ("depth", .string("d" + String(min(max(line.depth, 0), 4)))),
                    ("top", .bool(line.depth == 0)),
                    ("amount", .string(MoneyText.withSymbol(line.amount))),
                    ("share", .string(line.share?.percentText(decimals: 1) ?? "—")),
                    (
                        "vsPrevious",
                        ChangeBadge.value(
                            of: line.amount, against: line.previous,
                            change: line.changeFromPrevious, polarity)
                    ),
                    (
                        "vsAverage",
                        ChangeBadge.value(
                            of: line.amount, against: line.trailingAverage,
                            change: line.changeFromAverage, polarity)
                    ),
                    ("swatch", chart.colours[line.path].map { .string($0) } ?? .null),
                    ("uncategorised", .bool(line.isUncategorized)),
                ]))
        }
        return .object(
            MustacheObject([
                ("title", .string(title)),
                ("total", .string(MoneyText.withSymbol(total))),
                ("chart", chart.value),
                ("lines", .list(items)),
                ("previousLabel", .string(previousLabel)),
                ("averageLabel", .string(averageMonths >= MonthlySummary.minimumAverageMonths ? "vs avg (\(averageMonths) mo)" : "vs avg")),
                ("averageTitle", .string(averageTitle(averageMonths))),
            ]))
    }

    /// What the average column compares with, for its title.
    static func averageTitle(_ months: Int) -> String {
        if months >= MonthlySummary.minimumAverageMonths {
            return "Against the average of the \(months) months with data among the 12 before this one"
        }
        return "No average: it needs \(MonthlySummary.minimumAverageMonths) earlier months with data, and there "
            + (months == 1 ? "is 1" : "are \(months)")
    }
}
