import FinanceCore
import Reports

/// The budgets of a report alone, as `pfin budget` shows them: each month's budget sections
/// (text), one row per line and month (CSV), or the months' `budgets` arrays of the JSON report
/// under their own schema, `pfin.budget/1` (JSON). The figures are `MonthlyReport.budgets`.
public struct BudgetRenderer: Sendable {
    public typealias Format = TableFormat

    public var format: Format
    /// ANSI colour in text (see `TextReportRenderer.Options`).
    public var colour: Bool

    public init(format: Format, colour: Bool = false) {
        self.format = format
        self.colour = colour
    }

    /// The CSV header: one row per budget, month and line.
    public static let csvHeader =
        "budget,currency,month,kind,category,depth,target,carried,budgeted,actual,left,used,status,ytd_from,ytd_budgeted,ytd_actual,ytd_left"

    public func render(_ report: MonthlyReport) -> [UInt8] {
        switch format {
        case .text: text(report)
        case .csv: csv(report)
        case .json: JSONReportRenderer().renderBudgets(report)
        }
    }

    private func text(_ report: MonthlyReport) -> [UInt8] {
        let renderer = TextReportRenderer(options: .init(colour: colour))
        var page = TextPage(colour: colour)
        var first = true
        for month in report.months {
            for budget in report.budgets {
                guard let figures = budget.month(month) else { continue }
                if !first { page.blankLine() }
                first = false
                renderer.render(budget, figures, on: &page)
            }
        }
        return page.bytes
    }

    private func csv(_ report: MonthlyReport) -> [UInt8] {
        var out = Array(Self.csvHeader.utf8)
        out.append(0x0A)
        for budget in report.budgets {
            for figures in budget.months {
                for line in figures.lines {
                    CSVField.append(budget.name, to: &out)
                    out.append(UInt8(ascii: ","))
                    out.append(contentsOf: (budget.currency?.description ?? "").utf8)
                    out.append(contentsOf: ",\(figures.month),\(line.kind.rawValue),".utf8)
                    CSVField.append(line.category, to: &out)
                    out.append(contentsOf: ",\(line.depth)".utf8)
                    for amount in [line.target, line.carried, line.budgeted, line.actual, line.left] {
                        out.append(UInt8(ascii: ","))
                        amount.appendDecimal(to: &out)
                    }
                    out.append(UInt8(ascii: ","))
                    if let used = line.used { out.append(contentsOf: PercentText.decimal(used).utf8) }
                    out.append(contentsOf: ",\(line.status.rawValue),\(line.yearToDate.from)".utf8)
                    for amount in [line.yearToDate.budgeted, line.yearToDate.actual, line.yearToDate.left] {
                        out.append(UInt8(ascii: ","))
                        amount.appendDecimal(to: &out)
                    }
                    out.append(0x0A)
                }
            }
        }
        return out
    }
}
