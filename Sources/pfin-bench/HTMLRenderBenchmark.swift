import FinanceCore
import Glibc
import ReportRendering
import Reports

/// HTML pages of a large report, rendered the way `pfin report --out-dir` writes them: one month
/// page at a time (each dropped before the next), then the index.
enum HTMLRenderBenchmark {
    /// `render --html [--rows N] [--months N] [--runs N] [--out DIR]`: N transactions (1,000,000)
    /// over N months (120), every page rendered; median of the runs (3). `--out` also writes the
    /// pages, to look at them in a browser.
    static func run(_ arguments: [String]) -> Int32 {
        let options = BenchOptions(arguments: arguments)
        let rows = options.int("--rows", 1_000_000)
        let monthCount = max(1, options.int("--months", 120))
        let runs = max(1, options.int("--runs", 3))
        let report = makeReport(rows: rows, months: monthCount)
        let renderer = HTMLReportRenderer()
        print("pfin-bench render --html: \(Measure.grouped(rows)) transactions over \(monthCount) months")
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<runs {
            bytes = 0
            let start = Measure.now()
            for month in report.months {
                let page = renderer.render(report, month: month)
                bytes += page.count
            }
            bytes += renderer.renderIndex(report).count
            times.append(Measure.now() - start)
        }
        let median = Measure.median(times)
        print("  HTML: \(Measure.format(median * 1000)) ms median of \(runs) for \(monthCount) pages + index, "
              + "\(Measure.format(Double(bytes) / 1e6)) MB, \(Measure.grouped(Int(Double(rows) / median))) transactions/s")
        print("  peak RSS: \(Measure.format(Measure.peakRSSMiB())) MiB")
        if let directory = options.string("--out") { write(report, renderer, to: directory) }
        return 0
    }

    private static func write(_ report: MonthlyReport, _ renderer: HTMLReportRenderer, to directory: String) {
        mkdir(directory, 0o755)
        let pages = report.months.map { (HTMLReportRenderer.fileName(for: $0), $0) }
        for (name, month) in pages { save(renderer.render(report, month: month), directory + "/" + name) }
        save(renderer.renderIndex(report), directory + "/" + HTMLReportRenderer.indexFileName)
    }

    private static func save(_ bytes: [UInt8], _ path: String) {
        guard let file = fopen(path, "w") else { return }
        bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }

    /// Months of salary, rent and varied spending, with summaries worked out from them.
    static func makeReport(rows: Int, months monthCount: Int) -> MonthlyReport {
        let eur = CurrencyCode("EUR")!
        let spending: [(String, String?)] = [
            ("Whole Foods Market", "Food:Groceries"), ("SUPERMARCHÉ CARREFOUR CITY", "Food:Groceries"),
            ("Amazon Marketplace", "Shopping"), ("Shell 1234 Berlin", "Transport:Fuel"), ("Netflix.com", "Leisure:Streaming"),
            ("Deutsche Bahn", "Transport:Train"), ("Café \"Zum Löwen\"", "Food:Restaurants"), ("Market stall", nil),
            ("Spotify AB", "Leisure:Streaming"), ("Rent May", "Housing:Rent"),
        ]
        var summaries: [MonthlySummary] = []
        var months: [YearMonth] = []
        for index in 0..<monthCount {
            let month = YearMonth(ordinal: YearMonth(year: 2015, month: 1)!.ordinal + index)
            months.append(month)
            let count = rows / monthCount + (index < rows % monthCount ? 1 : 0)
            var transactions: [PaymentActivity] = []
            transactions.reserveCapacity(count)
            var income: Int64 = 0, expense: Int64 = 0, incomeCount = 0
            var byCategory: [String: Int64] = [:], byPayee: [String: (Int64, Int)] = [:]
            for i in 0..<count {
                let day = 28 - i * 28 / max(count, 1)
                let isIncome = i % 50 == 0
                let (name, category) = isIncome ? ("ACME Payroll", "Income:Salary") : spending[i % spending.count]
                let units: Int64 = isIncome ? 250_000 : -Int64(i % 9_973 + 1)
                if isIncome { income += units; incomeCount += 1 } else {
                    expense -= units
                    byCategory[category.map { String($0.split(separator: ":")[0]) } ?? MonthlySummary.uncategorizedName, default: 0] -= units
                    byPayee[name, default: (0, 0)].0 -= units
                    byPayee[name, default: (0, 0)].1 += 1
                }
                transactions.append(PaymentActivity(
                    id: ActivityID(value: UInt64(i) &* 0x9E37_79B9_7F4A_7C15), account: "DE12 1203 0000 1234 5678 90",
                    date: LocalDate(year: month.year, month: month.month, day: max(day, 1))!, name: name,
                    amount: Money(units: units, scale: 2, currency: eur), memo: i % 3 == 0 ? "POS \(i % 1000)" : nil,
                    type: isIncome ? .income : .expense, category: category,
                    source: SourceLocation(file: "exports/bank.csv", line: i + 2)))
            }
            func money(_ units: Int64) -> Money { Money(units: units, scale: 2, currency: eur) }
            let lines = byCategory.sorted { $0.value > $1.value }.map { name, units in
                CategoryLine(path: name, name: name, depth: 0, amount: money(units), count: 1,
                             share: Share(part: units, of: expense), previous: nil, changeFromPrevious: nil,
                             trailingAverage: nil, changeFromAverage: nil,
                             isUncategorized: name == MonthlySummary.uncategorizedName)
            }
            let payees = byPayee.sorted { $0.value.0 > $1.value.0 }.prefix(5).map {
                PayeeLine(name: $0.key, amount: money($0.value.0), count: $0.value.1)
            }
            let zero = money(0)
            summaries.append(MonthlySummary(
                month: month, currency: eur, income: money(income), expense: money(expense),
                net: money(income - expense), savingsRate: Share(part: income - expense, of: income),
                incomeCount: incomeCount, expenseCount: count - incomeCount,
                transfers: TransferTotals(moneyIn: zero, moneyOut: zero, count: 0), previous: nil,
                incomeCategories: [], expenseCategories: lines, topPayees: Array(payees),
                largest: Array(transactions.prefix(5)), uncategorizedCount: count / 10, transactions: transactions))
        }
        return MonthlyReport(months: months, summaries: summaries)
    }
}
