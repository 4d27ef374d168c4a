import FinanceCore
import Glibc
import LedgerStore
import ReportRendering
import Reports
import Rules
import StatementFormats
import StatementPipeline

/// `pfin report`: monthly income and expense summaries, one report or one file per month.
enum ReportCommand {
    static let spec = CommandSpec(
        name: "report",
        arguments: "[FILE…]",
        summary: "Summarise income and expense month by month, as text, CSV, JSON or HTML pages.",
        details: """
            Reads the inputs like 'pfin convert' (applying --rules on the way) and summarises each
            month in each currency: income, expense, net and savings rate, transfers apart,
            spending and income by category (subcategories rolled up, with the change against the
            previous month and the 12-month average), top payees, the largest transactions, and
            what has no category. Currencies are never added together; --currency keeps one.

            --convert-to CODE shows everything in one currency instead: an amount whose file
            states it in that currency (a card payment's original amount, or the rate) counts as
            stated; the others convert at the latest price in --prices FILE on or before their
            date (hledger 'P 2024-05-01 USD 0.9225 EUR' lines, or CSV rows date,currency,rate
            with an optional fourth column for the quote currency). Totals are summed exactly
            and rounded once. A payment without such a price is an error naming the currency
            and the date, and no report is written.

            Without --out-dir the report goes to standard output (or -o FILE); an HTML page needs
            a single month there. With --out-dir DIR, each month gets its own file (2024-05.html,
            2024-05.txt, …), and HTML also an index.html with the year at a glance; every file is
            written atomically. --templates DIR renders HTML with your copies of the templates in
            Templates/ (files missing there fall back to the built-in ones). The JSON report holds
            the summaries; --transactions adds each month's transactions. HTML month pages also
            show the recurring payments paid (or due) that month and what changed in them, and
            the index what the subscriptions and bills cost a year ('pfin recurring' lists them).

            --budget FILE adds budget vs actual to each month: per budget line the amount
            budgeted (with what rollover carried in), spent or received, left, percent used and
            the year to date; over-budget lines are flagged. The budget file's syntax is in
            CONTRACT.md ("Budget files").

            When an input has errors, no report is written: totals that leave rows out would be
            wrong. Fix the rows (or the profile) and run again.
            """,
        options: InputOptions.specs(format: InputOptions.inputFormat, currency: nil) + [InputOptions.threads.spec] + RulesLoading.specs + ReportRequest.specs,
        examples: [
            "pfin report Samples/*.csv --rules Samples/rules.pfin",
            "pfin report Samples/*.csv --rules Samples/rules.pfin --month 2024-05 --currency EUR",
            "pfin report history.jsonl --from 2024-01 --to 2024-12 --format html --out-dir site",
            "pfin report history.jsonl --format csv -o months.csv",
            "pfin report history.jsonl --month 2024-05 --format json --transactions",
            "pfin report --db ledger.sqlite --month 2024-05",
            "pfin report history.jsonl --budget household.budget --month 2024-05",
            "pfin report Samples/*.csv --convert-to EUR --prices Samples/prices.journal",
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
        guard let renderer = ReportRenderers.make(request, printer: &printer) else { return ExitStatus.inputErrors }
        // The HTML pages show each month's recurring payments, found in the same reading up to
        // the report's end.
        let detector = request.format == .html ? RecurringDetector(through: request.period.to?.lastDay) : nil
        // The pages list the newest transactions of a month; the month's file holds them all.
        let monthFiles = request.format == .html ? request.outDirectory.map(Self.monthFiles(request)) : nil
        guard let built = build(request, arguments: arguments, recurring: detector, monthFiles: monthFiles, printer: &printer) else {
            return ExitStatus.inputErrors
        }
        var report = built.report
        report.recurring = built.recurring?.finish()
        return ReportWriting.write(report, with: renderer, request: request, monthFiles: monthFiles, printer: &printer)
    }

    /// The month files of an HTML report into `directory`, spilling into an unlinked file there.
    private static func monthFiles(_ request: ReportRequest) -> (String) -> MonthTransactionFiles {
        { directory in
            MonthTransactionFiles(
                options: request.builderOptions, inBackground: request.input.threads > 1,
                openSpill: { () throws(OutputError) -> Int32 in
                    let files = try ReportFiles.prepare(directory)
                    let path = files.path(".pfin-report-\(getpid()).spill")
                    let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                    guard fd >= 0 else { throw OutputError(path: path, errno: errno) }
                    unlink(path)
                    return fd
                },
                openMonth: { (month) throws(OutputError) -> ByteOutput in
                    let files = try ReportFiles.prepare(directory)
                    return try ByteOutput.atomicFile(files.path(HTMLReportRenderer.transactionsFileName(for: month)))
                })
        }
    }

    /// What `build` read: the report, and the recurring payments' detector when asked for.
    struct Built {
        var report: MonthlyReport
        var recurring: RecurringDetector?
    }

    /// The report `request` asks for, its budgets compared and its period cut, and with
    /// `recurring` that detector fed in the same reading; `nil` (after printing why) when an input
    /// has errors or a total does not fit: no report is then written. `pfin budget` and
    /// `pfin recurring` read their inputs here too.
    static func build(
        _ request: ReportRequest, arguments: ParsedArguments, recurring: RecurringDetector? = nil,
        monthFiles: MonthTransactionFiles? = nil, printer: inout DiagnosticPrinter
    ) -> Built? {
        guard let rules = RulesLoading.load(arguments, printer: &printer) else { return nil }
        // The rules stage; its warnings are printed once the input is read (the readers hold the
        // printer meanwhile).
        var stage = RulesStage(
            rules,
            into: ReportCollector(
                builder: ReportBuilder(options: request.builderOptions), recurring: recurring, converter: request.conversion?.converter,
                monthFiles: monthFiles))
        // Nothing in the stage throws: `ReportCollector` neither stops nor fails.
        let add = { (activity: consuming PaymentActivity) in _ = try? stage.accept(activity) }
        var balances: [StatedAccountBalance] = []
        if let database = request.database {
            // Months after the period are never reported; earlier ones feed the comparisons.
            LedgerOptions.read(database, filter: LedgerFilter(to: request.period.to?.lastDay), printer: &printer, add)
            if request.conversion == nil { balances = LedgerOptions.statedBalances(database, printer: &printer) }
        } else {
            // Payees cleaned by the reading (`ReadAhead` shares the work out between its threads).
            let reading = stage.payees?.sibling()
            stage.normalisesPayees = reading == nil
            ActivityEach.read(
                request.input, printer: &printer, progress: !arguments[ReportRequest.quiet], normaliser: reading,
                statement: { _ = try? stage.statement($0) }, add)
        }
        var input = stage.base
        if request.database == nil { balances = input.statedBalances }
        for warning in input.warnings { printer.print(warning) }
        if input.unlisted > 0 {
            Terminal.err("pfin: \(Plural.count(input.unlisted, "more rule warning")) not shown; 'pfin convert' with the same rules lists them all\n")
        }
        if let conversion = request.conversion {
            for error in input.conversionFailures.diagnostics(target: conversion.converter.target, pricesFile: conversion.pricesFile) {
                printer.print(error)
            }
        }
        if printer.errors > 0 {
            Terminal.err("pfin: \(Plural.count(printer.errors, "error")); no report was written (totals that leave rows out would be wrong)\n")
            return nil
        }
        // The busy months' files are written while the totals and the recurring payments are
        // worked out.
        if let monthFiles, let limit = request.builderOptions.transactionLimit { monthFiles.stageAhead(over: limit) }
        var whole = input.builder.finish()
        whole.attach(balances)
        if let budget = request.budget {
            whole.budgets = whole.comparing(with: budget)
            for warning in whole.budgets.flatMap(\.warnings) { printer.print(warning) }
        }
        var report = request.period.restrict(whole)
        if let conversion = request.conversion {
            report.conversion = ReportConversion(
                currency: conversion.converter.target, pricesFile: conversion.pricesFile,
                atStatedRates: input.convertedAtStatedRates, atPrices: input.convertedAtPrices)
        }
        let totalErrors = report.totalErrors
        if !totalErrors.isEmpty {
            for error in totalErrors { printer.print(error) }
            Terminal.err("pfin: \(Plural.count(totalErrors.count, "error")); no report was written (a clamped total would be wrong)\n")
            return nil
        }
        return Built(report: report, recurring: input.recurring)
    }
}
