import FinanceCore
import ReportRendering
import Reports

/// `pfin recurring`: the series of payments the history repeats, and what changed in them.
enum RecurringCommand {
    static let format = Option.choice("--format", of: RecurringRenderer.Format.self, default: .text, help: "text (default), csv or json.")
    static let explain = Option(
        "--explain", value: "PAYEE", help: "Show the payments behind each payee whose name contains PAYEE, and why they are a series or not.")
    static let asOf = Option(
        "--as-of", value: "YYYY-MM-DD",
        help:
            "See the history as it stood at this date: later payments are left out, and missed and stopped ones judged then (default: the last date of the data)."
    )

    static let spec = CommandSpec(
        name: "recurring",
        arguments: "[FILE…]",
        summary: "List recurring payments and subscriptions, with price changes and missed payments.",
        details: """
            Reads the inputs like 'pfin report' (or the ledger with --db), applies --rules, and
            finds series: at least three payments to one payee (named as 'pfin rules suggest'
            groups them), in one currency, at a regular interval (weekly, fortnightly, monthly,
            quarterly or yearly, tolerant of weekends and month ends) for amounts that stay
            close. For each: interval, usual amount, last and next expected date, and changes:
            price changes, late income, a payment that has not come (missed; stopped after two),
            and series that are new. Transfers and refunds are not payments of a series.

            --explain PAYEE shows the dates and amounts that made (or did not make) the series.
            """,
        options: InputOptions.specs(format: InputOptions.inputFormat, currency: nil) + [InputOptions.threads.spec] + RulesLoading.specs + [
            explain.spec, asOf.spec, ReportRequest.currency.spec, format.spec, BudgetCommand.output.spec,
            ReportRequest.quiet.spec, ReportRequest.database.spec,
        ],
        examples: [
            "pfin recurring Samples/history/checking-2023-2024.csv --rules Samples/history/household.pfin",
            "pfin recurring history.jsonl --explain netflix",
            "pfin recurring --db ledger.sqlite --format csv -o recurring.csv",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let request: ReportRequest
        let date: LocalDate?
        do throws(UsageError) {
            date = try arguments[asOf].map { text throws(UsageError) in
                guard let parsed = LocalDate(iso: text) else {
                    throw UsageError(message: "--as-of expects a date as YYYY-MM-DD (like 2024-09-30), found '\(text)'")
                }
                return parsed
            }
            if arguments[explain] != nil && arguments[format] != nil && arguments[format] != .text {
                throw UsageError(message: "--explain shows payments as text; leave out --format")
            }
            guard let parsed = try ReportRequest.parse(arguments, printer: &printer) else { return ExitStatus.inputErrors }
            request = parsed
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        guard let built = ReportCommand.build(request, arguments: arguments, recurring: RecurringDetector(through: date), printer: &printer),
            let detector = built.recurring
        else { return ExitStatus.inputErrors }
        var report = detector.finish(asOf: date)
        if let currency = request.currency {
            report.series.removeAll { $0.currency != currency }
            report.candidates.removeAll { $0.currency != currency }
        }
        let chosen = arguments[format] ?? .text
        let renderer = RecurringRenderer(
            format: chosen, colour: chosen == .text && DocumentOutput.colours(toFile: arguments[BudgetCommand.output]))
        let bytes = arguments[explain].map { renderer.explain(report.explain($0), asOf: report.asOf) } ?? renderer.render(report)
        return DocumentOutput.write(bytes, to: arguments[BudgetCommand.output], printer: &printer)
    }
}
