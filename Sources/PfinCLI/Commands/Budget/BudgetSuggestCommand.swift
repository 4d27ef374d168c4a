import FinanceCore
import Reports

/// `pfin budget suggest`: a budget file proposed from the last months' medians per category.
enum BudgetSuggestCommand {
    static let months = Option.integer(
        "--months", in: 1...120, default: 12, help: "How many of the last months the medians are over (default 12).")

    static let spec = CommandSpec(
        name: "budget suggest",
        arguments: "[FILE…]",
        summary: "Propose a budget file from the last 12 months' medians per category.",
        details: """
            Reads the inputs like 'pfin report' (or the ledger with --db), applies --rules, and
            writes a budget file with one budget per currency: for each top-level category, the
            median of its last --months months (months without it count as zero), rounded to a
            whole unit, up for spending and down for income; a category with activity in fewer
            than half of the months gets a yearly line with its total instead. Subcategories come
            commented out under their parent. Each line says what it was computed from. Nothing
            is applied: edit the file, then use it with --budget.
            """,
        options: InputOptions.specs(format: InputOptions.inputFormat, currency: nil) + [InputOptions.threads.spec] + RulesLoading.specs + [
            months.spec, ReportRequest.currency.spec, BudgetCommand.output.spec, ReportRequest.quiet.spec,
            ReportRequest.database.spec,
        ],
        examples: [
            "pfin budget suggest Samples/history/checking-2023-2024.csv --rules Samples/history/household.pfin",
            "pfin budget suggest --db ledger.sqlite --months 6 -o household.budget",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let request: ReportRequest
        do throws(UsageError) {
            guard let parsed = try ReportRequest.parse(arguments, printer: &printer) else { return ExitStatus.inputErrors }
            request = parsed
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        guard let report = ReportCommand.build(request, arguments: arguments, printer: &printer)?.report else { return ExitStatus.inputErrors }
        let suggestions = report.suggestedBudgets(monthCount: arguments[months] ?? 12)
        guard !suggestions.isEmpty else {
            Terminal.err("pfin: warning: no transactions to learn a budget from; nothing was written\n")
            return ExitStatus.success
        }
        let text = suggestions.map(\.text).joined(separator: "\n")
        return DocumentOutput.write(Array(text.utf8), to: arguments[BudgetCommand.output], printer: &printer)
    }
}
