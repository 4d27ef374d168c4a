import FinanceCore
import Glibc
import ReportRendering
import Reports

/// What `pfin report` was asked for, checked: inputs, months, format and where it goes.
struct ReportRequest {
    var input: InputOptions
    /// `--db PATH`: the ledger to read instead of `input`'s files.
    var database: String?
    var period: ReportPeriod
    var format: ReportFormat
    /// `-o FILE`; standard output when `nil` and there is no `outDirectory`.
    var outputPath: String?
    var outDirectory: String?
    var templatesDirectory: String?
    /// The one currency to report (`--currency`).
    var currency: CurrencyCode?
    /// Each month's transactions in the JSON report (`--transactions`).
    var withTransactions: Bool
    /// ANSI colour in the text report: only on a terminal, and never when `NO_COLOR` is set.
    var colour: Bool

    static func parse(_ arguments: ParsedArguments, printer: inout DiagnosticPrinter) throws(UsageError) -> ReportRequest? {
        let database = try LedgerReading.database(arguments)
        guard var input = try InputOptions.parse(arguments, printer: &printer, formatOption: "--input-format") else { return nil }
        // In a report --currency picks the currency to show; it does not stamp amounts that have
        // none (that would add, say, a US export's dollars into the euros).
        // Only the flag's: the configuration's `currency` is for amounts without one, not a view.
        let currency = arguments.value("--currency") != nil ? input.read.currency : nil
        input.read.currency = nil
        for path in input.perFile.keys { input.perFile[path]?.currency = nil }
        let period = try ReportPeriod.parse(month: arguments.value("--month"), from: arguments.value("--from"),
                                            to: arguments.value("--to"))
        let name = arguments.value("--format") ?? "text"
        guard let format = ReportFormat(rawValue: name.lowercased()) else {
            throw UsageError(message: "unknown report format '\(name)' for --format; expected text, csv, json or html",
                             suggestion: Spelling.closest(to: name, in: ReportFormat.allCases.map(\.rawValue)))
        }
        let outputPath = arguments.value("--output"), outDirectory = arguments.value("--out-dir")
        if outputPath != nil && outDirectory != nil {
            throw UsageError(message: "-o writes one file and --out-dir one file per month; give one of them")
        }
        let templates = arguments.value("--templates")
        if templates != nil && format != .html {
            throw UsageError(message: "--templates is for --format html; the \(format.rawValue) report has no templates")
        }
        if arguments.flag("--transactions") && format != .json {
            throw UsageError(message: "--transactions is for --format json; \(format == .html ? "HTML pages always list the transactions" : "the \(format.rawValue) report lists no transactions")")
        }
        if format == .html && outDirectory == nil && period.single == nil {
            throw UsageError(message: "an HTML report is one page per month: give --out-dir DIR for all of them, or --month YYYY-MM for one page")
        }
        let toTerminal = outputPath == nil && outDirectory == nil && isatty(1) == 1
        let noColour = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        return ReportRequest(input: input, database: database, period: period, format: format, outputPath: outputPath,
                             outDirectory: outDirectory, templatesDirectory: templates, currency: currency,
                             withTransactions: arguments.flag("--transactions"),
                             colour: format == .text && toTerminal && !noColour)
    }

    /// What the builder computes: the requested months when both ends are known (otherwise all,
    /// cut by `ReportPeriod.restrict` afterwards), one currency if asked, and the transactions
    /// themselves only where they are listed (HTML pages, JSON with `--transactions`).
    var builderOptions: ReportOptions {
        ReportOptions(months: period.from.flatMap { from in period.to.map { from...$0 } },
                      currency: currency.map { .only($0) } ?? .all,
                      keepTransactions: format == .html || (format == .json && withTransactions))
    }
}
