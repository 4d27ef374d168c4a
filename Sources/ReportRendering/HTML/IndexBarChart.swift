import FinanceCore
import Mustache
import Reports

/// The geometry of the index page's chart: for each month, an income bar beside an expense bar,
/// scaled to the largest of them, in one currency.
///
/// Coordinates are computed here, not in the template, so that a template only places shapes.
/// Heights are `Double`s rounded to tenths (``SVGNumber/tenths(_:)``): geometry only, the
/// amounts in tooltips and the axis label come from `MoneyText`.
///
/// The SVG is meant to be stretched to the width of its box (`preserveAspectRatio="none"`) at a
/// fixed height, so it holds no text: the month labels and the scale are HTML around it, and
/// stay legible from a phone to a desktop whatever the number of months. Each month gets an
/// equal slot, so a row of equally wide labels lines up with the bars.
struct IndexBarChart {
    /// The month and, when it had activity in this currency, its summary.
    struct Column {
        var month: YearMonth
        var summary: MonthlySummary?
    }

    static let height = 100.0
    static let plotTop = 4.0
    static let plotBottom = 100.0

    let columns: [Column]

    /// `{viewBox, width, minWidth, maxWidth, top, scale, baseline, bars, labels}`, or `.null` without
    /// columns. `top` is the y of the gridline that `scale` (the largest amount) labels. Each bar:
    /// `incomeX`, `expenseX`, `barWidth`, `incomeY`, `incomeHeight`, `expenseY`, `expenseHeight`
    /// and `tooltip`; each label: `text` (empty for months left unlabelled when there are many).
    var value: MustacheValue {
        guard !columns.isEmpty else { return .null }
        let count = Double(columns.count)
        let slot = 30.0
        let width = count * slot
        let barWidth = slot * 0.3
        var largest: Money?
        for column in columns {
            guard let summary = column.summary else { continue }
            for amount in [summary.income, summary.expense] where amount.units > 0 {
                if largest.map({ MoneyMath.approximate(amount) > MoneyMath.approximate($0) }) ?? true { largest = amount }
            }
        }
        let scaleMax = largest.map(MoneyMath.approximate) ?? 0
        let plot = Self.plotBottom - Self.plotTop
        func height(_ money: Money?) -> Double {
            guard let money, money.units > 0, scaleMax > 0 else { return 0 }
            return plot * MoneyMath.approximate(money) / scaleMax
        }
        let everyMonthLabelled = columns.count <= 18
        var bars: [MustacheValue] = [], labels: [MustacheValue] = []
        for (index, column) in columns.enumerated() {
            let centre = slot * (Double(index) + 0.5)
            let incomeHeight = height(column.summary?.income), expenseHeight = height(column.summary?.expense)
            let label: String
            if everyMonthLabelled {
                label = DateText.monthAbbreviations[column.month.month - 1]
            } else {
                label = column.month.month == 1 || index == 0 ? String(column.month.year) : ""
            }
            var tooltip = column.month.title
            if let summary = column.summary {
                tooltip +=
                    ": income " + MoneyText.withSymbol(summary.income) + ", spending "
                    + MoneyText.withSymbol(summary.expense)
            } else {
                tooltip += ": no transactions"
            }
            bars.append(
                .object(
                    MustacheObject([
                        ("incomeX", .string(SVGNumber.tenths(centre - barWidth - 1))),
                        ("expenseX", .string(SVGNumber.tenths(centre + 1))),
                        ("barWidth", .string(SVGNumber.tenths(barWidth))),
                        ("incomeY", .string(SVGNumber.tenths(Self.plotBottom - incomeHeight))),
                        ("incomeHeight", .string(SVGNumber.tenths(incomeHeight))),
                        ("expenseY", .string(SVGNumber.tenths(Self.plotBottom - expenseHeight))),
                        ("expenseHeight", .string(SVGNumber.tenths(expenseHeight))),
                        ("tooltip", .string(tooltip)),
                    ])))
            labels.append(.object(MustacheObject([("text", .string(label))])))
        }
        return .object(
            MustacheObject([
                ("viewBox", .string("0 0 " + SVGNumber.tenths(width) + " " + SVGNumber.tenths(Self.height))),
                ("width", .string(SVGNumber.tenths(width))),
                // Below 6 px a month, bars blur into each other: the box scrolls instead.
                // Below 6 px a month, bars blur into each other: the box scrolls instead. Above
                // 80 px a few months would stretch into slabs.
                ("minWidth", .string(String(columns.count * 6) + "px")),
                ("maxWidth", .string(String(columns.count * 80) + "px")),
                ("top", .string(SVGNumber.tenths(Self.plotTop))),
                ("scale", .string(largest.map(MoneyText.withSymbol) ?? "")),
                ("baseline", .string(SVGNumber.tenths(Self.plotBottom))),
                ("bars", .list(bars)),
                ("labels", .list(labels)),
            ]))
    }
}
