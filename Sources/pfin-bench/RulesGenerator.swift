/// A deterministic rules file of a given size, as a user with years of history would grow one:
/// one specific rule per merchant in a fixed mix of kinds (literals, alternations, anchored regexes
/// with captures, text combined with amounts and days; see `Merchant.Kind`), and catch-all
/// fallbacks for expenses and income at the end.
enum RulesGenerator {
    /// The rules-file text of `count` rules: `count - 2` specific rules and then the two fallbacks
    /// (fewer when `count` < 2).
    static func text(count: Int) -> String {
        let fallbacks = [
            ("Uncategorised expense", "amount < 0", "Uncategorised:Expense"),
            ("Uncategorised income", "amount > 0", "Uncategorised:Income"),
        ]
        let specific = max(0, count - fallbacks.count)
        var text = "# pfin-bench rules: \(specific) merchant rules and \(count - specific) fallbacks.\n"
        for i in 0..<specific {
            text += "\n" + rule(Merchant(i))
        }
        for (name, condition, category) in fallbacks.prefix(count - specific) {
            text += "\nrule \"\(name)\"\n  when \(condition)\n  set category = \"\(category)\"\n"
        }
        return text
    }

    private static func rule(_ m: Merchant) -> String {
        var lines = ["rule \"\(m.title) \(m.index)\""]
        func when(_ condition: String) { lines.append("  when " + condition) }
        func set(_ field: String, _ value: String) { lines.append("  set \(field) = \"\(value)\"") }
        switch m.kind {
        case .contains:
            when("name contains \"\(m.lower)\"")
            set("category", m.category)
            set("name", m.title)
        case .exact:
            when("name is \"\(m.lower)\"")
            set("category", m.category)
        case .startsWith:
            when("name starts-with \"sq *\(m.lower)\"")
            set("category", m.category)
            set("name", m.title)
        case .nameOrMemo:
            when("name contains \"paypal *\(m.lower)\" or memo contains \"ref \(m.reference.lowercased())\"")
            set("category", m.category)
        case .regexAlternation:
            let noun = m.noun.lowercased()
            when("name matches /(\(m.adjective.lowercased())|\(m.alternate.prefix { $0 != " " }.lowercased())) \(noun) store/")
            set("category", m.category)
        case .payroll:
            when("name matches /^\(m.lower) payroll ([0-9]+)/")
            when("amount > 0")
            set("type", "income")
            set("category", "Income:Salary")
            set("name", "\(m.title) payroll $1")
        case .purchase:
            when("name contains \"\(m.lower)\"")
            when("amount < 0")
            set("category", m.category)
        case .rent:
            when("name starts-with \"\(m.lower) rent\"")
            when("day between 1 and 5 or amount < -1000")
            set("category", "Housing:Rent")
            set("type", "expense")
        case .text:
            when("text contains \"\(m.lower)\"")
            when("not memo contains \"refund\"")
            set("category", m.category)
        case .abbreviated:
            when("name contains \"\(m.lower)\" or name contains \"\(m.abbreviated.lowercased())\"")
            set("category", m.category)
            lines.append("  stop")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
