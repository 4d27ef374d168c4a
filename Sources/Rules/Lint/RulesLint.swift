import FinanceCore

/// Warnings about rules that parse but do not do what their author likely meant
/// (`pfin rules check`). Errors are the parser's; these never stop a run.
public enum RulesLint {
    /// Duplicate names and rules that can never change a transaction.
    public static func check(_ set: RuleSet) -> [Diagnostic] {
        (duplicateNames(set.rules) + shadowed(set.rules) + slowRegexes(set.rules) + contradictions(set.rules)).sorted {
            ($0.location.file, $0.location.line, $0.location.column ?? 0) < ($1.location.file, $1.location.line, $1.location.column ?? 0)
        }
    }

    /// Regexes whose nested repetitions can make matching explode on a near miss.
    private static func slowRegexes(_ rules: [Rule]) -> [Diagnostic] {
        rules.flatMap { rule in
            rule.conditions.flatMap(\.alternatives).compactMap { condition -> Diagnostic? in
                guard case .matches(_, let box) = condition.test, box.regex.nestsUnboundedRepetition else { return nil }
                return Diagnostic(
                    .warning, code: "rules.slow-regex", at: condition.location,
                    "the regular expression /\(box.regex.pattern)/ of rule \(quoted(rule.name)) nests repetitions, which can take exponential time; pfin gives up on such a search and does not apply the rule",
                    notes: ["write it without nesting: (a+)+ matches what a+ does, and (\\w+\\s?)* what [\\w\\s]* does"])
            }
        }
    }

    /// Rules that set a type and a category of another kind (`AccountingModel.contradiction`):
    /// `set type = transfer` with an `Income:` category, `set type = income` with a spending one.
    private static func contradictions(_ rules: [Rule]) -> [Diagnostic] {
        rules.compactMap { rule -> Diagnostic? in
            guard let type = rule.actions.first(where: { $0.field == .type }),
                let typeText = type.value.literalText, let paymentType = PaymentType(rawValue: typeText),
                let category = rule.actions.first(where: { $0.field == .category })?.value.literalText,
                let why = AccountingModel.contradiction(type: paymentType, category: category)
            else { return nil }
            return Diagnostic(
                .warning, code: "rules.type-contradicts-category", at: type.location,
                "rule \(quoted(rule.name)) sets \(why)",
                notes: [RuleTypeContradiction.advice])
        }
    }

    /// With `--against`: the rules whose conditions held for none of the transactions.
    public static func unmatched(_ set: RuleSet, matchCounts: [Int], transactions: Int) -> [Diagnostic] {
        zip(set.rules, matchCounts).compactMap { rule, count in
            guard count == 0 else { return nil }
            return Diagnostic(
                .warning, code: "rules.unmatched", at: rule.location,
                "rule \(quoted(rule.name)) matched none of the \(transactions) transactions",
                notes: ["check its conditions against 'pfin rules explain'; if the payee is gone, delete the rule"])
        }
    }

    private static func duplicateNames(_ rules: [Rule]) -> [Diagnostic] {
        var first: [String: Rule] = [:]
        var found: [Diagnostic] = []
        for rule in rules {
            if let earlier = first[rule.name] {
                found.append(
                    Diagnostic(
                        .warning, code: "rules.duplicate-name", at: rule.location,
                        "rule name \(quoted(rule.name)) is already used at \(lineOf(earlier))",
                        notes: ["explanations name the rule that decided; give each rule its own name"]))
            } else {
                first[rule.name] = rule
            }
        }
        return found
    }

    /// A later rule `b` never changes anything when an earlier rule `a` matches whenever `b` does
    /// and either stops or sets every field `b` sets (and `b` does not stop). Pairs where `a` or a
    /// rule between them sets a field `b` tests are skipped: `b` may see values `a` did not.
    private static func shadowed(_ rules: [Rule]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for (j, b) in rules.enumerated() {
            let tested = testedFields(b)
            for i in stride(from: j - 1, through: 0, by: -1) {
                // Walking back from b, the fields set between a and b only grow.
                if !rules[i].fieldsSet.isDisjoint(with: tested) { break }
                let a = rules[i]
                let covers = a.stops || (!b.stops && b.fieldsSet.isSubset(of: a.fieldsSet))
                guard covers, Implication.rule(b, implies: a) else { continue }
                let why = a.stops ? "matches whenever it does and stops" : "matches whenever it does and sets \(list(b.fieldsSet)) first"
                found.append(
                    Diagnostic(
                        .warning, code: "rules.never-fires", at: b.location,
                        "rule \(quoted(b.name)) can never change anything: rule \(quoted(a.name)) at \(lineOf(a)) \(why)",
                        notes: ["move \(quoted(b.name)) above \(quoted(a.name)), or narrow the conditions of \(quoted(a.name))"]))
                break
            }
        }
        return found
    }

    /// The settable fields whose values `rule`'s conditions read.
    private static func testedFields(_ rule: Rule) -> Set<SettableField> {
        var fields = Set<SettableField>()
        for condition in rule.conditions.flatMap(\.alternatives) {
            let field: TextField
            switch condition.test {
            case .text(let f, _, _), .matches(let f, _): field = f
            default: continue
            }
            if field == .text {
                fields.formUnion([.name, .memo, .address])
            } else if let settable = SettableField(rawValue: field.rawValue) {
                fields.insert(settable)
            }
        }
        return fields
    }

    private static func lineOf(_ rule: Rule) -> String {
        SourceLocation(file: rule.location.file, line: rule.location.line).description
    }

    private static func list(_ fields: Set<SettableField>) -> String {
        let names = fields.sorted().map(\.rawValue)
        return names.count <= 1 ? (names.first ?? "nothing") : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    static func quoted(_ name: String) -> String { "'\(name)'" }
}
