import FinanceCore
import LedgerStore
import ReportRendering

/// `pfin summary` as a dashboard in 80 columns: the period, income, expense and net (income −
/// expense, not a balance) per currency, the balances the statements state, and the latest
/// transactions.
///
///     Summary: 01 May 2024 to 17 May 2024
///
///       currency        income       expense           net  transactions
///       USD         +$3,200.00    -$1,254.20    +$1,945.80            14
///
///     Balances the statements state
///       Checking      $8,412.55  on 17 May 2024  closing balance, may.ofx
enum SummaryText {
    static func render(_ summary: LedgerSummary, balances: [StatedBalance] = [], idWidth: Int = 8) -> String {
        var text = "Summary: \(period(summary.from, summary.to))\n\n"
        guard !summary.totals.isEmpty else {
            return text + "No transactions in this period.\n"
        }
        let cells = summary.totals.map { line -> [String] in
            [
                line.currency?.description ?? "none", MoneyText.signed(line.income),
                MoneyText.signed(line.expense.negated ?? line.expense), MoneyText.signed(line.net),
                String(line.incomeCount + line.expenseCount + line.transferCount),
            ]
        }
        let header = ["currency", "income", "expense", "net", "transactions"]
        var widths = header.map(TextWidth.of)
        for row in cells {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], TextWidth.of(cell)) }
        }
        widths[1...3] = ArraySlice(repeating: max(12, widths[1...3].max() ?? 0), count: 3)
        for row in [header] + cells {
            var line = "  " + row[0] + String(repeating: " ", count: widths[0] - TextWidth.of(row[0]))
            for i in 1..<row.count {
                line += "  " + String(repeating: " ", count: widths[i] - TextWidth.of(row[i])) + row[i]
            }
            text += line + "\n"
        }
        let transfers = summary.totals.reduce(0) { $0 + $1.transferCount }
        if transfers > 0 {
            text += "\n  Transfers between your own accounts (\(transfers)) count in neither income nor expense.\n"
        }
        if !balances.isEmpty { text += "\n" + Self.balances(balances) }
        if !summary.recent.isEmpty {
            text += "\nLatest \(summary.recent.count == 1 ? "transaction" : "\(summary.recent.count) transactions")\n"
            text += ActivityTable.render(summary.recent, idWidth: idWidth)
        }
        return text
    }

    /// The balances the statements state, one line an account: the account, the amount, its day and
    /// where it was stated.
    static func balances(_ balances: [StatedBalance]) -> String {
        let rows = balances.map { b -> [String] in
            let file = b.file.split(separator: "/").last.map(String.init) ?? b.file
            return [
                b.account ?? "(no account)", MoneyText.withSymbol(b.amount), "on " + DateText.long(b.date),
                (b.kind == .closing ? "closing balance, " : "balance after a row, ") + file,
            ]
        }
        let widths = (0..<3).map { i in rows.map { TextWidth.of($0[i]) }.max() ?? 0 }
        var text = "Balances the statements state\n"
        for row in rows {
            let account = row[0] + String(repeating: " ", count: widths[0] - TextWidth.of(row[0]))
            let amount = String(repeating: " ", count: widths[1] - TextWidth.of(row[1])) + row[1]
            let day = row[2] + String(repeating: " ", count: widths[2] - TextWidth.of(row[2]))
            text += "  " + account + "  " + amount + "  " + day + "  " + row[3] + "\n"
        }
        return text
    }

    /// `01 May 2024 to 17 May 2024`, `since 01 May 2024`, `until …` or `all time`.
    static func period(_ from: LocalDate?, _ to: LocalDate?) -> String {
        switch (from, to) {
        case let (from?, to?): return "\(DateText.long(from)) to \(DateText.long(to))"
        case let (from?, nil): return "since \(DateText.long(from))"
        case let (nil, to?): return "until \(DateText.long(to))"
        case (nil, nil): return "all time"
        }
    }
}
