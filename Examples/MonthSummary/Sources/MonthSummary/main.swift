import FinanceCore
import Foundation
import Reports
import Rules
import StatementFormats
import StatementPipeline

// month-summary STATEMENT [RULES]: reads a bank file of any format pfin reads, categorises it
// with a rules file, and prints each month's income, spending and largest categories.

/// Collects what the rules stage passes on: transactions, categorised, and problems (the
/// readers' and the rules' own, such as a regex that gave up).
struct Collector: RuledActivitySink {
    var activities: [PaymentActivity] = []
    var problems: [Diagnostic] = []

    mutating func accept(_ activity: PaymentActivity) throws { activities.append(activity) }
    mutating func report(_ diagnostic: Diagnostic) throws { problems.append(diagnostic) }
}

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    print("usage: month-summary STATEMENT [RULES]")
    exit(2)
}
do {
    var rules: RuleEngine?
    if let rulesPath = arguments.dropFirst().first {
        switch RulesParser.parse(try String(contentsOfFile: rulesPath, encoding: .utf8), file: rulesPath) {
        case .success(let set): rules = RuleEngine(set)
        case .failure(let errors):
            errors.diagnostics.forEach { print($0) }
            exit(1)
        }
    }
    // The reader the content calls for (a file of another kind is a problem, not a throw), then
    // the rules on the way to the collector.
    var stage = RulesStage(rules, into: Collector())
    try InputSource(path).read(options: ReadOptions(), into: &stage)
    let collector = stage.base
    for problem in collector.problems { print(problem) }
    guard !collector.problems.contains(where: { $0.severity == .error }) else { exit(1) }

    var builder = ReportBuilder(options: ReportOptions())
    for activity in collector.activities { builder.add(activity) }
    let report = builder.finish()
    print("\(path): \(collector.activities.count) transactions")
    for month in report.summaries {
        let top = month.expenseCategories.prefix(3).map { "\($0.path) \($0.amount)" }.joined(separator: ", ")
        print("\(month.month)  income \(month.income)  spending \(month.expense)  net \(month.net)  top: \(top)")
    }
} catch {
    print("\(path): \(error)")
    exit(1)
}
