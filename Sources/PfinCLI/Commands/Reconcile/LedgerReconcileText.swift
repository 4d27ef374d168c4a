import FinanceCore
import LedgerStore

/// The words and JSON of `pfin reconcile --db`.
struct LedgerReconcileText {
    /// Hex digits an id is shown with (unique in the ledger, as `pfin list` shows them).
    let idLength: Int

    static func noBalances(_ path: String, account: String?) -> String {
        let scope = account.map { "for account '\($0)' " } ?? ""
        return "\(path): no stated balances \(scope)in the ledger; nothing to reconcile\n"
            + "  note: 'pfin import' keeps the balances a statement states (OFX LEDGERBAL, CAMT and MT940 opening and"
            + " closing, Norma 43, a CSV balance column); import such a statement first\n"
    }

    func text(_ results: [LedgerReconciliation]) -> String {
        var out = ""
        for r in results {
            out += Self.heading(r) + "\n"
            out += "  from      \(r.start.amount.decimalString) at the end of \(r.start.date) (\(Self.startWords(r.startKind)))\n"
            if let end = r.end {
                out +=
                    "  to        \(end.amount.decimalString) on \(end.date): \(Self.count(r.checked, "balance")) checked over \(Self.count(r.transactions, "transaction"))\n"
            }
            switch r.outcome {
            case .reconciled: out += "  OK: the ledger's transactions add up to every stated balance\n"
            case .nothingToCheck: out += "  note: only one balance stated, nothing to check it against\n"
            case .mismatch:
                out += "  MISMATCH: \(r.mismatchCount) balance\(r.mismatchCount == 1 ? " does" : "s do") not add up\n"
                for m in r.mismatches {
                    out += "  \(m.location): error: the \(Self.kindWords(m.kind)) on \(m.date) (\(Self.account(r))) is \(m.stated.decimalString);"
                    out += " the ledger's transactions add up to \(m.ledger.decimalString) (off by \(m.difference.decimalString) since \(m.since))\n"
                    for cause in m.causes { out += "    note: \(describe(cause))\n" }
                }
                if r.mismatchCount > r.mismatches.count { out += "  … and \(r.mismatchCount - r.mismatches.count) more\n" }
            }
        }
        return out
    }

    func describe(_ cause: LedgerCause) -> String {
        switch cause {
        case .deleted(let row):
            return "\(row.source): transaction \(id(row)) (\(row.date) \(row.name) \(row.amount.decimalString)) was deleted in the ledger"
                + " and would make up the difference: 'pfin restore \(id(row))' brings it back"
        case .duplicate(let row, let first):
            return "\(row.source): transaction \(id(row)) (\(row.date) \(row.name) \(row.amount.decimalString)) repeats \(id(first))"
                + " (\(first.source)): one may be there twice ('pfin delete \(id(row))')"
        case .edited(let row, let would):
            return "\(row.source): transaction \(id(row)) (\(row.date) \(row.name) \(row.amount.decimalString)) was edited:"
                + " if the edit changed its amount, \(would.decimalString) would add up"
        case .missing(let amount, let after, let before):
            return "a transaction of \(amount.decimalString) may be missing from the ledger between \(after) and \(before)"
                + " (import the statement that has it, or 'pfin add' it)"
        }
    }

    private func id(_ row: LedgerRowSummary) -> String { String(row.id.description.prefix(idLength)) }

    static func heading(_ r: LedgerReconciliation) -> String {
        account(r) + (r.currency.map { " \($0)" } ?? "")
    }

    static func account(_ r: LedgerReconciliation) -> String {
        if let account = r.account { return account }
        return "no account, " + (r.file ?? "batch \(r.batch ?? 0)")
    }

    static func startWords(_ kind: StatedBalance.Kind) -> String {
        switch kind {
        case .opening: "the opening balance"
        case .closing: "the earliest closing balance"
        case .running: "the first row's balance less its amount"
        case .available: "the available balance"
        }
    }

    static func kindWords(_ kind: StatedBalance.Kind) -> String {
        switch kind {
        case .running: "row's balance"
        default: "\(kind.rawValue) balance"
        }
    }

    static func count(_ n: Int, _ noun: String) -> String { Plural.count(n, noun) }

    // MARK: JSON

    func json(_ results: [LedgerReconciliation]) -> String {
        "[" + results.map(object).joined(separator: ",\n ") + "]\n"
    }

    private func object(_ r: LedgerReconciliation) -> String {
        var fields = [
            "\"account\":\(r.account.map(Self.quoted) ?? "null")", "\"file\":\(r.file.map(Self.quoted) ?? "null")",
            "\"batch\":\(r.batch.map(String.init) ?? "null")", "\"currency\":\(r.currency.map { Self.quoted($0.description) } ?? "null")",
            "\"outcome\":\(Self.quoted(r.outcome.rawValue))",
            "\"start\":{\"amount\":\(Self.quoted(r.start.amount.decimalString)),\"date\":\"\(r.start.date)\",\"kind\":\"\(r.startKind.rawValue)\"}",
        ]
        fields.append("\"end\":" + (r.end.map { "{\"amount\":\(Self.quoted($0.amount.decimalString)),\"date\":\"\($0.date)\"}" } ?? "null"))
        fields.append("\"checked\":\(r.checked)")
        fields.append("\"transactions\":\(r.transactions)")
        fields.append("\"mismatchCount\":\(r.mismatchCount)")
        fields.append("\"mismatches\":[" + r.mismatches.map(mismatch).joined(separator: ",") + "]")
        return "{" + fields.joined(separator: ",") + "}"
    }

    private func mismatch(_ m: LedgerBalanceMismatch) -> String {
        "{\"kind\":\"\(m.kind.rawValue)\",\"file\":\(Self.quoted(m.location.file)),\"line\":\(m.location.line),\"date\":\"\(m.date)\","
            + "\"since\":\"\(m.since)\",\"stated\":\(Self.quoted(m.stated.decimalString)),\"ledger\":\(Self.quoted(m.ledger.decimalString)),"
            + "\"difference\":\(Self.quoted(m.difference.decimalString)),\"causes\":[" + m.causes.map(cause).joined(separator: ",") + "]}"
    }

    private func cause(_ c: LedgerCause) -> String {
        let kind: String
        var row: LedgerRowSummary?
        switch c {
        case .deleted(let r): kind = "deleted"; row = r
        case .duplicate(let r, _): kind = "duplicate"; row = r
        case .edited(let r, _): kind = "edited"; row = r
        case .missing: kind = "missing"
        }
        return "{\"kind\":\"\(kind)\",\"id\":\(row.map { Self.quoted(id($0)) } ?? "null"),\"text\":\(Self.quoted(describe(c)))}"
    }

    private static func quoted(_ text: String) -> String { FileIdentity.quoted(text) }
}
