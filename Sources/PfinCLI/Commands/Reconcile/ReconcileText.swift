import FinanceCore
import StatementFormats

/// The words and JSON of `pfin reconcile`'s results.
enum ReconcileText {
    static func text(_ results: [StatementReconciliation], files: [String]) -> String {
        var out = ""
        for r in results {
            let account = r.account.isEmpty ? "(no account)" : r.account
            let period = [r.first, r.last].compactMap { $0?.description }
            out += "\(r.source.file): \(account)\(r.currency.map { " \($0)" } ?? "")"
            out += period.isEmpty ? "" : " \(period.first!)…\(period.last!)"
            out += ", \(r.transactionCount) transaction\(r.transactionCount == 1 ? "" : "s") totalling \(r.total.decimalString)\n"
            if let o = r.opening { out += "  opening   \(o.amount.decimalString) on \(o.date)\n" }
            if let o = r.impliedOpening { out += "  opening   \(o.decimalString) (implied: closing less the transactions)\n" }
            if let c = r.closing { out += "  closing   \(c.amount.decimalString) on \(c.date)\n" }
            if let a = r.available { out += "  available \(a.amount.decimalString) on \(a.date)\n" }
            if r.rowBalanceCount > 0 { out += "  \(r.rowBalanceCount) row\(r.rowBalanceCount == 1 ? " states its" : "s state their") balance\n" }
            switch r.outcome {
            case .reconciled: out += "  OK: the transactions add up to every stated balance\n"
            case .closingOnly: out += "  note: only a closing balance stated, nothing to check it against\n"
            case .openingOnly: out += "  note: only an opening balance stated, no closing balance to check the transactions against\n"
            case .noBalances: out += "  note: the file states no balances for this account; nothing to reconcile\n"
            case .mismatch:
                out += "  MISMATCH: \(r.mismatchCount) balance\(r.mismatchCount == 1 ? " does" : "s do") not add up\n"
                for m in r.mismatches {
                    switch m.kind {
                    case .row:
                        out +=
                            "  \(m.location): error: the balance goes wrong here (\(m.date)): expected \(m.expected.decimalString), the row states \(m.found.decimalString) (off by \(m.difference.decimalString))\n"
                    case .closing:
                        out +=
                            "  \(m.location): error: the closing balance on \(m.date) is \(m.found.decimalString), the transactions add up to \(m.expected.decimalString) (off by \(m.difference.decimalString))\n"
                    }
                    for cause in m.causes { out += "    note: \(describe(cause))\n" }
                }
                if r.mismatchCount > r.mismatches.count { out += "  … and \(r.mismatchCount - r.mismatches.count) more\n" }
            }
        }
        let stated = Set(results.filter { $0.outcome != .noBalances }.map(\.source.file))
        for file in files where !stated.contains(file) && !results.contains(where: { $0.source.file == file }) {
            out += "\(file): note: no transactions and no balances\n"
        }
        return out
    }

    static func describe(_ cause: LikelyCause) -> String {
        switch cause {
        case .duplicate(let second, let first, let amount):
            return "line \(second.line) repeats line \(first.line) (same date, amount \(amount.decimalString) and name): one may be there twice"
        case .missing(let amount, let after, let before, let days):
            var text = "a transaction of \(amount.decimalString) may be missing"
            if let after { text += " between \(after) and \(before)" } else { text += " before \(before)" }
            if let days, days > 1 { text += " (\(days) days apart)" }
            return text
        case .pending(let location): return "\(location) is a pending item the bank has not booked yet"
        case .amount(let location, let found, let expected):
            return "the amount \(found.decimalString) on line \(location.line) may be wrong: \(expected.decimalString) would add up"
        case .sign(let location, let found): return "the amount \(found.decimalString) on line \(location.line) may have the wrong sign"
        }
    }

    // MARK: JSON

    static func json(_ results: [StatementReconciliation]) -> String {
        "[" + results.map(object).joined(separator: ",\n ") + "]\n"
    }

    private static func object(_ r: StatementReconciliation) -> String {
        var fields = [
            "\"file\":\(quoted(r.source.file))", "\"line\":\(r.source.line)", "\"account\":\(quoted(r.account))",
            "\"currency\":\(r.currency.map { quoted($0.description) } ?? "null")", "\"outcome\":\(quoted(camel(r.outcome.rawValue)))",
            "\"transactions\":\(r.transactionCount)", "\"total\":\(quoted(r.total.decimalString))", "\"rowBalances\":\(r.rowBalanceCount)",
        ]
        fields.append("\"opening\":\(balance(r.opening))")
        fields.append("\"impliedOpening\":\(r.impliedOpening.map { quoted($0.decimalString) } ?? "null")")
        fields.append("\"closing\":\(balance(r.closing))")
        fields.append("\"available\":\(balance(r.available))")
        fields.append("\"mismatchCount\":\(r.mismatchCount)")
        fields.append("\"mismatches\":[" + r.mismatches.map(mismatch).joined(separator: ",") + "]")
        return "{" + fields.joined(separator: ",") + "}"
    }

    private static func balance(_ b: Balance?) -> String {
        guard let b else { return "null" }
        return "{\"amount\":\(quoted(b.amount.decimalString)),\"date\":\"\(b.date)\"}"
    }

    private static func mismatch(_ m: BalanceMismatch) -> String {
        "{\"kind\":\(quoted(m.kind.rawValue)),\"file\":\(quoted(m.location.file)),\"line\":\(m.location.line),\"date\":\"\(m.date)\","
            + "\"expected\":\(quoted(m.expected.decimalString)),\"found\":\(quoted(m.found.decimalString)),"
            + "\"difference\":\(quoted(m.difference.decimalString)),\"causes\":[" + m.causes.map(cause).joined(separator: ",") + "]}"
    }

    private static func cause(_ c: LikelyCause) -> String {
        let kind: String
        var line: Int?
        switch c {
        case .duplicate(let second, _, _): kind = "duplicate"; line = second.line
        case .missing: kind = "missing"
        case .pending(let at): kind = "pending"; line = at.line
        case .amount(let at, _, _): kind = "amount"; line = at.line
        case .sign(let at, _): kind = "sign"; line = at.line
        }
        return "{\"kind\":\"\(kind)\",\"line\":\(line.map(String.init) ?? "null"),\"text\":\(quoted(describe(c)))}"
    }

    private static func camel(_ s: String) -> String { s }

    private static func quoted(_ text: String) -> String { FileIdentity.quoted(text) }
}
