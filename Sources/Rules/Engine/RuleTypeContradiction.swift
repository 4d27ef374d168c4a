import FinanceCore

/// The run-time side of `rules.type-contradicts-category`: a rule set a type that the category the
/// transaction ended with contradicts (`AccountingModel.contradiction`), or set an `Income:`
/// category on a transaction the file typed `transfer` (OFX `XFER`). A type that only follows the
/// sign is no contradiction: money in under `Shopping` is a refund. Each contradiction (type and
/// category) is warned about once per run, at the first transaction it was seen on.
///
///     var contradictions = RuleTypeContradiction()
///     let set = engine.apply(to: &activity)
///     if let warning = contradictions.check(activity, set: set) { report(warning) }
public struct RuleTypeContradiction: Sendable {
    /// How to resolve one, for `pfin rules check` and the run-time warning alike.
    public static let advice =
        "a category under 'Income' is income, under 'Transfers' a transfer, any other spending; set a category of the kind the type says, or drop the 'set type'"

    private var seen: Set<String> = []

    public init() {}

    /// The warning for `activity` after rules set `set` on it, the first time its contradiction is seen.
    public mutating func check(_ activity: PaymentActivity, set: SetFields) -> Diagnostic? {
        let typeByRule = set.contains(.type)
        guard typeByRule || (set.contains(.category) && activity.type == .transfer),
            let why = AccountingModel.contradiction(type: activity.type, category: activity.category),
            seen.insert(why).inserted
        else { return nil }
        return Diagnostic(
            .warning, code: "rules.type-contradicts-category", at: activity.source,
            typeByRule ? "a rule set \(why)" : "a rule set a category the file's type contradicts: \(why)",
            notes: typeByRule
                ? [Self.advice, "'pfin rules explain' shows which rule set the type"]
                : [
                    "the file typed it a transfer (OFX XFER, QIF [Account]); for income, let the rule also 'set type = income'; for a transfer, give it a 'Transfers:' category or keep the rule off it with 'when not type is \"transfer\"'",
                    "'pfin rules explain' shows which rule set the category",
                ])
    }
}
