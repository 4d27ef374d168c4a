import FinanceCore
import LedgerStore
import StatementFormats

/// `pfin summary --format json` and `pfin show --format json`: the same facts as the text, for
/// scripts. Transactions are JSON Lines objects (the contract's schema); money is a decimal
/// string, named as `pfin report --format json` names it.
enum LedgerJSON {
    /// `{"schema":"pfin.summary/1","from","to","totals":[…],"balances":[…],"recent":[…]}`; each
    /// balance `{"account","currency","amount","date","kind","source"}`, the latest a statement states.
    static func summary(_ summary: LedgerSummary, balances: [StatedBalance] = []) -> String {
        let totals = summary.totals.map { t in
            "{\"currency\":\(t.currency.map { FileIdentity.quoted($0.description) } ?? "null"),"
                + "\"income\":\"\(t.income.decimalString)\",\"expense\":\"\(t.expense.decimalString)\",\"net\":\"\(t.net.decimalString)\","
                + "\"incomeCount\":\(t.incomeCount),\"expenseCount\":\(t.expenseCount),\"transferCount\":\(t.transferCount)}"
        }
        let stated = balances.map { b in
            "{\"account\":\(b.account.map(FileIdentity.quoted) ?? "null"),\"currency\":\(b.amount.currency.map { FileIdentity.quoted($0.description) } ?? "null"),"
                + "\"amount\":\"\(b.amount.decimalString)\",\"date\":\"\(b.date)\",\"kind\":\"\(b.kind.rawValue)\","
                + "\"source\":\(FileIdentity.quoted("\(b.file):\(b.line)"))}"
        }
        let recent = summary.recent.map(JSONLinesWriter.object)
        return "{\"schema\":\"pfin.summary/1\",\"from\":\(date(summary.from)),\"to\":\(date(summary.to)),\n"
            + " \"totals\":[\(totals.joined(separator: ",\n  "))],\n"
            + " \"balances\":[\(stated.joined(separator: ",\n  "))],\n"
            + " \"recent\":[\(recent.joined(separator: ",\n  "))]}\n"
    }

    /// `{"schema":"pfin.entry/1","activity":{…},"origin":"import"|"manual","editedAt":…}`.
    static func entry(_ entry: LedgerEntry) -> String {
        "{\"schema\":\"pfin.entry/1\",\"activity\":\(JSONLinesWriter.object(entry.activity)),"
            + "\"origin\":\"\(entry.origin.rawValue)\",\"editedAt\":\(entry.editedAt.map(FileIdentity.quoted) ?? "null")}\n"
    }

    private static func date(_ date: LocalDate?) -> String { date.map { "\"\($0)\"" } ?? "null" }
}
