import FinanceCore
import StatementPipeline

/// Prints diagnostics to standard error, compiler style, and counts them.
///
///     bank.csv:14:12: error: expected a date in the layout dd.mm.yyyy (like 03.05.2024), found '2024-05-03'
///     bank.csv:14:12: note: if the file's dates use another layout, pass --date-format …
struct DiagnosticPrinter {
    private(set) var errors = 0
    private(set) var warnings = 0

    mutating func print(_ diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        }
        Terminal.err(diagnostic.description + "\n")
    }

    /// A problem of the run itself rather than of a file's contents: `pfin: error: …`.
    mutating func fail(_ message: String, notes: [String] = []) {
        errors += 1
        Terminal.err("pfin: error: \(message)\n" + notes.map { "pfin: note: \($0)\n" }.joined())
    }
}

extension DiagnosticPrinter: DiagnosticReporter {
    mutating func report(_ diagnostic: Diagnostic) { print(diagnostic) }
}
