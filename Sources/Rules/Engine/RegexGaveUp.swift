import FinanceCore

/// The warning for a rule whose regex could not decide on a transaction (see `RegexTest.gaveUp`).
public enum RegexGaveUp {
    public static func warning(_ rule: Rule, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .warning, code: "rules.regex-gave-up", at: location,
            "the regular expression of rule '\(rule.name)' (\(rule.location.file):\(rule.location.line)) gave up on this transaction after too many steps; the rule was not applied",
            notes: ["simplify the pattern: nested repetition such as (a+)+ or (.*)* makes matching explode"])
    }
}
