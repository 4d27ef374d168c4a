import FinanceCore

/// One failed check of a value the user typed for `pfin add` or `pfin edit`: the option, what to
/// do (finance-app wording: "please enter the payment name") and why, in notes.
///
///     pfin: error: --amount: please enter a valid amount
///     pfin: note: '-5' has a sign; give the magnitude (5): --type decides the sign
struct FieldProblem: Equatable {
    /// `--amount`, or `ID` for the transaction id.
    var option: String
    var message: String
    var notes: [String]

    init(_ option: String, _ message: String, notes: [String] = []) {
        self.option = option
        self.message = message
        self.notes = notes
    }

    /// Prints every problem, then one line saying that nothing happened: all checks run first, so
    /// the user fixes everything in one go rather than one error per attempt.
    ///
    /// - Parameter outcome: what did not happen, e.g. "nothing was added".
    static func report(_ problems: [FieldProblem], outcome: String, printer: inout DiagnosticPrinter) {
        for problem in problems {
            // The id is an argument, not an option: its messages stand alone.
            let label = problem.option.hasPrefix("-") ? "\(problem.option): " : ""
            printer.fail(label + problem.message, notes: problem.notes)
        }
        Terminal.err("pfin: \(Plural.count(problems.count, "error")); \(outcome)\n")
    }
}
