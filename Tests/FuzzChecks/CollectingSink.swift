import FinanceCore
import StatementFormats

/// Keeps everything a reader sends, with the row balances asked for (so their parsing runs too).
struct CollectingSink: ActivitySink {
    var activities: [PaymentActivity] = []
    var diagnostics: [Diagnostic] = []
    var statements: [StatementInfo] = []
    var rowBalances: [RowBalance] = []
    var skipped: [SkippedLines] = []

    mutating func accept(_ activity: PaymentActivity) throws { activities.append(activity) }
    mutating func report(_ diagnostic: Diagnostic) throws { diagnostics.append(diagnostic) }
    mutating func statement(_ info: StatementInfo) throws { statements.append(info) }
    var wantsRowBalances: Bool { true }
    mutating func rowBalance(_ balance: RowBalance) throws { rowBalances.append(balance) }
    mutating func skipped(_ lines: SkippedLines) throws { skipped.append(lines) }

    /// The properties every reader's output must have, whatever the input: each diagnostic and
    /// each activity's source inside the input, each amount exact, each date a real day.
    func violations(in shape: InputShape, checksLines: Bool = true, checksSources: Bool = true) -> [String] {
        var found: [String] = []
        for diagnostic in diagnostics {
            if diagnostic.code.isEmpty { found.append("a diagnostic has no code: \(diagnostic)") }
            if diagnostic.message.isEmpty { found.append("diagnostic \(diagnostic.code) has no message") }
            if checksLines, let problem = shape.problem(with: diagnostic.location) {
                found.append("diagnostic \(diagnostic.code): \(problem)")
            }
        }
        for activity in activities {
            if checksLines, checksSources, let problem = shape.problem(with: activity.source) {
                found.append("activity at \(activity.source): \(problem)")
            }
            if checksSources, activity.source.line < 1 { found.append("activity has no line (\(activity.source))") }
            if let problem = AmountCheck.problem(with: activity.amount) { found.append("activity at \(activity.source): \(problem)") }
            let date = activity.date
            if LocalDate(year: date.year, month: date.month, day: date.day) != date {
                found.append("activity at \(activity.source): date \(date) is not a real day")
            }
        }
        return found
    }
}
