import FinanceCore
import Rules
import StatementFormats
import StatementPipeline

/// `pfin convert`: statements in, normalised transactions out, streaming.
enum ConvertCommand {
    static let to = Option<StatementFormat>(
        "--to", value: "FORMAT", completion: .values(StatementWriters.writableFormats.map(\.name)), default: .jsonl,
        help:
            "Output format: jsonl (default), csv, ofx (OFX 2.2 XML), ofx1 (OFX 1.0.2 SGML), ledger (a ledger/hledger journal), beancount or qif (QIF, dates MM/DD/YYYY, no currency)."
    ) { text throws(UsageError) in
        let writable = StatementWriters.writableFormats.map(\.name)
        guard let format = StatementFormat(rawValue: text.lowercased()) else {
            throw UsageError(
                message: "unknown format '\(text)' for --to; pfin writes \(writable.joined(separator: ", "))",
                suggestion: Spelling.closest(to: text, in: writable))
        }
        guard StatementWriters.writableFormats.contains(format) else {
            throw UsageError(message: "pfin cannot write \(format.name) yet; it writes: \(writable.joined(separator: ", "))")
        }
        return format
    }
    static let output = Option("--output", short: "-o", value: "FILE", help: "Write to FILE (atomically) instead of standard output.")
    static let strict = Flag("--strict", help: "Stop at the first error and write nothing (all or nothing, standard output too).")
    static let showDialect = Flag("--show-dialect", help: "Print the detected CSV dialect as a profile (for --profile) instead of converting.")
    static let failUncategorized = Flag("--fail-uncategorized", help: "Exit 3 (after writing) when a transaction has no category; list them.")
    static let quiet = Flag("--quiet", help: "No progress line on a terminal for long conversions.")

    static let spec = CommandSpec(
        name: "convert",
        arguments: "[FILE…]",
        summary: "Read bank statements and write normalised transactions (JSON Lines, CSV, OFX, QIF, ledger or beancount).",
        details: """
            Reads each FILE (standard input when none is given, or for '-'), detects its format (CSV,
            XLSX, XLS, OFX/QFX 1.x or 2.x, QIF, CAMT.052/053/054, MT940/MT942, Norma 43, Santander
            UK's text download, or pfin's own JSON Lines; a ZIP archive of them file by file; 'pfin
            identify' shows why) and, for CSV and workbooks, its dialect: encoding, delimiter, header,
            columns, date layout and number format. With
            --rules, the rules categorise and clean each transaction on the way. Bad rows are
            reported as FILE:LINE:COLUMN errors and skipped; the run then exits 1.
            """,
        options: InputOptions.specs + [InputOptions.threads.spec] + RulesLoading.specs + [
            to.spec, output.spec, strict.spec, showDialect.spec, failUncategorized.spec, quiet.spec,
        ],
        examples: [
            "pfin convert Samples/de-dkb-giro.csv",
            "pfin convert Samples/*.csv --rules Samples/rules.pfin --fail-uncategorized",
            "pfin convert statement.csv --to csv -o clean.csv",
            "pfin convert Samples/*.csv --rules Samples/rules.pfin --to ledger -o bank.journal",
            "pfin convert Samples/us-quicken-export.qif --currency USD --to beancount",
            "pfin convert export.csv --show-dialect > bank.profile && pfin convert export.csv --profile bank.profile",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        guard let options = InputOptions.parse(arguments, printer: &printer) else { return ExitStatus.inputErrors }
        let format = arguments[to] ?? .jsonl
        let outputPath = arguments[output]
        if arguments[showDialect] {
            return ShowDialect.run(options, outputPath: outputPath, printer: &printer)
        }

        let output: ByteOutput
        do throws(OutputError) {
            // --strict is all or nothing, on standard output too: it is held until the run succeeds.
            if let outputPath {
                output = try ByteOutput.atomicFile(outputPath)
            } else {
                output = arguments[strict] ? try ByteOutput.heldStandardOutput() : ByteOutput.standardOutput()
            }
        } catch {
            printer.fail(error.description)
            return ExitStatus.inputErrors
        }
        guard let rules = RulesLoading.load(arguments, printer: &printer) else {
            output.discard()
            return ExitStatus.inputErrors
        }
        let writer = StatementWriters.writer(for: format, to: output)!
        return convert(
            options, writer: writer, rules: rules, output: output, outputPath: outputPath,
            strict: arguments[strict], trackUncategorized: arguments[failUncategorized], quiet: arguments[quiet],
            printer: &printer)
    }

    private static func convert(
        _ options: InputOptions, writer: some StatementWriter, rules: RuleEngine?, output: ByteOutput,
        outputPath: String?, strict: Bool, trackUncategorized: Bool, quiet: Bool,
        printer: inout DiagnosticPrinter
    ) -> Int32 {
        var conversion = Conversion(writer: writer, reporter: printer, rules: rules, stopsAtFirstError: strict, tracksUncategorized: trackUncategorized)
        conversion.threads = options.threads
        let showsProgress = ProgressLine.isWanted(quiet: quiet)
        let inputs = options.files.map { (source: options.source($0), options: options.readOptions(for: $0)) }
        let end = conversion.run(inputs, output: output) { source in
            ProgressLine.reading(source.path, wanted: showsProgress).map { line in
                Conversion.Observer(opened: { line.watch($0) }, rowWritten: { line.countRow() }, finished: { line.stop() })
            }
        }
        printer = conversion.reporter
        if end.commits {
            for notice in conversion.notices { Terminal.err("pfin: warning: \(notice)\n") }
        }
        switch end {
        case .outputFailed(let failure):
            // An I/O error, not a bad row: nothing is committed and no count is claimed.
            printer.fail(
                failure.description,
                notes: outputPath.map { ["nothing was written to '\($0)'; an earlier file of that name is unchanged"] } ?? [])
            return ExitStatus.inputErrors
        case .stoppedAtFirstError:
            Terminal.err("pfin: stopped at the first error (--strict); nothing was written\n")
            return ExitStatus.inputErrors
        case .nothingWritten(let errors):
            Terminal.err("pfin: \(Plural.count(errors, "error")); nothing was written\n")
            return ExitStatus.inputErrors
        case .partial(let written, let errors):
            let target = outputPath.map { "to '\($0)'" } ?? "to standard output"
            Terminal.err("pfin: \(Plural.count(errors, "error")); skipped the bad rows and wrote the other \(Plural.count(written, "transaction")) \(target)\n")
            return ExitStatus.inputErrors
        case .complete:
            break
        }
        if trackUncategorized && conversion.uncategorized.count > 0 {
            reportUncategorized(conversion.uncategorized)
            return ExitStatus.uncategorized
        }
        return ExitStatus.success
    }

    /// Lists the transactions left without a category, for `--fail-uncategorized`.
    private static func reportUncategorized(_ tally: UncategorizedTally) {
        var text = ""
        for a in tally.first {
            text += "\(a.source): warning: no category for \"\(a.name)\" \(a.amount.decimalString)\(a.currency.map { " \($0)" } ?? "") on \(a.date)\n"
        }
        if tally.count > tally.first.count {
            text += "pfin: … and \(tally.count - tally.first.count) more\n"
        }
        text += "pfin: \(Plural.count(tally.count, "transaction")) without a category (--fail-uncategorized); add rules for them\n"
        text += "pfin: note: 'pfin rules explain --rules FILE INPUT… --uncategorized' shows what the rules did with each\n"
        Terminal.err(text)
    }
}
