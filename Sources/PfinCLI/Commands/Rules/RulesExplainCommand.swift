import FinanceCore
import Rules
import StatementFormats

/// `pfin rules explain --rules FILE [INPUT…]`: which rule set each field of each transaction.
enum RulesExplainCommand {
    /// Required here: explaining needs rules.
    static let rules = Option(
        "--rules", value: "FILE", repeatable: true, required: true,
        help: "The rules file to explain; several apply in the order given.")
    static let uncategorized = Flag("--uncategorized", help: "Show only the transactions the rules left without a category.")

    static let spec = CommandSpec(
        name: "rules explain",
        arguments: "[INPUT…]",
        summary: "Show, for each transaction, which rule set each field, and to what.",
        details: """
            Reads the inputs like 'pfin convert', runs the rules, and prints each transaction (where
            it came from, date, amount, name as read) followed by the payee normalisation steps that
            changed its name (unless --raw-names) and every field a rule set: the value and the
            rule's name and FILE:LINE. Rules that matched but found their fields already set are
            listed too, and transactions no rule touched are marked as such.
            """,
        options: [rules.spec, RulesLoading.rawNames.spec] + InputOptions.specs + [InputOptions.threads.spec] + [uncategorized.spec],
        examples: [
            "pfin rules explain --rules Samples/rules.pfin Samples/us-checking-chase.csv",
            "pfin rules explain --rules Samples/rules.pfin Samples/*.csv --uncategorized",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        guard let options = InputOptions.parse(arguments, printer: &printer),
            var set = RulesLoading.ruleSet(arguments.all(rules), printer: &printer)
        else { return ExitStatus.inputErrors }
        if arguments[RulesLoading.rawNames] { set.normalisesPayees = false }
        let engine = RuleEngine(set)
        let onlyUncategorized = arguments[uncategorized]
        let out = TextOutput()
        var shown = 0
        var untouched = 0
        var total = 0
        ActivityEach.read(options, printer: &printer) { activity in
            var activity = activity
            let before = activity
            var payee: (name: String, steps: [PayeeStep])?
            if let payees = engine.payees, activity.rawName == nil {
                let explained = payees.explain(activity)
                if !explained.steps.isEmpty {
                    activity.rawName = activity.name
                    activity.name = explained.name
                    payee = explained
                }
            }
            let trace = engine.trace(&activity)
            total += 1
            if trace.decisions.isEmpty { untouched += 1 }
            if onlyUncategorized && !(activity.category ?? "").isEmpty { return }
            shown += 1
            out.write(RuleExplanation.render(before, payee: payee, trace, set))
        }
        let touched = total - untouched
        out.write(
            "\(Plural.count(total, "transaction")): \(touched) changed by rules, \(untouched) untouched"
                + (onlyUncategorized ? "; \(shown) without a category shown" : "") + "\n")
        out.flush()
        return printer.errors > 0 ? ExitStatus.inputErrors : ExitStatus.success
    }
}

/// The text of one explained transaction.
enum RuleExplanation {
    /// `payee`: the clean name and the normalisation steps that made it, when they changed the name.
    static func render(_ activity: PaymentActivity, payee: (name: String, steps: [PayeeStep])? = nil, _ trace: RuleTrace, _ set: RuleSet) -> String {
        var text = "\(activity.source)  \(activity.date)  \(activity.amount)  \(activity.name)\n"
        // One column for the `=` signs: the payee's line and the rules' decisions alike.
        let width = max(payee == nil ? 0 : 5, trace.decisions.map(\.field.rawValue.count).max() ?? 0)
        if let payee {
            let label = "payee" + String(repeating: " ", count: width - 5)
            text += "  \(label) = \(RulesText.string(payee.name))  by normalisation: \(payee.steps.map(\.rawValue).joined(separator: ", "))\n"
        }
        guard !trace.matched.isEmpty || !trace.gaveUp.isEmpty else { return text + "  no rule matched\n" }
        for decision in trace.decisions {
            let name = decision.field.rawValue
            let field = name + String(repeating: " ", count: width - name.count)
            text += "  \(field) = \(RulesText.string(decision.value))  by \(describe(set.rules[decision.rule]))\n"
        }
        let deciding = Set(trace.decisions.map(\.rule))
        for r in trace.matched where !deciding.contains(r) && r != trace.stoppedBy {
            let rule = set.rules[r]
            let fields = rule.actions.map(\.field.rawValue)
            text += "  matched \(describe(rule)), but \(fields.joined(separator: ", ")) \(fields.count == 1 ? "was" : "were") already set\n"
        }
        for r in trace.gaveUp {
            text += "  gave up on \(describe(set.rules[r])): its regular expression took too many steps; not applied\n"
        }
        if let stop = trace.stoppedBy {
            text += "  stopped by \(describe(set.rules[stop]))\n"
        }
        return text
    }

    private static func describe(_ rule: Rule) -> String {
        "'\(rule.name)' (\(rule.location.file):\(rule.location.line))"
    }
}
