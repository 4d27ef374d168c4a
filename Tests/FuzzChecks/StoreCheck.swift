import FinanceCore
import LedgerStore
import StatementFormats

/// The store check: the activities of a fuzzed JSON Lines file (pfin's own format, which can say
/// every field) imported into a ledger in memory, as `pfin import` does.
///
/// The ledger keeps its promises whatever the activities: every row is inserted or counted as a
/// duplicate of an equal id; what is stored reads back as it was given (the type aside, which
/// transfer matching may set); importing the same rows again adds nothing; undo takes a file's
/// rows out again; and the file passes SQLite's integrity check after each step.
enum StoreCheck {
    static func run(_ bytes: [UInt8]) -> [String] {
        guard let reader = StatementReaders.reader(for: .jsonl) else { return ["no JSON Lines reader"] }
        let (sink, thrown) = StatementCheck.read(bytes, with: reader, options: ReadOptions())
        do {
            return try thrown + check(sink.activities)
        } catch {
            return ["the ledger failed: \(error)"]
        }
    }

    static func check(_ activities: [PaymentActivity]) throws(LedgerError) -> [String] {
        var found: [String] = []
        let ledger = try Ledger(path: ":memory:")
        let first = try importing(activities, as: FuzzTarget.inputName, into: ledger)
        var given: [ActivityID: PaymentActivity] = [:]
        for activity in activities where given[activity.id] == nil { given[activity.id] = activity }
        if first.inserted + first.skippedDuplicates != activities.count {
            found.append("\(activities.count) rows gave \(first.inserted) inserted and \(first.skippedDuplicates) duplicates")
        }
        if first.inserted != given.count { found.append("\(given.count) distinct ids, \(first.inserted) inserted") }

        let stored = try ledger.list()
        if stored.count != given.count { found.append("\(given.count) rows imported, \(stored.count) listed") }
        for row in stored {
            guard var original = given[row.id] else {
                found.append("the ledger lists \(row.id), which was never imported")
                continue
            }
            original.type = row.type
            if original.source.file.isEmpty { original.source.file = FuzzTarget.inputName }
            if row != original { found.append("stored \(row) reads back otherwise than given \(original)") }
        }
        found += try integrity(of: ledger, after: "the first import")

        let again = try importing(activities, as: "again", into: ledger)
        if again.inserted != 0 || again.skippedDuplicates != activities.count {
            found.append("importing the same \(activities.count) rows again inserted \(again.inserted), skipped \(again.skippedDuplicates)")
        }
        found += try summaryAgrees(with: stored, in: ledger)
        // Undo never goes further back by itself (CONTRACT.md): each batch by its number.
        if let batch = again.batch { _ = try ledger.undo(batch: batch) }
        if let batch = first.batch { _ = try ledger.undo(batch: batch) }
        let left = try ledger.list().count
        if left != 0 { found.append("undoing both imports left \(left) rows") }
        found += try integrity(of: ledger, after: "the undos")
        return found
    }

    /// The ledger's summary counts and sums each side as the accounting model and `ExactSum`
    /// do for the rows it lists (their types as transfer matching left them); where a sum clamps,
    /// the summary says so.
    static func summaryAgrees(with activities: [PaymentActivity], in ledger: Ledger) throws(LedgerError) -> [String] {
        var expected: [CurrencyCode?: (income: ExactSum, spending: ExactSum, transfers: Int, clamped: Bool)] = [:]
        for activity in activities {
            var line = expected[activity.amount.currency] ?? (ExactSum(), ExactSum(), 0, false)
            switch AccountingModel.side(type: activity.type, category: activity.category) {
            case .income: if line.income.add(activity.amount) { line.clamped = true }
            case .spending: if line.spending.add(activity.amount) { line.clamped = true }
            case .transfer: line.transfers += 1
            }
            expected[activity.amount.currency] = line
        }
        var found: [String] = []
        let totals = try ledger.summary(from: nil, to: nil).totals
        if totals.count != expected.count { found.append("the summary has \(totals.count) currencies, the rows \(expected.count)") }
        for line in totals {
            guard let want = expected[line.currency] else {
                found.append("the summary has a currency \(String(describing: line.currency)) no row has")
                continue
            }
            let counts = (line.incomeCount, line.expenseCount, line.transferCount)
            if counts != (want.income.count, want.spending.count, want.transfers) {
                found.append(
                    "summary counts \(counts) for \(String(describing: line.currency)), the rows give \((want.income.count, want.spending.count, want.transfers))"
                )
            }
            var clamped = want.clamped
            let scale = max(line.income.scale, line.expense.scale)
            let income = ExactSum.money(want.income.value, scale: scale, currency: line.currency, saturated: &clamped)
            let expense = ExactSum.money(ExactSum.negated(want.spending.value), scale: scale, currency: line.currency, saturated: &clamped)
            if clamped != line.isSaturated {
                found.append("the summary says clamped \(line.isSaturated) for \(String(describing: line.currency)), the rows \(clamped)")
            } else if !clamped && (income != line.income || expense != line.expense) {
                found.append("summary income \(line.income), expense \(line.expense); the rows give \(income), \(expense)")
            }
        }
        return found
    }

    static func importing(_ activities: [PaymentActivity], as file: String, into ledger: Ledger) throws(LedgerError) -> ImportResult {
        let session = try ledger.beginImport(file: file)
        for activity in activities { try session.add(activity) }
        return try session.commit()
    }

    static func integrity(of ledger: Ledger, after step: String) throws(LedgerError) -> [String] {
        let lines = try ledger.integrityCheck()
        return lines == ["ok"] ? [] : ["integrity check after \(step): \(lines.joined(separator: "; "))"]
    }
}
