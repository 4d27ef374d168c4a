import LedgerStore

/// Finding deleted transactions by id prefix, for `pfin restore`: the same prefixes as `pfin show`,
/// among the deleted rows only.
extension EntryLookup {
    static func findDeleted(_ text: String, in ledger: Ledger) throws(LedgerError) -> Outcome {
        let prefix = EntryInput.trimmed(text)
        switch try ledger.activity(idPrefix: prefix, deleted: true) {
        case .found(let entry):
            return .found(entry)
        case .none:
            if case .found(let entry) = try ledger.activity(idPrefix: prefix) {
                return .problem(
                    FieldProblem(
                        "ID", "the transaction \(entry.activity.id) is not deleted",
                        notes: [
                            line(entry.activity), "'pfin list --deleted' shows the deleted transactions",
                        ]))
            }
            let message =
                prefix.utf8.count == 16
                ? "no deleted transaction has the id '\(prefix)'"
                : "no deleted transaction has an id starting with '\(prefix)'"
            return .problem(FieldProblem("ID", message, notes: ["'pfin list --deleted' shows the deleted transactions"]))
        case .ambiguous(let entries):
            return .problem(
                FieldProblem(
                    "ID", "'\(prefix)' is the start of several deleted ids; give more of its digits",
                    notes: entries.map { line($0.activity) }))
        case .invalidPrefix:
            return try find(text, in: ledger)
        }
    }
}
