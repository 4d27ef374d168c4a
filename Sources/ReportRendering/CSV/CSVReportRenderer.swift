import FinanceCore
import Reports

/// A monthly report as CSV for spreadsheets and scripts: `month,currency,type,category,amount,count`.
///
/// Each month and currency gives, in this order (README "CSV rows" has the full table):
/// - the totals, with an empty `category`: `income-total`, `expense-total`, `net`, `transfer-in`,
///   `transfer-out` (their `count` empty: the model counts transfers only together) and
///   `uncategorized` (its `amount` empty, `count` the transactions without a category);
/// - `income` and `expense` rows for every category with transactions in the month, at every level of the tree, parents with
///   their subcategories rolled in: `Food` includes `Food:Groceries`. The rows whose `category`
///   has no `:` (top level) sum to the total; filter on the colon count for any other level;
/// - `payee` rows, the top payees by spending, the payee's name in the `category` column;
/// - with a budget (`--budget`), its lines' rows (`rows(_:currency:to:)`).
/// A month without activity has no rows. Amounts are plain decimals (`-54.20`, no grouping) with
/// the currency's digits. Cells a spreadsheet would run as formulas get a leading `'`.
///
/// Lines end in LF by default, as `pfin convert --to csv` does: RFC 4180 asks for CRLF, but every
/// spreadsheet and CSV library reads both, and LF keeps the output diff- and grep-friendly on the
/// systems pfin runs on. `Options.lineEnding` gives CRLF to consumers that insist.
public struct CSVReportRenderer: ReportRenderer {
    public static let header = "month,currency,type,category,amount,count"

    public enum LineEnding: Sendable {
        case lf, crlf
    }

    public struct Options: Sendable {
        public var lineEnding: LineEnding

        public init(lineEnding: LineEnding = .lf) {
            self.lineEnding = lineEnding
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    public func render(_ report: MonthlyReport) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        out.append(contentsOf: Self.header.utf8)
        endLine(&out)
        for month in report.months {
            for summary in report.summaries(of: month) { rows(summary, to: &out) }
            for budget in report.budgets {
                if let figures = budget.month(month) { rows(figures, currency: budget.currency, to: &out) }
            }
        }
        return out
    }

    private func rows(_ s: MonthlySummary, to out: inout [UInt8]) {
        let month = s.month.description
        let currency = s.currency?.description ?? ""
        func row(_ type: String, _ category: String, _ amount: Money?, _ count: Int?) {
            self.row(month, currency, type, category, amount, count, to: &out)
        }
        row("income-total", "", s.income, s.incomeCount)
        row("expense-total", "", s.expense, s.expenseCount)
        row("refund-total", "", s.refunds, s.refundCount)
        row("net", "", s.net, s.incomeCount + s.expenseCount)
        row("transfer-in", "", s.transfers.moneyIn, nil)
        row("transfer-out", "", s.transfers.moneyOut, nil)
        row("uncategorized", "", nil, s.uncategorizedCount)
        // The categories with transactions this month: a gone one (zero, kept for the comparisons
        // of the other formats) would add a row of nothing here.
        for line in s.incomeCategories where line.count > 0 { row("income", line.path, line.amount, line.count) }
        for line in s.expenseCategories where line.count > 0 { row("expense", line.path, line.amount, line.count) }
        for payee in s.topPayees { row("payee", payee.name, payee.amount, payee.count) }
    }

    /// A budget's month (`--budget`): for each line, in the budget's order, `budget` (budgeted,
    /// carry included), `budget-actual` and `budget-left` rows, the line's category as written in
    /// the budget file; then `budget-unbudgeted`, the spending no line covers.
    private func rows(_ figures: BudgetMonth, currency: CurrencyCode?, to out: inout [UInt8]) {
        let month = figures.month.description
        let currency = currency?.description ?? ""
        for line in figures.lines {
            row(month, currency, "budget", line.category, line.budgeted, nil, to: &out)
            row(month, currency, "budget-actual", line.category, line.actual, nil, to: &out)
            row(month, currency, "budget-left", line.category, line.left, nil, to: &out)
        }
        row(month, currency, "budget-unbudgeted", "", figures.unbudgeted, nil, to: &out)
    }

    private func row(
        _ month: String, _ currency: String, _ type: String, _ category: String, _ amount: Money?, _ count: Int?,
        to out: inout [UInt8]
    ) {
        out.append(contentsOf: month.utf8)
        out.append(UInt8(ascii: ","))
        out.append(contentsOf: currency.utf8)
        out.append(UInt8(ascii: ","))
        out.append(contentsOf: type.utf8)
        out.append(UInt8(ascii: ","))
        CSVField.append(category, to: &out)
        out.append(UInt8(ascii: ","))
        amount?.appendDecimal(to: &out)
        out.append(UInt8(ascii: ","))
        if let count { out.append(contentsOf: String(count).utf8) }
        endLine(&out)
    }

    private func endLine(_ out: inout [UInt8]) {
        if options.lineEnding == .crlf { out.append(0x0D) }
        out.append(0x0A)
    }
}
