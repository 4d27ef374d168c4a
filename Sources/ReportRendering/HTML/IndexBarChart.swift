import FinanceCore
import Mustache
import Reports

/// The geometry of the index page's chart: for each month, an income bar beside an expense bar,
/// on a y axis of round steps (`ChartScale`), in one currency.
///
/// Coordinates are computed here, not in the template, so that a template only places shapes.
/// Heights are `Double`s rounded to tenths (``SVGNumber/tenths(_:)``): geometry only, the
/// amounts in labels and tooltips come from `MoneyText` and `CompactMoneyText`.
///
/// The SVG is stretched to the width of its card (`preserveAspectRatio="none"`) at a fixed
/// height, so it holds no text: the axis's amounts, the month labels and the bars' values are
/// HTML placed over and around it (positions in percent of the plot), and stay legible from a
/// phone to a desktop. Each month gets an equal slot, so a row of equally wide labels lines up
/// with the bars. Values are written over the bars when there is room for them: always for up to
/// `valuesAlways` months, on a wide screen for up to `valuesWhenWide`; the month table below the
/// chart (linked from it) has every figure in full.
struct IndexBarChart {
    /// The month and, when it had activity in this currency, its summary.
    struct Column {
        var month: YearMonth
        var summary: MonthlySummary?
    }

    static let height = 100.0
    static let plotTop = 4.0
    static let plotBottom = 100.0
    static let valuesAlways = 4
    static let valuesWhenWide = 8

    let columns: [Column]

    /// `{viewBox, width, minWidth, valuesClass, ticks, baseline, bars, labels}`, or `.null` without
    /// columns. Each tick: `label`, `y` (the gridline) and `bottom` (its label's position). Each
    /// bar: `incomeX`, `expenseX`, `barWidth`, `incomeY`, `incomeHeight`, `expenseY`,
    /// `expenseHeight`, `tooltip`, and `incomeValue`/`expenseValue` (empty for none) at
    /// `incomeLeft`/`expenseLeft` and `incomeBottom`/`expenseBottom`; each label: `text` (empty
    /// for months left unlabelled when there are many).
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
        let scale = largest.flatMap(ChartScale.init(largest:))
        let top = scale.map { MoneyMath.approximate($0.ticks.last!) } ?? largest.map(MoneyMath.approximate) ?? 0
        let plot = Self.plotBottom - Self.plotTop
        func height(_ money: Money?) -> Double {
            guard let money, money.units > 0, top > 0 else { return 0 }
            return plot * MoneyMath.approximate(money) / top
        }
        func percent(_ value: Double) -> String { SVGNumber.tenths(value) + "%" }
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
            let incomeX = centre - barWidth - 1, expenseX = centre + 1
            /// A bar's value, over it: nothing for an empty bar.
            func value(_ money: Money?) -> MustacheValue {
                guard let money, money.units > 0 else { return .null }
                return .string(CompactMoneyText.text(money, symbol: false))
            }
            bars.append(
                .object(
                    MustacheObject([
                        ("incomeX", .string(SVGNumber.tenths(incomeX))),
                        ("expenseX", .string(SVGNumber.tenths(expenseX))),
                        ("barWidth", .string(SVGNumber.tenths(barWidth))),
                        ("incomeY", .string(SVGNumber.tenths(Self.plotBottom - incomeHeight))),
                        ("incomeHeight", .string(SVGNumber.tenths(incomeHeight))),
                        ("expenseY", .string(SVGNumber.tenths(Self.plotBottom - expenseHeight))),
                        ("expenseHeight", .string(SVGNumber.tenths(expenseHeight))),
                        ("tooltip", .string(tooltip)),
                        ("incomeValue", value(column.summary?.income)),
                        ("expenseValue", value(column.summary?.expense)),
                        ("incomeLeft", .string(percent((incomeX + barWidth / 2) / width * 100))),
                        ("expenseLeft", .string(percent((expenseX + barWidth / 2) / width * 100))),
                        ("incomeBottom", .string(percent(incomeHeight / Self.height * 100))),
                        ("expenseBottom", .string(percent(expenseHeight / Self.height * 100))),
                    ])))
            labels.append(.object(MustacheObject([("text", .string(label))])))
        }
        var ticks: [MustacheValue] = []
        if let scale {
            for (index, tick) in scale.ticks.enumerated() {
                let y = Self.plotBottom - plot * Double(index) / Double(scale.steps)
                ticks.append(
                    .object(
                        MustacheObject([
                            // The card's heading names the currency; a code before every amount would not fit.
                            ("label", .string(CompactMoneyText.text(tick, symbol: false))),
                            ("y", .string(SVGNumber.tenths(y))),
                            ("bottom", .string(percent((Self.height - y) / Self.height * 100))),
                        ])))
            }
        }
        let valuesClass =
            columns.count <= Self.valuesAlways ? "values" : columns.count <= Self.valuesWhenWide ? "values-when-wide" : "no-values"
        return .object(
            MustacheObject([
                ("viewBox", .string("0 0 " + SVGNumber.tenths(width) + " " + SVGNumber.tenths(Self.height))),
                ("width", .string(SVGNumber.tenths(width))),
                // Below 6 px a month, bars blur into each other: the box scrolls instead.
                ("minWidth", .string(String(columns.count * 6) + "px")),
                ("valuesClass", .string(valuesClass)),
                ("ticks", .list(ticks)),
                ("baseline", .string(SVGNumber.tenths(Self.plotBottom))),
                ("bars", .list(bars)),
                ("labels", .list(labels)),
            ]))
    }
}
