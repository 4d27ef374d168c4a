import FinanceCore

/// Which two accounts an activity's postings go to, before a tool's spelling rules apply.
///
/// Shared by `--to ledger` and `--to beancount`, so that both journals hold the same accounts:
///
/// | activity | bank side | other side |
/// | --- | --- | --- |
/// | account `Checking 1234` | `Assets:Bank:Checking 1234` | |
/// | no account | `Assets:Bank:Unnamed` | |
/// | a credit card account `Visa 4111` | `Liabilities:Card:Visa 4111` | |
/// | account `assets:bank:checking` (a double-entry export's) | `Assets:bank:checking` | |
/// | spending (`AccountingModel`), category `Food:Groceries`, a refund too | | `Expenses:Food:Groceries` |
/// | income, category `Income:Salary` | | `Income:Salary` |
/// | transfer, category under `Assets`, `Liabilities`, `Equity` (`Assets:Cash`, `liabilities:loan`) | | that root, as spelled here, and the rest |
/// | income or spending, no category | | `Income:Uncategorised` / `Expenses:Uncategorised` |
/// | transfer, category `Transfers:Savings` (a leading `Transfer`/`Transfers` is dropped) | | `Assets:Transfers:Savings` |
/// | type transfer, category `Income:From People` (a contradiction) | | `Assets:Transfers:From People` |
/// | transfer, no category | | `Assets:Transfers:Unmatched` |
/// | transfer from `A`, category `Transfers:B`, where a statement named `B` an account | | `Assets:Transfers:A and B` (the two names in order) |
///
/// The last row lets both sides of a transfer between two accounts of the input meet in one
/// clearing account that comes to zero, when each side names the other account (QIF's `[B]`).
/// The five roots are the ones both tools know by default (hledger's account types, beancount's
/// `name_assets` … `name_expenses` options). A credit card account (its statement says so: OFX
/// `CCSTMTRS` or `ACCTTYPE CREDITCARD`, QIF `!Type:CCard`, a CSV profile's `account-type card`)
/// or a line of credit (OFX `ACCTTYPE CREDITLINE`) is a liability, `Liabilities:Card:<account>`:
/// what is owed on it, negative as the bank states it.
///
/// A colon in an account or category separates components; each component is spelled by the
/// tool's own rule (`spelling`), and components that come out empty are dropped, so `Food::` is
/// `Food`. When nothing is left below the root, the default leaf (`Unnamed`, `Uncategorised`,
/// `Unmatched`) takes its place.
public enum JournalAccounts {
    /// The roots both tools know, in their usual order.
    public static let roots = ["Assets", "Liabilities", "Equity", "Income", "Expenses"]

    /// The bank side: `Assets:Bank:<account>`, or `Liabilities:Card:<account>` for a card; an
    /// account that is already a path under `Assets` or `Liabilities` (a double-entry export's,
    /// `assets:bank:checking`) is that path, as the other side of a transfer to it is.
    public static func bank(_ account: String?, card: Bool = false, spelling: (Substring) -> String) -> String {
        var parts = components(account)
        if parts.count > 1, let root = ["Assets", "Liabilities"].first(where: { matches($0, parts[0]) }) {
            parts.removeFirst()
            return path([root], parts, leaf: "Unnamed", spelling: spelling)
        }
        return path(card ? ["Liabilities", "Card"] : ["Assets", "Bank"], parts, leaf: "Unnamed", spelling: spelling)
    }

    /// Where a statement's opening balance comes from in a journal: `Equity:Opening Balances`.
    public static func openingBalances(spelling: (Substring) -> String) -> String {
        path(["Equity"], ["Opening Balances"], leaf: "Opening Balances", spelling: spelling)
    }

    /// The other side of the transaction: its category under the root of the side `AccountingModel`
    /// counts it on, so that a journal's income statement is pfin's report.
    ///
    /// - income: `Income:<category>` (a leading `Income` is not repeated);
    /// - spending: `Expenses:<category>` (a leading `Expenses` is not repeated); a refund is the same
    ///   account, posted with a negative amount;
    /// - transfer: a category under `Assets`, `Liabilities` or `Equity` as it is (`Assets:Cash`),
    ///   any other under `Assets:Transfers` with a leading `Transfers`, `Transfer`, `Income` or
    ///   `Expenses` dropped (a transfer never posts to income or expenses).
    public static func counterpart(category: String?, type: PaymentType, spelling: (Substring) -> String) -> String {
        var parts = components(category)
        let root = parts.first.flatMap { first in roots.first(where: { matches($0, first) }) }
        switch AccountingModel.side(type: type, category: category) {
        case .transfer:
            if let root, root != "Income" && root != "Expenses" {
                parts.removeFirst()
                return path([root], parts, leaf: "Uncategorised", spelling: spelling)
            }
            if root != nil { parts.removeFirst() }
            if let first = parts.first, matches("Transfers", first) || matches("Transfer", first) { parts.removeFirst() }
            return path(["Assets", "Transfers"], parts, leaf: "Unmatched", spelling: spelling)
        case .income:
            if root == "Income" { parts.removeFirst() }
            return path(["Income"], parts, leaf: "Uncategorised", spelling: spelling)
        case .spending:
            if root == "Expenses" { parts.removeFirst() }
            return path(["Expenses"], parts, leaf: "Uncategorised", spelling: spelling)
        }
    }

    /// The account a transfer's category names: what follows a leading `Transfers:` or
    /// `Transfer:`, or `nil` when the category has no such prefix or nothing after it.
    public static func transferTarget(_ category: String?) -> String? {
        var parts = components(category)
        guard let first = parts.first, matches("Transfers", first) || matches("Transfer", first) else { return nil }
        parts.removeFirst()
        guard !parts.isEmpty else { return nil }
        return parts.joined(separator: ":")
    }

    /// The clearing account of transfers between two accounts: `Assets:Transfers:A and B`, the
    /// names in code-point order so that both sides find the same one.
    public static func pair(_ one: String, _ other: String, spelling: (Substring) -> String) -> String {
        let (first, second) = one < other ? (one, other) : (other, one)
        let name = String((first + " and " + second).map { $0 == ":" ? " " : $0 })
        return path(["Assets", "Transfers"], [Substring(name)], leaf: "Unmatched", spelling: spelling)
    }

    private static func components(_ text: String?) -> [Substring] {
        guard let text else { return [] }
        return text.split(separator: ":", omittingEmptySubsequences: true)
    }

    /// Whether a component names `word`, ignoring case and surrounding spaces.
    private static func matches(_ word: String, _ component: Substring) -> Bool {
        var trimmed = component
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        return trimmed.lowercased() == word.lowercased()
    }

    private static func path(_ root: [String], _ parts: [Substring], leaf: String, spelling: (Substring) -> String) -> String {
        var names = root
        for part in parts {
            let spelled = spelling(part)
            if !spelled.isEmpty { names.append(spelled) }
        }
        if names.count == root.count { names.append(leaf) }
        return names.joined(separator: ":")
    }
}
