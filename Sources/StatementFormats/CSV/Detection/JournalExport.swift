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
        guard let colon = value.firstIndex(of: ":"), colon != value.startIndex, value.index(after: colon) != value.endIndex else { return nil }
        let root = TextFolding.fold(String(value[..<colon]))
        return balanceSheetRoots.contains(root) || incomeOrExpenseRoots.contains(root) ? root : nil
    }

    private static let balanceSheetRoots: Set<String> = ["assets", "asset", "liabilities", "liability", "equity"]
    private static let incomeOrExpenseRoots: Set<String> = ["income", "revenue", "revenues", "expenses", "expense"]
}
