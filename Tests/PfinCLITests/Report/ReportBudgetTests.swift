import Foundation
import TestSupport
import Testing

/// `pfin report --budget`: budget vs actual over the generated 21-month history, checked against
/// a recomputation from the JSON Lines that shares no code with the library, and the budget
/// file's errors and warnings as the command prints them.
struct ReportBudgetTests {
    static let history = "Samples/history/checking-2023-2024.csv"
    static let rules = "Samples/history/household.pfin"
    static let budget = "Samples/history/household.budget"

    /// A budget line as this test reads the file: category, monthly amount in cents (or yearly
    /// amount and its months), rollover.
    struct Line {
        var category: String
        var cents: Int
        var months: [Int]?  // yearly
        var rollover = false

        func target(month: Int) -> Int {
            guard let months else { return cents }
            guard let index = months.firstIndex(of: month) else { return 0 }
            return cents / months.count + (index < cents % months.count ? 1 : 0)
        }
    }

    static let lines: [Line] = [
        Line(category: "Food:Groceries", cents: 45_000, rollover: true), Line(category: "Food", cents: 56_000),
        Line(category: "Housing:Rent", cents: 115_000), Line(category: "Utilities", cents: 16_000),
        Line(category: "Subscriptions", cents: 4_000), Line(category: "Household:Cleaning", cents: 13_000),
        Line(category: "Insurance", cents: 60_000, months: Array(1...12)), Line(category: "Transport:Club", cents: 9_400, months: [3]),
        Line(category: "Shopping", cents: 5_000, rollover: true), Line(category: "Income:Salary", cents: 400_000),
    ]

    /// `"-12.30"` as -1230.
    static func cents(_ text: String) -> Int {
        let negative = text.hasPrefix("-")
        let digits = text.filter { $0 != "-" && $0 != "." }
        let fraction = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
        var value = Int(digits) ?? 0
        for _ in fraction..<2 { value *= 10 }
        return negative ? -value : value
    }

