import FinanceCore
import ReportRendering
import Reports

/// Report rendering with every transaction kept: the JSON renderer writes each one, so its time
/// grows with the data while the text and CSV renderers only see the summaries.
enum RenderBenchmark {
    /// `render [--rows N] [--runs N]`: one report of 12 months holding N transactions in all
    /// (1,000,000 by default), rendered as JSON; median of 5 runs. With `--html`, the HTML pages
    /// instead (see `HTMLRenderBenchmark`).
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--html") { return HTMLRenderBenchmark.run(arguments) }
        let options = BenchOptions(arguments: arguments)
        let rows = options.int("--rows", 1_000_000)
        let runs = max(1, options.int("--runs", 5))
        let report = makeReport(rows: rows)
        print("pfin-bench render: \(Measure.grouped(rows)) transactions over \(report.months.count) months")
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<runs {
            let start = Measure.now()
            let output = JSONReportRenderer().render(report)
            times.append(Measure.now() - start)
            bytes = output.count
        }
        let median = Measure.median(times)
        print("  JSON: \(Measure.format(median * 1000)) ms median of \(runs), \(Measure.format(Double(bytes) / 1e6)) MB, "
              + "\(Measure.grouped(Int(Double(rows) / median))) transactions/s")
        print("  peak RSS: \(Measure.format(Measure.peakRSSMiB())) MiB")
        return 0
    }

    /// Realistic-looking transactions: varied names, memos on a third, categories on most.
    static func makeReport(rows: Int) -> MonthlyReport {
        let eur = CurrencyCode("EUR")!
        let names = ["Whole Foods Market", "SUPERMARCHÉ CARREFOUR CITY", "Amazon Marketplace", "Shell 1234 Berlin",
                     "Netflix.com", "ACME Payroll", "Deutsche Bahn", "Café \"Zum Löwen\"", "Rent May", "Spotify AB"]
        let categories: [String?] = ["Food:Groceries", "Shopping", nil, "Transport:Fuel", "Leisure:Streaming",
                                     "Income:Salary", "Transport:Train", "Food:Restaurants", "Housing:Rent", "Leisure"]
        let months = (0..<12).map { YearMonth(year: 2024, month: $0 + 1)! }
        var summaries: [MonthlySummary] = []
        for (index, month) in months.enumerated() {
            let count = rows / 12 + (index < rows % 12 ? 1 : 0)
            var transactions: [PaymentActivity] = []
            transactions.reserveCapacity(count)
            for i in 0..<count {
                let k = i % names.count
                let amount = Money(units: Int64(k == 5 ? 250_000 : -(i % 10_000 + 1)), scale: 2, currency: eur)
                transactions.append(PaymentActivity(
                    id: ActivityID(value: UInt64(i) &* 0x9E37_79B9_7F4A_7C15), account: "DE12 1203 0000 1234 5678 90",
                    date: LocalDate(year: 2024, month: month.month, day: i % 28 + 1)!, name: names[k],
                    amount: amount, memo: i % 3 == 0 ? "POS \(i % 1000) card 1234" : nil, category: categories[k],
                    source: SourceLocation(file: "exports/bank-2024.csv", line: i + 2)))
            }
            let zero = Money(units: 0, scale: 2, currency: eur)
            summaries.append(MonthlySummary(
                month: month, currency: eur, income: zero, expense: zero, net: zero, savingsRate: nil, incomeCount: 0,
                expenseCount: 0, transfers: TransferTotals(moneyIn: zero, moneyOut: zero, count: 0), previous: nil,
                incomeCategories: [], expenseCategories: [], topPayees: [], largest: [], uncategorizedCount: 0,
                transactions: transactions))
        }
        return MonthlyReport(months: months, summaries: summaries)
    }
}
