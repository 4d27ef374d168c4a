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
    /// `--budget FILE`, read: each month compared with it.
    var budget: BudgetFile?
    /// Each month's transactions in the JSON report (`--transactions`).
    var withTransactions: Bool
    /// ANSI colour in the text report: only on a terminal, and never when `NO_COLOR` is set.
    var colour: Bool
    /// `--convert-to CODE` with `--prices FILE`: every amount in that one currency.
    var conversion: Conversion? = nil

    /// A report in one currency: into what, and the prices file read.
    struct Conversion {
        var converter: CurrencyConverter
        var pricesFile: String?
    }

    static let currency = InputOptions.currencyOption(help: "Report only this currency (ISO 4217, e.g. EUR); amounts without one are left out.")
    static let month = Option("--month", value: "YYYY-MM", help: "Report this month only.")
    static let from = Option("--from", value: "YYYY-MM", help: "The first month (default: the first month of the data).")
    static let to = Option("--to", value: "YYYY-MM", help: "The last month (default: the last month of the data).")
    static let format = Option.choice("--format", of: ReportFormat.self, default: .text, help: "text (default), csv, json or html.")
    static let output = Option("--output", short: "-o", value: "FILE", help: "Write to FILE (atomically) instead of standard output.")
    static let outDirectory = Option("--out-dir", value: "DIR", help: "Write one file per month (and index.html for html) into DIR, creating it.")
    static let quiet = Flag("--quiet", help: "No progress line on a terminal while long files are read.")
    static let templates = Option("--templates", value: "DIR", help: "Render HTML with the Mustache templates in DIR instead of the built-in ones.")
    static let transactions = Flag("--transactions", help: "JSON: list every transaction of each month too (HTML pages always do).")
    static let database = LedgerOptions.database(help: "Read the transactions from this ledger instead of files.")
    static let convertTo = Option(
        "--convert-to", value: "CODE", help: "Show every amount in this one currency (ISO 4217), converted at the rates the files state, else at --prices."
    ) {
        code throws(UsageError) in
        guard let currency = CurrencyCode(code) else {
            throw UsageError(message: "--convert-to expects an ISO 4217 code such as EUR or USD, found '\(code)'")
        }
        return currency
    }
    static let prices = Option(
        "--prices", value: "FILE", help: "Market prices for --convert-to: hledger 'P' directives or CSV rows date,currency,rate[,quote].")
    static let specs = [
        currency.spec, month.spec, from.spec, to.spec, format.spec, output.spec, outDirectory.spec, quiet.spec,
        templates.spec, transactions.spec, BudgetLoading.budget.spec, database.spec, convertTo.spec, prices.spec,
    ]

    static func parse(_ arguments: ParsedArguments, printer: inout DiagnosticPrinter) throws(UsageError) -> ReportRequest? {
        let database = try LedgerOptions.input(arguments)
        guard var input = InputOptions.parse(arguments, printer: &printer, format: InputOptions.inputFormat, currency: Self.currency) else { return nil }
        // In a report --currency picks the currency to show; it does not stamp amounts that have
        // none (that would add, say, a US export's dollars into the euros).
        // Only the flag's: the configuration's `currency` is for amounts without one, not a view.
        let currency = arguments[Self.currency]
        input.read.currency = nil
        for path in input.perFile.keys { input.perFile[path]?.currency = nil }
        let period = try ReportPeriod.parse(month: arguments[month], from: arguments[from], to: arguments[to])
        let format = arguments[Self.format] ?? .text
        let outputPath = arguments[output], outDirectory = arguments[Self.outDirectory]
        if outputPath != nil && outDirectory != nil {
            throw UsageError(message: "-o writes one file and --out-dir one file per month; give one of them")
        }
        let templates = arguments[Self.templates]
        if templates != nil && format != .html {
            throw UsageError(message: "--templates is for --format html; the \(format.rawValue) report has no templates")
        }
        if arguments[transactions] && format != .json {
            throw UsageError(
                message:
                    "--transactions is for --format json; \(format == .html ? "HTML pages always list the transactions" : "the \(format.rawValue) report lists no transactions")"
            )
        }
        if format == .html && outDirectory == nil && period.single == nil {
            throw UsageError(message: "an HTML report is one page per month: give --out-dir DIR for all of them, or --month YYYY-MM for one page")
        }
        var budget: BudgetFile?
        if let path = arguments[BudgetLoading.budget] {
            guard let file = BudgetLoading.load(path, printer: &printer) else { return nil }
            budget = file
        }
        var conversion: Conversion? = nil
        let pricesFile = arguments[prices]
        if let target = arguments[convertTo] {
            if currency != nil {
                throw UsageError(message: "--currency keeps one currency's amounts and --convert-to converts all of them into one; give one of them")
            }
            var list = PriceList()
            if let path = pricesFile {
                guard let text = RulesLoading.readText(path, printer: &printer) else { return nil }
                let (read, errors) = PriceFileParser.parse(text, file: path, quote: target)
                for error in errors { printer.print(error) }
                guard errors.isEmpty else { return nil }
                list = read
            }
            conversion = Conversion(converter: CurrencyConverter(target: target, prices: list), pricesFile: pricesFile)
        } else if pricesFile != nil {
            throw UsageError(message: "--prices is for --convert-to CODE: give the currency to show every amount in")
        }
        return ReportRequest(
            input: input, database: database, period: period, format: format, outputPath: outputPath,
            outDirectory: outDirectory, templatesDirectory: templates, currency: currency, budget: budget,
            withTransactions: arguments[transactions],
            colour: format == .text && outDirectory == nil && DocumentOutput.colours(toFile: outputPath), conversion: conversion)
    }

    /// What the builder computes: the requested months when both ends are known (otherwise all,
    /// cut by `ReportPeriod.restrict` afterwards; with a budget, from January of the first one's
    /// year), one currency if asked, and the transactions themselves only where they are listed
    /// (HTML pages, the newest of each month; JSON with `--transactions`, all).
    var builderOptions: ReportOptions {
        let months = period.from.flatMap { from in period.to.map { from...$0 } }
        return ReportOptions(
            months: budget == nil ? months : BudgetLoading.widened(months),
            currency: currency.map { .only($0) } ?? .all,
            keepTransactions: format == .html || (format == .json && withTransactions), roundsTotals: conversion != nil,
            transactionLimit: format == .html ? HTMLReportRenderer.transactionLimit : nil)
    }
}
