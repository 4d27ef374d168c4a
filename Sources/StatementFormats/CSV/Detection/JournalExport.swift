/// Recognises a double-entry bookkeeping export, one row per posting (GnuCash's "Export
/// Transactions to CSV", `hledger print -O csv`, `hledger register -O csv` over every account,
/// ledger's `csv` command): both sides of every transaction are rows, an asset's and an expense's,
/// so read as a bank statement every amount would count twice and income and spending would
/// cancel out. Such a file is refused with a message naming it, not read with wrong totals.
///
/// Told by a column of account paths (`Assets:Checking`, `Expenses:Groceries`) holding both
/// balance-sheet accounts and income or expense accounts. One account's postings (`hledger
/// register assets:checking -O csv`) hold one side only and read as a statement.
enum JournalExport {
    /// The first column whose values are mostly account paths of both kinds, if any; a column
    /// whose header names a category (a statement categorised with ledger accounts) is none.
    static func postingColumn(_ stats: [ColumnStats], header: [String]?) -> ColumnStats? {
        stats.first { column in
            if let header, column.index < header.count, HeaderMatching.candidates(header[column.index]).contains(where: { $0.role == .category }) {
                return false
            }
            let values = column.values.prefix(ColumnStats.sampleSize)
            guard values.count >= 2 else { return false }
            var paths = 0, balanceSheet = 0, incomeOrExpense = 0
            for value in values {
                guard let root = root(of: value) else { continue }
                paths += 1
                if balanceSheetRoots.contains(root) { balanceSheet += 1 } else { incomeOrExpense += 1 }
            }
            return paths * 5 >= values.count * 4 && balanceSheet > 0 && incomeOrExpense > 0
        }
    }

    /// The first component of `value`, folded, when it is an account path under a root
    /// double-entry books use.
    private static func root(of value: String) -> String? {
        // The colon searched in the bytes: a search by Characters cost a CSV file's identification
        // a third of its time, every cell of every column asked.
        let utf8 = value.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon != utf8.startIndex, utf8.index(after: colon) != utf8.endIndex,
            utf8.distance(from: utf8.startIndex, to: colon) <= 32
        else { return nil }
        let root = TextFolding.fold(String(decoding: utf8[..<colon], as: UTF8.self))
        return balanceSheetRoots.contains(root) || incomeOrExpenseRoots.contains(root) ? root : nil
    }

    /// The roles of a double-entry export: the posting column is the account, a column naming
    /// each posting's transaction (`txnidx`, `Transaction ID`) groups them, and no other column
    /// holds the account or a role of the posting column's.
    static func roles(_ assigned: [ColumnRole: Int], posting: Int, header: [String]?, stats: [ColumnStats]) -> [ColumnRole: Int] {
        var roles = assigned.filter { $0.value != posting && $0.key != .account }
        roles[.account] = posting
        if let header {
            let folded = header.map { TextFolding.fold($0) }
            // The books' own words: hledger's `txnidx`, `comment` and `code`; GnuCash's
            // `Transaction ID`, `Notes` and `Number`; ledger's `note`.
            for (role, names) in [
                (ColumnRole.transaction, transactionHeaders), (.memo, memoHeaders), (.checkNumber, numberHeaders),
                (.amount, amountHeaders), (.currency, commodityHeaders),
            ] {
                guard let column = names.lazy.compactMap({ name in folded.firstIndex(of: name) }).first, column != posting else { continue }
                roles = roles.filter { $0.value != column && $0.key != role }
                roles[role] = column
            }
        }
        // A posting's amount is signed: debit and credit columns beside it (hledger's) repeat it.
        if roles[.amount] != nil {
            roles[.debit] = nil
            roles[.credit] = nil
        }
        if roles[.name] == nil {
            // Without a header (`ledger csv`) the account paths were the likeliest names: the
            // description is the other column of varied text.
            let taken = Set(roles.values)
            let text = stats.filter { !taken.contains($0.index) && $0.textRatio >= 0.8 && $0.dateRatio < 0.5 && $0.amountRatio < 0.5 }
            if let best = text.max(by: { Double($0.distinctCount) * $0.averageLength < Double($1.distinctCount) * $1.averageLength }) {
                roles[.name] = best.index
            }
        }
        return roles
    }

    /// Whether a posting's account is the user's own: under `Assets` or `Liabilities`.
    static func isOwn(_ account: String) -> Bool {
        guard let root = root(of: account) else { return false }
        return ownRoots.contains(root)
    }

    /// Whether a posting's account is under `Equity` (opening balances).
    static func isEquity(_ account: String) -> Bool { root(of: account) == "equity" }

    private static let transactionHeaders = ["txnidx", "transaction id", "txn id", "transaction"]
    private static let memoHeaders = ["comment", "notes", "note", "memo"]
    private static let numberHeaders = ["code", "number", "num", "check number"]
    /// GnuCash's `Amount Num.` is the split's amount in its account's commodity (`Value Num.` is in
    /// the transaction's currency, `Amount With Sym` the same with a symbol).
    private static let amountHeaders = ["amount num", "amount"]
    private static let commodityHeaders = ["commodity", "commodity currency"]
    private static let ownRoots: Set<String> = ["assets", "asset", "liabilities", "liability"]
    private static let balanceSheetRoots: Set<String> = ["assets", "asset", "liabilities", "liability", "equity"]
    private static let incomeOrExpenseRoots: Set<String> = ["income", "revenue", "revenues", "expenses", "expense"]
}
