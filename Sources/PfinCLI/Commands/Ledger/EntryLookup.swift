import FinanceCore
import LedgerStore
import ReportRendering

/// Finds the transaction an id (or a unique prefix of one, as `pfin list` shows them) names, for `pfin show`, `edit` and `delete`.
enum EntryLookup {
    /// The outcome of looking an id up: the entry, or the problem to report.
    enum Outcome {
        case found(LedgerEntry)
        case problem(FieldProblem)
    }

    static func find(_ text: String, in ledger: Ledger) throws(LedgerError) -> Outcome {
        let prefix = EntryInput.trimmed(text)
        switch try ledger.activity(idPrefix: prefix) {
        case .found(let entry):
            return .found(entry)
        case .none:
            let message =
                prefix.utf8.count == 16
                ? "no transaction has the id '\(prefix)'"
                : "no transaction has an id starting with '\(prefix)'"
            return .problem(
                FieldProblem(
                    "ID", message,
                    notes: [
                        "'pfin list' shows the ids; deleted transactions are not found"
                    ]))
        case .ambiguous(let entries):
            return .problem(
                FieldProblem(
                    "ID", "'\(prefix)' is the start of several ids; give more of its digits",
                    notes: entries.map { line($0.activity) }))
        case .invalidPrefix:
            return .problem(
                FieldProblem(
                    "ID", "'\(text)' is not a transaction id",
                    notes: [
                        "an id is up to 16 hex digits (0-9, a-f), as 'pfin list' shows them; a unique prefix is enough"
                    ]))
        }
    }

    /// Looks every id up (with `find`, or another lookup such as `findDeleted`), and reports each
    /// one not found; `nil` when any was not.
    static func findAll(
        _ texts: [String], in ledger: Ledger, outcome: String, printer: inout DiagnosticPrinter,
        lookup: (String, Ledger) throws(LedgerError) -> Outcome = find
    ) -> [LedgerEntry]? {
        var entries: [LedgerEntry] = [], problems: [FieldProblem] = []
        do throws(LedgerError) {
            for text in texts {
                switch try lookup(text, ledger) {
                case .found(let entry): entries.append(entry)
                case .problem(let problem): problems.append(problem)
                }
            }
        } catch {
            LedgerOptions.fail(error, printer: &printer)
            return nil
        }
        guard problems.isEmpty else {
            FieldProblem.report(problems, outcome: outcome, printer: &printer)
            return nil
        }
        return entries
    }

    /// `3f2a9c0d1e2b4a5f  2024-05-03  Corner Bakery  -$4.50`: a transaction on one line.
    static func line(_ activity: PaymentActivity) -> String {
        "\(activity.id)  \(activity.date)  \(TextWidth.sanitized(activity.name))  \(MoneyText.signed(activity.amount))"
    }
}
