import FinanceCore
import Reports

/// A monthly report for a terminal or a plain-text file: every line at most 80 columns.
///
/// For each month, and within it each currency: the totals with their change since the previous
/// month, transfers, spending and income by category (the tree indented, a share bar, changes
/// against the previous month and the trailing 12-month average), top payees, the largest
/// transactions, and a flag when some transactions have no category. A month without activity
/// says `No transactions.`
///
///     let text = TextReportRenderer(options: .init(colour: isTerminal && !noColor)).render(report)
public struct TextReportRenderer: ReportRenderer {
    public struct Options: Sendable {
        /// ANSI colours: income green, spending red, notes dim. The caller decides (a terminal,
        /// and no `NO_COLOR`); the renderer never reads the environment.
        public var colour: Bool

        public init(colour: Bool = false) {
            self.colour = colour
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    public func render(_ report: MonthlyReport) -> [UInt8] {
        var page = TextPage(colour: options.colour)
        if let conversion = report.conversion {
            for line in Self.wrapped(conversion.sentence, width: TextPage.maximumWidth) { page.line(line, style: .note) }
            page.blankLine()
        }
        for (index, month) in report.months.enumerated() {
            if index > 0 { page.blankLine() }
            let summaries = report.summaries(of: month)
            if summaries.isEmpty {
                heading(month.title, on: &page)
                page.line("No transactions.", indent: 2, style: .note)
            }
            for (position, summary) in summaries.enumerated() {
                if position > 0 { page.blankLine() }
                render(summary, on: &page)
            }
            budgets(report, month: month, on: &page)
        }
        return page.bytes
    }

    /// `text` cut into lines of at most `width` columns at spaces (a longer word stays whole).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && TextWidth.of(line) + 1 + TextWidth.of(String(word)) > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// One month in one currency.
    func render(_ summary: MonthlySummary, on page: inout TextPage) {
        let currency = summary.currency?.description ?? "no currency"
        heading(summary.month.title + " · " + currency, on: &page)
        totals(summary, on: &page)
        if !summary.balances.isEmpty {
            page.blankLine()
            balances(summary.balances, on: &page)
        }
        let previousName = DateText.monthAbbreviations[summary.month.previous.month - 1]
        if !summary.expenseCategories.isEmpty {
            page.blankLine()
            categories(
                summary.expenseCategories, title: "Spending by category", style: .expense,
                previousName: previousName, on: &page)
        }
        if !summary.incomeCategories.isEmpty {
            page.blankLine()
            categories(
                IncomeLines.shown(summary.incomeCategories), title: "Income by category", style: .income,
                previousName: previousName, on: &page)
        }
        if !summary.topPayees.isEmpty {
            page.blankLine()
            payees(summary.topPayees, on: &page)
        }
        if !summary.largest.isEmpty {
            page.blankLine()
            largest(summary.largest, on: &page)
        }
        if summary.uncategorizedCount > 0 {
            page.blankLine()
            let count = summary.uncategorizedCount
            page.line(count == 1 ? "! 1 transaction has no category" : "! \(count) transactions have no category")
        }
    }

    /// The balances the statements state: an account's, on a day, never worked out here.
    private func balances(_ balances: [StatedAccountBalance], on page: inout TextPage) {
        page.line(indent: 2, [.left("Balances the statements state", 0, .heading)])
        let width = min(34, balances.map { TextWidth.of($0.account ?? "(no account)") }.max() ?? 0)
        for balance in balances {
            page.line(
                indent: 2,
                [
                    .left(balance.account ?? "(no account)", width, shrinks: true), .right(MoneyText.withSymbol(balance.amount), 16),
                    .left("  on " + DateText.long(balance.date), 0, .note),
                ])
        }
    }

    private func heading(_ title: String, on page: inout TextPage) {
        page.line(title, style: .heading)
        page.line(String(repeating: "─", count: min(TextWidth.of(title), TextPage.maximumWidth)))
    }

    /// Income, spending, net, savings rate and transfers, each against the previous month.
    private func totals(_ s: MonthlySummary, on page: inout TextPage) {
        let versus = "vs " + DateText.monthAbbreviations[s.month.previous.month - 1]
        let label = 13, amount = 16, change = 9
        func row(_ name: String, _ value: String, _ style: TextStyle?, _ delta: String, _ note: String) {
            page.line(
                indent: 2,
                [
                    .left(name, label), .right(value, amount, style), .right(delta, change),
                    .left(delta.isEmpty ? "" : versus, 8, .note), .left(note, 0, .note, shrinks: true),
                ])
        }
        func percentChange(_ before: Money?, _ now: Money) -> String {
            guard let before else { return "" }
            return MoneyMath.change(from: before, to: now).map(PercentText.change) ?? (now.isZero ? "0%" : "new")
        }
        row(
            "Income", MoneyText.withSymbol(s.income), .income, percentChange(s.previous?.income, s.income),
            Self.count(s.incomeCount, "transaction"))
        row(
            "Spending", MoneyText.withSymbol(s.expense), .expense, percentChange(s.previous?.expense, s.expense),
            Self.count(s.expenseCount, "transaction"))
        if s.refundCount > 0 {
            // Already taken off the spending above; shown so that the spending adds up to the receipts.
            row("  refunds", MoneyText.withSymbol(s.refunds), nil, "", Self.count(s.refundCount, "refund") + ", in the spending")
        }
        let netChange = s.previous.flatMap { MoneyMath.difference(s.net, $0.net) }.map(MoneyText.signed) ?? ""
        row("Net", MoneyText.withSymbol(s.net), s.net.isNegative ? .expense : .income, netChange, "")
        var previousRate = ""
        if let previous = s.previous, let rate = Self.savingsRate(previous) {
            previousRate = DateText.monthAbbreviations[s.month.previous.month - 1] + " " + rate.description
        }
        page.line(
            indent: 2,
            [
                .left("Savings rate", label), .right(s.savingsRate?.description ?? "–", amount),
                .right("", change), .left(previousRate, 0, .note, shrinks: true),
            ])
        let transfers =
            s.transfers.count == 0
            ? "none"
            : "in " + MoneyText.withSymbol(s.transfers.moneyIn) + ", out " + MoneyText.withSymbol(s.transfers.moneyOut)
                + " (" + Self.count(s.transfers.count, "transaction") + ")"
        page.line(indent: 2, [.left("Transfers", label), .left(transfers, 0, nil, shrinks: true)])
    }

    /// `net / income` of a previous month, as the model defines the savings rate.
    private static func savingsRate(_ totals: MonthTotals) -> Share? {
        SavingsRate.of(income: totals.income, expense: totals.expense, net: totals.net)
    }

    /// `1 transaction`, `3 transactions`.
    static func count(_ n: Int, _ noun: String) -> String {
        n == 1 ? "1 " + noun : "\(n) " + noun + "s"
    }
}
