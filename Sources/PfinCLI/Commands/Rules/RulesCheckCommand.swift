import FinanceCore
import Rules
import StatementFormats

/// `pfin rules check FILE [--against INPUT…]`: every error and warning of a rules file.
enum RulesCheckCommand {
    static let against = Option(
        "--against", value: "INPUT", repeatable: true, completion: .file,
        help: "Also run the rules over these statements and report rules that matched nothing.")

    static let spec = CommandSpec(
        name: "rules check",
        arguments: "FILE…",
        summary: "Report every error and warning in rules files (exit 1 on errors).",
        details: """
            Parses each FILE (several are checked as one chain, in order) and reports every error at
            once, then warns about duplicate rule names and rules that can never change anything
            because an earlier rule matches whenever they do and stops or sets the same fields.
            With --against, runs the rules over the inputs and warns about rules that matched none of
            their transactions; the rules FILE then comes first and every later argument is an input.
            """,
        options: [against.spec] + InputOptions.specs + [InputOptions.threads.spec],
        examples: [
            "pfin rules check Samples/rules.pfin",
            "pfin rules check Samples/rules.pfin --against Samples/*.csv",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let against = arguments.all(Self.against)
        let rulesFiles = against.isEmpty ? arguments.positionals : Array(arguments.positionals.prefix(1))
        let inputs = against + arguments.positionals.dropFirst(rulesFiles.count)
        guard !rulesFiles.isEmpty else {
            return Pfin.usageFailure(UsageError(message: "'pfin rules check' needs a rules file"), spec: spec)
        }
        let options = InputOptions.parse(arguments, printer: &printer)
        guard let set = RulesLoading.ruleSet(rulesFiles, printer: &printer), var options else {
            Terminal.out("\(label(rulesFiles)): \(Plural.count(printer.errors, "error"))\n")
            return ExitStatus.inputErrors
        }
        for warning in RulesLint.check(set) { printer.print(warning) }
        var summary = "\(label(rulesFiles)): \(Plural.count(set.rules.count, "rule"))"
        if !inputs.isEmpty {
            options.files = inputs
            summary += "; " + coverage(set, options, printer: &printer)
        }
        let problems = printer.errors + printer.warnings
        summary +=
            problems == 0
            ? "; no problems"
            : "; "
                + [
                    printer.errors > 0 ? Plural.count(printer.errors, "error") : nil,
                    printer.warnings > 0 ? Plural.count(printer.warnings, "warning") : nil,
                ].compactMap { $0 }.joined(separator: ", ")
        Terminal.out(summary + "\n")
        return printer.errors > 0 ? ExitStatus.inputErrors : ExitStatus.success
    }

    /// Runs the rules over the inputs, warns about rules that matched nothing, and says how much
    /// of the input the rules categorised.
    private static func coverage(_ set: RuleSet, _ options: InputOptions, printer: inout DiagnosticPrinter) -> String {
        let engine = RuleEngine(set)
        final class Counts { var matched: [Int] = []; var transactions = 0; var categorised = 0 }
        let counts = Counts()
        counts.matched = [Int](repeating: 0, count: set.rules.count)
        ActivityEach.read(options, printer: &printer) { activity in
            var activity = activity
            engine.payees?.normalise(&activity)
            let trace = engine.trace(&activity)
            counts.transactions += 1
            if !(activity.category ?? "").isEmpty { counts.categorised += 1 }
            for r in trace.matched { counts.matched[r] += 1 }
        }
        for warning in RulesLint.unmatched(set, matchCounts: counts.matched, transactions: counts.transactions) {
            printer.print(warning)
        }
        return "\(counts.categorised) of \(Plural.count(counts.transactions, "transaction")) categorised"
    }

    private static func label(_ files: [String]) -> String {
        files.count == 1 ? files[0] : "\(files[0]) and \(files.count - 1) more"
    }
}
