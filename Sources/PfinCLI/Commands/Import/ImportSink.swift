import FinanceCore
import LedgerStore

/// What the reader sends for one file (activities, already through the rules, the balances it
/// states, and diagnostics) goes into the import session and to standard error; errors are counted, because a file with
/// errors is not imported at all.
struct ImportSink {
    let session: ImportSession
    var printer: DiagnosticPrinter
    /// Errors in this file (the printer counts the whole run).
    private(set) var errors = 0

    init(session: ImportSession, printer: DiagnosticPrinter) {
        self.session = session
        self.printer = printer
    }

    mutating func take(_ item: ActivityPipeline.Item) throws(LedgerError) {
        switch item {
        case .activity(let activity, let typeSetByRule):
            // Once the file has an error it will be rolled back: reading on only finds the other errors.
            guard errors == 0 else { return }
            try session.add(activity, typeSetByRule: typeSetByRule)
        case .diagnostic(let diagnostic):
            if diagnostic.severity == .error { errors += 1 }
            printer.print(diagnostic)
        case .statement(let info):
            session.statement(info)
        case .rowBalance(let balance):
            session.rowBalance(balance)
        }
    }
}
