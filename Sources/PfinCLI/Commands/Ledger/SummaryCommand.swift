import FinanceCore
import LedgerStore

/// `pfin summary`: the dashboard of a period, this month so far by default.
enum SummaryCommand {
    static let from = ListRequest.dateOption("--from", help: "The first day, YYYY-MM-DD (default: the first of this month).")
    static let to = ListRequest.dateOption("--to", help: "The last day, included (default: today).")
    static let recent = Option.integer(
        "--recent", in: 0...Int.max, default: 10,
        help: "How many of the latest transactions to show (default 10; 0 for none).")
    static let format = TextOrJSON.option(help: "text (the default) or json: the totals per currency and the latest transactions as JSON Lines objects.")

    static let spec = CommandSpec(
        name: "summary",
        arguments: "",
        summary: "Show income, expense and net per currency, the balances the statements state, and the latest transactions.",
        details: """
            Without --from and --to, the period is this month so far: from its first day to
            today. With only one of them, the other end stays open. Each currency is totalled
            apart (pfin never adds dollars to euros); transfers between your own accounts count
            in neither income nor expense. Net is income minus expense, not a balance: the
            balances are those the imported statements state (a closing balance, or a Balance
            column's last row), the latest of each account up to the period's end.
            """,
        options: [
            from.spec, to.spec, recent.spec, format.spec, LedgerOptions.spec,
        ],
        examples: ["pfin summary", "pfin summary --from 2024-01-01 --to 2024-12-31 --recent 0"])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let options: LedgerOptions
        var from: LocalDate?, to: LocalDate?
        var recent = 10
        let json: Bool
        do throws(UsageError) {
            json = arguments[format] == .json
            if let extra = arguments.positionals.first { throw UsageError(message: "'pfin summary' takes options only, found '\(extra)'") }
            let today = DateArgument.today()
            from = arguments[Self.from].flatMap { $0(today) }
            to = arguments[Self.to].flatMap { $0(today) }
            if from == nil && to == nil {
                from = LocalDate(year: today.year, month: today.month, day: 1)
                to = today
            }
            if let from, let to, to < from {
                throw UsageError(message: "--from \(from) is after --to \(to); the first day comes first")
            }
            recent = arguments[Self.recent] ?? recent
            options = try LedgerOptions.parse(arguments)
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        guard let ledger = options.open(create: false, printer: &printer) else { return ExitStatus.inputErrors }
        do {
            let summary = try ledger.summary(from: from, to: to, recent: recent)
            let balances = try ledger.latestBalances(through: to)
            let clamped = summary.totals.filter(\.isSaturated)
            if !clamped.isEmpty {
                for line in clamped {
                    let currency = line.currency.map { "in \($0)" } ?? "without a currency"
                    printer.print(
                        Diagnostic.totalOutOfRange(
                            "the ledger's totals \(currency)", scale: max(line.income.scale, line.expense.scale),
                            at: SourceLocation(file: options.path, line: 0)))
                }
                return ExitStatus.inputErrors
            }
            Terminal.out(
                json
                    ? LedgerJSON.summary(summary, balances: balances)
                    : SummaryText.render(summary, balances: balances, idWidth: try ledger.uniquePrefixLength(of: summary.recent.map(\.id))))
            return ExitStatus.success
        } catch {
            LedgerOptions.fail(error, printer: &printer)
            return ExitStatus.inputErrors
        }
    }
}
