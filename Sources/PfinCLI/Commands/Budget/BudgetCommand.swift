import FinanceCore
import ReportRendering
import Reports

/// `pfin budget`: budget vs actual alone, month by month; `pfin budget suggest` proposes a budget.
enum BudgetCommand {
    static let format = Option.choice("--format", of: BudgetRenderer.Format.self, default: .text, help: "text (default), csv or json.")
    static let output = Option("--output", short: "-o", value: "FILE", help: "Write to FILE (atomically) instead of standard output.")

    static let spec = CommandSpec(
        name: "budget",
        arguments: "[FILE…]",
        summary: "Compare each month with a budget file; 'pfin budget suggest' proposes one.",
        details: """
            Reads the inputs like 'pfin report' (or the ledger with --db), applies --rules, and
            shows for each month and each line of the budget file: budgeted (with what rollover
            carried in), spent or received, left, percent used and the year to date, with lines
            over budget (or income short of its target) flagged. The figures are those of
            'pfin report --budget'; the budget file's syntax is in CONTRACT.md ("Budget files").

            'pfin budget suggest [FILE…]' writes a budget file from the last 12 months' medians
            per category, for you to edit.
            """,
        options: InputOptions.specs(format: InputOptions.inputFormat, currency: nil) + [InputOptions.threads.spec] + RulesLoading.specs + [
            BudgetLoading.budget.spec, ReportRequest.currency.spec, ReportRequest.month.spec, ReportRequest.from.spec,
            ReportRequest.to.spec, format.spec, output.spec, ReportRequest.quiet.spec, ReportRequest.database.spec,
        ],
        examples: [
            "pfin budget Samples/history/checking-2023-2024.csv --rules Samples/history/household.pfin --budget Samples/history/household.budget --month 2024-05",
            "pfin budget --db ledger.sqlite --budget household.budget --from 2024-01 --format csv",
            "pfin budget suggest --db ledger.sqlite -o household.budget",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let request: ReportRequest
        do throws(UsageError) {
            guard arguments[BudgetLoading.budget] != nil else {
                throw UsageError(message: "'pfin budget' compares with a budget file: give --budget FILE (or run 'pfin budget suggest' for one)")
            }
            // The report's own options, read by name: --format here names text, csv or json alone.
            guard let parsed = try ReportRequest.parse(arguments, printer: &printer) else { return ExitStatus.inputErrors }
            request = parsed
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        guard let report = ReportCommand.build(request, arguments: arguments, printer: &printer)?.report else { return ExitStatus.inputErrors }
        if report.months.isEmpty {
            Terminal.err("pfin: warning: no transactions to compare; nothing was written\n")
            return ExitStatus.success
        }
        let format = arguments[Self.format] ?? .text
        let renderer = BudgetRenderer(format: format, colour: format == .text && DocumentOutput.colours(toFile: arguments[output]))
        return DocumentOutput.write(renderer.render(report), to: arguments[output], printer: &printer)
    }
}
