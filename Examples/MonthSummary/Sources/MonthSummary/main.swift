import FinanceCore
import Foundation
import Reports
import Rules
import StatementFormats

// month-summary STATEMENT [RULES]: reads a bank file of any format pfin reads, categorises it
// with a rules file, and prints each month's income, spending and largest categories.

/// Collects what a reader sends: transactions categorised on the way, and problems.
struct Collector: ActivitySink {
    let rules: RuleEngine?
    var activities: [PaymentActivity] = []
    var problems: [Diagnostic] = []

    mutating func accept(_ activity: PaymentActivity) throws {
        var activity = activity
        _ = rules?.apply(to: &activity)
        activities.append(activity)
    }

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
    // Which format it is, by the evidence in its first bytes; then that format's reader.
    let input = try ByteInput(path: path)
    let identification = try StatementIdentification.identify(input)
    guard let format = identification.format, let reader = StatementReaders.reader(for: format) else {
        print("\(path): not a statement pfin reads")
        exit(1)
    }
    var collector = Collector(rules: rules)
    try reader.read(input, options: ReadOptions(), into: &collector)
    for problem in collector.problems { print(problem) }

    var builder = ReportBuilder(options: ReportOptions())
    for activity in collector.activities { builder.add(activity) }
    let report = builder.finish()
    print("\(path): \(format), \(collector.activities.count) transactions")
    for month in report.summaries {
        let top = month.expenseCategories.prefix(3).map { "\($0.path) \($0.amount)" }.joined(separator: ", ")
        print("\(month.month)  income \(month.income)  spending \(month.expense)  net \(month.net)  top: \(top)")
    }
} catch {
    print("\(path): \(error)")
    exit(1)
}
