import Foundation
import TestSupport
import Testing

/// `pfin budget` shows the budget sections of `pfin report --budget` alone, with the same
/// figures in every format; `pfin budget suggest` writes a budget file that `pfin budget` reads.
struct BudgetCommandTests {
    static let input = [ReportBudgetTests.history, "--rules", ReportBudgetTests.rules]
    static let budget = ["--budget", ReportBudgetTests.budget]

    @Test func theTextIsTheReportsSection() throws {
        let alone = try PfinProcess.run(["budget"] + Self.input + Self.budget + ["--month", "2024-05"])
        let report = try PfinProcess.run(["report"] + Self.input + Self.budget + ["--month", "2024-05"])
        #expect(alone.status == 0 && report.status == 0, "\(alone.stderr)\(report.stderr)")
        let section = try #require(report.stdout.range(of: "Budget \"Household\"")).lowerBound
        #expect(alone.stdout == String(report.stdout[section...]))
    }

    @Test func csvHasARowPerLineAndMonth() throws {
        let result = try PfinProcess.run(["budget"] + Self.input + Self.budget + ["--from", "2024-01", "--to", "2024-06", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n")
        #expect(
            rows.first == "budget,currency,month,kind,category,depth,target,carried,budgeted,actual,left,used,status,ytd_from,ytd_budgeted,ytd_actual,ytd_left")
        #expect(rows.count == 1 + 6 * ReportBudgetTests.lines.count)
        #expect(rows.contains("Household,EUR,2024-05,spending,Food:Groceries,1,450.00,41.62,491.62,513.95,-22.33,104.54,over,2024-01,2250.00,2526.59,-276.59"))
    }

    @Test func jsonHoldsTheReportsBudgets() throws {
        let alone = try PfinProcess.run(["budget"] + Self.input + Self.budget + ["--month", "2024-05", "--format", "json"])
        let report = try PfinProcess.run(["report"] + Self.input + Self.budget + ["--month", "2024-05", "--format", "json"])
        let a = try #require(try JSONSerialization.jsonObject(with: Data(alone.stdout.utf8)) as? [String: Any])
        let r = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        #expect(a["schema"] as? String == "pfin.budget/1")
        let budgets = { (document: [String: Any]) in ((document["months"] as? [[String: Any]])?.first?["budgets"] as? [Any]) ?? [] }
        #expect(budgets(a).count == 1)
        #expect(NSArray(array: budgets(a)).isEqual(to: budgets(r)))
    }

    @Test func withoutABudgetFileItSaysWhatItNeeds() throws {
        let result = try PfinProcess.run(["budget"] + Self.input)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("pfin: error: 'pfin budget' compares with a budget file: give --budget FILE"))
    }

    @Test func aSuggestedBudgetReadsBack() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("suggested.budget")
        let suggested = try PfinProcess.run(["budget", "suggest"] + Self.input + ["-o", path])
        #expect(suggested.status == 0, "\(suggested.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The last 12 months of the history: October 2023 to September 2024. The rent never
        // changed; insurance came in 4 of the 12 months (quarterly and one yearly bill).
        #expect(text.contains("from 12 months, Oct 2023 to Sep 2024"))
        #expect(text.contains("  monthly \"Housing\" 1150.00 "))
        #expect(text.contains("  yearly \"Insurance\" 594.00 "))
        #expect(text.contains("  # monthly \"Food:Groceries\" "))
        let used = try PfinProcess.run(["budget"] + Self.input + ["--budget", path, "--month", "2024-09"])
        #expect(used.status == 0, "\(used.stderr)")
        #expect(used.stderr.isEmpty, "\(used.stderr)")
        #expect(used.stdout.contains("Budget \"Suggested\" · EUR · September 2024"))
    }
}
