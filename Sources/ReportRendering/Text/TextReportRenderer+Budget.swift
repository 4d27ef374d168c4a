import FinanceCore
import Reports

/// Budget vs actual in the text report: after a month's summaries, one section per budget.
extension TextReportRenderer {
    /// Columns after the two-space indent: 2 + 22 + 12 + 12 + 12 + 6 + 6 and the spaces between
    /// them make 78.
    private static let budgetName = 22, budgetAmount = 12, budgetUsed = 6, budgetFlag = 6

    /// Every budget's section for `month`, each after a blank line.
    func budgets(_ report: MonthlyReport, month: YearMonth, on page: inout TextPage) {
        for budget in report.budgets {
            guard let figures = budget.month(month) else { continue }
            page.blankLine()
            render(budget, figures, on: &page)
        }
    }

    /// One budget in one month: spending lines, income lines, what no line covers, and the year
    /// to date.
    func render(_ budget: BudgetReport, _ figures: BudgetMonth, on page: inout TextPage) {
        let currency = budget.currency?.description ?? "no currency"
        page.line("Budget \"\(budget.name)\" · \(currency) · \(figures.month.title)", style: .heading)
        let spending = figures.lines.filter { $0.kind == .spending }
        let income = figures.lines.filter { $0.kind == .income }
        if !spending.isEmpty {
            budgetTable(spending, title: "Spending", actual: "spent", on: &page)
            budgetRow("Unbudgeted", nil, figures.unbudgeted, nil, nil, on: &page)
        }
        if !income.isEmpty {
            if !spending.isEmpty { page.blankLine() }
            budgetTable(income, title: "Income", actual: "received", on: &page)
        }
        let carried = figures.lines.filter { !$0.carried.isZero }
        for line in carried {
            let previous = DateText.monthAbbreviations[figures.month.previous.month - 1]
            page.line(
                "\(line.category): \(MoneyText.withSymbol(line.carried)) carried in from \(previous) (rollover)", indent: 2,
                style: .note)
        }
        if let first = figures.lines.first {
            page.blankLine()
            let from = first.yearToDate.from
            let span =
                from == figures.month
                ? figures.month.title
                : "\(DateText.monthAbbreviations[from.month - 1])–\(DateText.monthAbbreviations[figures.month.month - 1]) \(figures.month.year)"
            page.line(
                indent: 2,
                [
                    .left("To date, " + span, Self.budgetName, .heading, shrinks: true),
                    .right("budgeted", Self.budgetAmount, .note), .right("actual", Self.budgetAmount, .note),
                    .right("left", Self.budgetAmount, .note),
                ])
            for line in figures.lines {
                let toDate = line.yearToDate
                budgetRow(
                    name(line), toDate.budgeted, toDate.actual, toDate.left,
                    Share(part: toDate.actual.units, of: toDate.budgeted.units), status: status(line.kind, toDate),
                    on: &page)
            }
        }
    }

    private func budgetTable(_ lines: [BudgetResult], title: String, actual: String, on page: inout TextPage) {
        page.line(
            indent: 2,
            [
                .left(title, Self.budgetName, .heading, shrinks: true), .right("budgeted", Self.budgetAmount, .note),
                .right(actual, Self.budgetAmount, .note), .right("left", Self.budgetAmount, .note),
                .right("used", Self.budgetUsed, .note),
            ])
        for line in lines {
            budgetRow(name(line), line.budgeted, line.actual, line.left, line.used, status: line.status, on: &page)
        }
    }

    private func name(_ line: BudgetResult) -> String {
        String(repeating: "  ", count: min(max(line.depth, 0), 6)) + line.name
    }

    private func status(_ kind: BudgetResult.Kind, _ toDate: BudgetToDate) -> BudgetResult.Status {
        switch kind {
        case .spending: toDate.left.isNegative ? .over : .within
        case .income: toDate.left.units > 0 ? .short : .within
        }
    }

    private func budgetRow(
        _ name: String, _ budgeted: Money?, _ actual: Money, _ left: Money?, _ used: Share?,
        status: BudgetResult.Status = .within, on page: inout TextPage
    ) {
        let flag: String
        switch status {
        case .within: flag = ""
        case .over: flag = "over"
        case .short: flag = "short"
        }
        page.line(
            indent: 2,
            [
                .left(name, Self.budgetName, shrinks: true),
                .right(budgeted.map(MoneyText.withSymbol) ?? "", Self.budgetAmount),
                .right(MoneyText.withSymbol(actual), Self.budgetAmount),
                .right(left.map(MoneyText.withSymbol) ?? "", Self.budgetAmount, left?.isNegative == true ? .expense : nil),
                .right(used?.percentText(decimals: 0) ?? "", Self.budgetUsed),
                .left(flag, Self.budgetFlag, status == .within ? nil : .expense),
            ])
    }
}
