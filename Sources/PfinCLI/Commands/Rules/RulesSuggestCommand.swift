import FinanceCore
import Rules
import StatementFormats

/// `pfin rules suggest [INPUT…]`: rules proposed from transactions already categorised.
enum RulesSuggestCommand {
    static let minimumSupport = Option.integer(
        "--min-support", in: 1...Int.max, default: 3,
        help: "Transactions a payee needs before a rule is proposed (default 3).")
    static let minimumConsistency = Option<Int>(
        "--min-consistency", value: "PERCENT", default: 90,
        help: "Share of them that must agree on the category (default 90)."
    ) { text throws(UsageError) in
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Int(digits), (1...100).contains(value) else {
            throw UsageError(message: "--min-consistency expects a percentage from 1 to 100, found '\(text)'")
        }
        return value
    }
    static let output = Option("--output", short: "-o", value: "FILE", help: "Write the rules to FILE (atomically) instead of standard output.")
    static let database = LedgerOptions.database(help: "Read the history from this ledger instead of files.")

    static let spec = CommandSpec(
        name: "rules suggest",
        arguments: "[INPUT…]",
        summary: "Propose rules for payees your history categorised consistently.",
        details: """
            Reads categorised transactions (JSON Lines written by 'pfin convert', or any statement
            with a category column) and, for each payee categorised the same way at least
            --min-support times and --min-consistency percent of the time, prints a ready-to-paste
            rule with a comment giving its evidence, most useful first. With --rules, transactions
            your rules already categorise that way are left out, so only what the rules miss is
            proposed. With --db PATH, the history is the ledger (deleted transactions left out).
            Nothing is applied: review the rules and paste the ones you want.
            """,
        options: RulesLoading.specs + [minimumSupport.spec, minimumConsistency.spec, output.spec, database.spec] + InputOptions.specs + [
            InputOptions.threads.spec
        ],
        examples: [
            "pfin rules suggest history.jsonl",
            "pfin rules suggest history.jsonl --rules my.pfin --min-support 5 -o proposed.pfin",
            "pfin rules suggest --db ledger.sqlite",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        var suggester = RuleSuggester()
        let database: String?
        do throws(UsageError) {
            database = try LedgerOptions.input(arguments)
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        suggester.minimumSupport = arguments[minimumSupport] ?? suggester.minimumSupport
        suggester.minimumConsistencyPercent = arguments[minimumConsistency] ?? suggester.minimumConsistencyPercent
        let options = InputOptions.parse(arguments, printer: &printer)
        guard let options, let rules = RulesLoading.load(arguments, printer: &printer) else {
            return ExitStatus.inputErrors
        }
        final class History { var activities: [PaymentActivity] = []; var covered = 0 }
        let history = History()
        // Suggestions name payees as the rules will see them: normalised first.
        let payees = rules != nil ? rules!.payees : PayeeNormaliser()
        let collect: (PaymentActivity) -> Void = { activity in
            var activity = activity
            payees?.normalise(&activity)
            guard let category = activity.category, !category.isEmpty else { return }
            if let rules {
                var ruled = activity
                ruled.category = nil
                rules.apply(to: &ruled)
                if ruled.category == category {
                    history.covered += 1
                    return
                }
            }
            history.activities.append(activity)
        }
        if let database {
            LedgerOptions.read(database, printer: &printer, collect)
        } else {
            ActivityEach.read(options, printer: &printer, collect)
        }
        guard printer.errors == 0 || database == nil else { return ExitStatus.inputErrors }
        let suggestions = suggester.suggest(history.activities)
        var text = "# Rules proposed by 'pfin rules suggest' from \(Plural.count(history.activities.count, "categorised transaction"))"
        if rules != nil { text += " (\(history.covered) more your rules already categorise were left out)" }
        text += ".\n# Review each, then paste the ones you want into your rules file.\n"
        for suggestion in suggestions { text += "\n" + suggestion.rulesText }
        if suggestions.isEmpty {
            Terminal.err(
                "pfin: no payee was categorised the same way at least \(suggester.minimumSupport) times and \(suggester.minimumConsistencyPercent)% of the time; nothing to propose\n"
            )
        }
        return write(text, to: arguments[output], printer: &printer)
    }

    private static func write(_ text: String, to path: String?, printer: inout DiagnosticPrinter) -> Int32 {
        guard let path else {
            Terminal.out(text)
            return printer.errors > 0 ? ExitStatus.inputErrors : ExitStatus.success
        }
        do {
            let output = try ByteOutput.atomicFile(path)
            try output.write(Array(text.utf8))
            try output.commit()
        } catch {
            printer.fail(String(describing: error))
        }
        return printer.errors > 0 ? ExitStatus.inputErrors : ExitStatus.success
    }
}