    /// Per month (`YYYY-MM`) and budget category: what the transactions say was spent (positive)
    /// or received, read from the JSON Lines and categorised by prefix, transfers left out.
    static func actuals(_ jsonl: String) throws -> [String: [String: Int]] {
        var result: [String: [String: Int]] = [:]
        for row in jsonl.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any])
            let type = object["type"] as? String
            guard type != "transfer", let category = object["category"] as? String,
                let date = object["date"] as? String, let amount = object["amount"] as? String
            else { continue }
            let month = String(date.prefix(7))
            let income = category.hasPrefix("Income")
            for line in lines where category == line.category || category.hasPrefix(line.category + ":") {
                let value = cents(amount)
                result[month, default: [:]][line.category, default: 0] += income ? value : -value
            }
        }
        return result
    }

    @Test func budgetVsActualEqualsARecomputationFromTheJSONLines() throws {
        let converted = try PfinProcess.run(["convert", Self.history, "--rules", Self.rules, "--to", "jsonl"])
        #expect(converted.status == 0, "\(converted.stderr)")
        let actuals = try Self.actuals(converted.stdout)
        let report = try PfinProcess.run([
            "report", Self.history, "--rules", Self.rules, "--budget", Self.budget, "--format", "json",
        ])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stderr.isEmpty, "\(report.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let months = try #require(document["months"] as? [[String: Any]])
        #expect(months.count == 21)

        var carry: [String: Int] = [:], toDate: [String: (budgeted: Int, actual: Int)] = [:]
        var compared = 0
        for month in months {
            let name = try #require(month["month"] as? String)
            let number = Int(name.suffix(2)) ?? 0
            if number == 1 { carry = [:] }
            if number == 1 || name == "2023-01" { toDate = [:] }
            let budget = try #require((month["budgets"] as? [[String: Any]])?.first)
            let figures = try #require(budget["lines"] as? [[String: Any]])
            #expect(figures.count == Self.lines.count)
            for line in Self.lines {
                let shown = try #require(figures.first { $0["category"] as? String == line.category }, "\(name) \(line.category)")
                let target = line.target(month: number)
                let budgeted = target + (carry[line.category] ?? 0)
                let actual = actuals[name]?[line.category] ?? 0
                let left = budgeted - actual
                carry[line.category] = line.rollover && left > 0 ? left : 0
                toDate[line.category, default: (0, 0)].budgeted += target
                toDate[line.category, default: (0, 0)].actual += actual
                let where_ = "\(name) \(line.category)"
                #expect(Self.cents(shown["budgeted"] as? String ?? "") == budgeted, "\(where_)")
                #expect(Self.cents(shown["actual"] as? String ?? "") == actual, "\(where_)")
                #expect(Self.cents(shown["left"] as? String ?? "") == left, "\(where_)")
                let ytd = try #require(shown["yearToDate"] as? [String: Any])
                #expect(Self.cents(ytd["budgeted"] as? String ?? "") == toDate[line.category]?.budgeted, "\(where_)")
                #expect(Self.cents(ytd["actual"] as? String ?? "") == toDate[line.category]?.actual, "\(where_)")
                let over = line.category.hasPrefix("Income") ? actual < budgeted : actual > budgeted
                #expect((shown["status"] as? String) == (over ? (line.category.hasPrefix("Income") ? "short" : "over") : "within"), "\(where_)")
                compared += 1
            }
        }
        #expect(compared == 21 * Self.lines.count)
    }

    /// A month's figures are the same whether the report starts in January or in that month: the
    /// command reads the year from January for the carries and the year to date.
    @Test func aMonthAloneHasTheFiguresOfTheWholeRun() throws {
        let base = ["report", Self.history, "--rules", Self.rules, "--budget", Self.budget, "--format", "csv"]
        let alone = try PfinProcess.run(base + ["--month", "2024-05"])
        let whole = try PfinProcess.run(base)
        #expect(alone.status == 0 && whole.status == 0, "\(alone.stderr)\(whole.stderr)")
        let budgetRows = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("2024-05,EUR,budget") } }
        #expect(budgetRows(alone.stdout).count == 3 * Self.lines.count + 1)
        #expect(budgetRows(alone.stdout) == budgetRows(whole.stdout))
        // Groceries in May: 450.00 plus the 41.62 April left.
        #expect(alone.stdout.contains("2024-05,EUR,budget,Food:Groceries,491.62,\n"))
    }

    @Test func theTextSectionOfAMonth() throws {
        let result = try PfinProcess.run([
            "report", Self.history, "--rules", Self.rules, "--budget", Self.budget, "--month", "2024-05",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let section = try #require(result.stdout.range(of: "Budget \"Household\"")).lowerBound
        Golden.check(String(result.stdout[section...]), "report/budget-2024-05.txt")
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    /// The month page's budget card, pinned; names from the budget file are escaped.
    @Test func theHTMLSectionOfAMonth() throws {
        let result = try PfinProcess.run([
            "report", Self.history, "--rules", Self.rules, "--budget", Self.budget, "--month", "2024-05", "--format", "html",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let start = try #require(result.stdout.range(of: "<section class=\"card budget\">")).lowerBound
        let end = try #require(result.stdout[start...].range(of: "</section>")).upperBound
        Golden.check(String(result.stdout[start..<end]) + "\n", "report/budget-2024-05.html")

        let directory = try TemporaryDirectory()
        let path = directory.path("hostile.budget")
        try "budget \"<script>x</script>\" currency EUR\n  monthly \"Food:<b>\" 100\n".write(toFile: path, atomically: true, encoding: .utf8)
        let hostile = try PfinProcess.run([
            "report", Self.history, "--rules", Self.rules, "--budget", path, "--month", "2024-05", "--format", "html",
        ])
        #expect(hostile.status == 0, "\(hostile.stderr)")
        #expect(hostile.stdout.contains("Budget · &lt;script&gt;x&lt;/script&gt;"))
        #expect(hostile.stdout.contains("Food:&lt;b&gt;"))
        #expect(!hostile.stdout.contains("<script>") && !hostile.stdout.contains("<b>"))
    }

    @Test func aBudgetFileWithAnErrorWritesNoReport() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("home.budget")
        try "budget \"Home\" currency EUR\n  montly \"Food\" 100\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try PfinProcess.run(["report", Self.history, "--budget", path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(path):2:3: error: expected 'budget', 'monthly', 'yearly' or 'rollover', found 'montly'"), "\(result.stderr)")
        #expect(result.stderr.contains("\(path):2:3: note: did you mean 'monthly'?"))
    }

    @Test func linesThatCompareWithNothingAreWarnedAbout() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("home.budget")
        try "budget \"Home\" currency EUR\n  monthly \"Food:Grocery\" 100\n  monthly \"Transfers:Savings\" 300\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try PfinProcess.run(["report", Self.history, "--rules", Self.rules, "--budget", path, "--month", "2024-05"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("\(path):2:11: warning: no transaction in EUR has the category \"Food:Grocery\""), "\(result.stderr)")
        #expect(result.stderr.contains("note: did you mean \"Food:Groceries\"?"))
        #expect(result.stderr.contains("\(path):3:11: warning: \"Transfers:Savings\" is a transfer category"))
    }
}
