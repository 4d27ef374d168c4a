import FinanceCore
import LedgerStore
import Rules
import StatementFormats

/// Activities of one file go through the rules into the import session; diagnostics go to standard
/// error and are counted, because a file with errors is not imported at all.
struct ImportSink: ActivitySink {
    let session: ImportSession
    let rules: RuleEngine?
    var printer: DiagnosticPrinter
    /// Errors in this file (the printer counts the whole run).
    private(set) var errors = 0

    init(session: ImportSession, rules: RuleEngine?, printer: DiagnosticPrinter) {
        self.session = session
        self.rules = rules
        self.printer = printer
    }

    mutating func accept(_ activity: PaymentActivity) throws {
        // Once the file has an error it will be rolled back: reading on only finds the other errors.
        guard errors == 0 else { return }
        guard let rules else {
            try session.add(activity)
            return
        }
        var ruled = activity
        let set = rules.apply(to: &ruled)
        for r in rules.gaveUp { printer.print(RegexGaveUp.warning(rules.rules[r], at: activity.source)) }
        try session.add(ruled, typeSetByRule: set.contains(.type))
    }

    mutating func report(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { errors += 1 }
        printer.print(diagnostic)
    }
}
