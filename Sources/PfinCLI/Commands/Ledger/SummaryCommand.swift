import FinanceCore
import LedgerStore

/// `pfin summary`: the dashboard of a period, this month so far by default.
enum SummaryCommand {
    static let spec = CommandSpec(
        name: "summary",
        synopsis: "[--from DATE] [--to DATE] [--recent N] [--format text|json] [--db PATH]",
        summary: "Show income, expense and balance per currency, and the latest transactions.",
        details: """
            Without --from and --to, the period is this month so far: from its first day to
            today. With only one of them, the other end stays open. Each currency is totalled
            apart (pfin never adds dollars to euros); transfers between your own accounts count
            in neither income nor expense.
            """,
        options: [
            OptionSpec("--from", value: "DATE", help: "The first day, YYYY-MM-DD (default: the first of this month)."),
            OptionSpec("--to", value: "DATE", help: "The last day, included (default: today)."),
            OptionSpec("--recent", value: "N", help: "How many of the latest transactions to show (default 10; 0 for none)."),
            OptionSpec("--format", value: "FORMAT", help: "text (the default) or json: the totals per currency and the latest transactions as JSON Lines objects."),
            LedgerOptions.spec,
        ],
        examples: ["pfin summary", "pfin summary --from 2024-01-01 --to 2024-12-31 --recent 0"])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let options: LedgerOptions
        var from: LocalDate?, to: LocalDate?
        var recent = 10
        let json: Bool
        do throws(UsageError) {
            json = try LedgerJSON.wantsJSON(arguments)
            if let extra = arguments.positionals.first { throw UsageError(message: "'pfin summary' takes options only, found '\(extra)'") }
            let today = DateArgument.today()
            from = try ListRequest.date(arguments, "--from", today: today)
            to = try ListRequest.date(arguments, "--to", today: today)
            if from == nil && to == nil {
                from = LocalDate(year: today.year, month: today.month, day: 1)
                to = today
            }
            if let from, let to, to < from {
                throw UsageError(message: "--from \(from) is after --to \(to); the first day comes first")
            }
            if let text = arguments.value("--recent") {
                guard let n = Int(text), n >= 0 else {
                    throw UsageError(message: "--recent expects a whole number (0 or more), found '\(text)'")
                }
                recent = n
            }
            options = try LedgerOptions.parse(arguments)
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        guard let ledger = options.open(create: false, printer: &printer) else { return ExitStatus.inputErrors }
        do {
            let summary = try ledger.summary(from: from, to: to, recent: recent)
            Terminal.out(json ? LedgerJSON.summary(summary)
                              : SummaryText.render(summary, idWidth: try ledger.uniquePrefixLength(of: summary.recent.map(\.id))))
            return ExitStatus.success
        } catch {
            LedgerOptions.fail(error, printer: &printer)
            return ExitStatus.inputErrors
        }
    }
}
