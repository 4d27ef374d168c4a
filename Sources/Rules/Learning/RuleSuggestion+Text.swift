extension RuleSuggestion {
    /// The suggestion as rules-file text, ready to paste, headed by a comment with its evidence:
    ///
    ///     # 12 transactions contain "wholefds"; 12 of them (100%) are Food:Groceries.
    ///     # e.g. WHOLEFDS WLK 10234, WHOLEFDS MKT 0042
    ///     rule "Wholefds"
    ///       when name contains "wholefds"
    ///       set category = "Food:Groceries"
    public var rulesText: String {
        let percent = agreeing * 100 / max(support, 1)
        var lines = [
            "# \(support) transactions contain \(RulesText.string(literal)); \(agreeing) of them (\(percent)%) are \(category).",
            "# e.g. " + examples.map { String($0.map { $0.isNewline ? " " : $0 }) }.joined(separator: ", "),
            "rule \(RulesText.string(ruleName))",
            "  when name contains \(RulesText.string(literal))",
            "  set category = \(RulesText.value(category))",
        ]
        if setsTransfer { lines.append("  set type = transfer") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The literal in title case: `whole foods` → `Whole Foods`.
    var ruleName: String {
        literal.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}

/// Writing values in rules-file syntax (the inverse of `RulesLexer`'s strings).
public enum RulesText {
    /// A double-quoted string: `"`, `\` and line breaks escaped.
    public static func string(_ text: String) -> String {
        var out = "\""
        for c in text {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out + "\""
    }

    /// A `set` value: a string in which `$` is written `$$` (a lone `$1` would be a capture).
    public static func value(_ text: String) -> String {
        string(String(text.flatMap { $0 == "$" ? "$$" : String($0) }))
    }
}
