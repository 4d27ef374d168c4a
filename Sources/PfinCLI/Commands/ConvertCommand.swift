import FinanceCore
import Rules
import StatementFormats
import StatementPipeline

/// `pfin convert`: statements in, normalised transactions out, streaming.
enum ConvertCommand {
    static let spec = CommandSpec(
        name: "convert",
        synopsis: "[FILE…] [--from FORMAT] [--to FORMAT] [--profile FILE] [--rules FILE] [--account NAME] [--currency CODE] [-o FILE]",
        summary: "Read bank statements and write normalised transactions (JSON Lines, CSV, OFX, QIF, ledger or beancount).",
        details: """
            Reads each FILE (standard input when none is given, or for '-'), detects its format (CSV,
            XLSX, OFX/QFX 1.x or 2.x, QIF, CAMT.052/053/054, MT940/MT942, Norma 43, or pfin's own
            JSON Lines; 'pfin identify' shows why) and, for CSV and XLSX, its dialect: encoding,
            delimiter, header, columns, date layout and number format. With
            --rules, the rules categorise and clean each transaction on the way. Bad rows are
            reported as FILE:LINE:COLUMN errors and skipped; the run then exits 1.
            """,
        options: InputOptions.specs + RulesLoading.specs + [
            OptionSpec("--to", value: "FORMAT", help: "Output format: jsonl (default), csv, ofx (OFX 2.2 XML), ofx1 (OFX 1.0.2 SGML), ledger (a ledger/hledger journal), beancount or qif (QIF, dates MM/DD/YYYY, no currency)."),
            OptionSpec("--output", short: "-o", value: "FILE", help: "Write to FILE (atomically) instead of standard output."),
            OptionSpec("--strict", help: "Stop at the first error and write nothing (all or nothing, standard output too)."),
            OptionSpec("--show-dialect", help: "Print the detected CSV dialect as a profile (for --profile) instead of converting."),
            OptionSpec("--fail-uncategorized", help: "Exit 3 (after writing) when a transaction has no category; list them."),
            OptionSpec("--quiet", help: "No progress line on a terminal for long conversions."),
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
        let options: InputOptions
        let format: StatementFormat
        do throws(UsageError) {
            guard let parsed = try InputOptions.parse(arguments, printer: &printer) else { return ExitStatus.inputErrors }
            options = parsed
            let to = arguments.value("--to") ?? "jsonl"
            guard let chosen = StatementFormat(rawValue: to.lowercased()) else {
                throw UsageError(message: "unknown format '\(to)' for --to",
                                 suggestion: Spelling.closest(to: to, in: StatementFormat.allCases.map(\.name)))
            }
            guard StatementWriters.writableFormats.contains(chosen) else {
                throw UsageError(message: "pfin cannot write \(chosen.name) yet; it writes: \(StatementWriters.writableFormats.map(\.name).joined(separator: ", "))")
            }
            format = chosen
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        let outputPath = arguments.value("--output")
        if arguments.flag("--show-dialect") {
            return ShowDialect.run(options, outputPath: outputPath, printer: &printer)
        }

        let output: ByteOutput
        do throws(OutputError) {
            // --strict is all or nothing, on standard output too: it is held until the run succeeds.
            if let outputPath {
                output = try ByteOutput.atomicFile(outputPath)
            } else {
                output = arguments.flag("--strict") ? try ByteOutput.heldStandardOutput() : ByteOutput.standardOutput()
            }
        } catch {
            printer.fail(error.description)
            return ExitStatus.inputErrors
        }
        guard let rules = RulesLoading.load(arguments.all("--rules"), printer: &printer) else {
            output.discard()
            return ExitStatus.inputErrors
        }
        let writer = StatementWriters.writer(for: format, to: output)!
        return convert(options, writer: writer, rules: rules, output: output, outputPath: outputPath,
                       strict: arguments.flag("--strict"), trackUncategorized: arguments.flag("--fail-uncategorized"),
                       quiet: arguments.flag("--quiet"),
                       printer: &printer)
    }

    private static func convert(_ options: InputOptions, writer: some StatementWriter, rules: RuleEngine?, output: ByteOutput,
                                outputPath: String?, strict: Bool, trackUncategorized: Bool, quiet: Bool,
                                printer: inout DiagnosticPrinter) -> Int32
    {
        var sink = RulesStage(rules, into: WriterSink(writer: writer, reporter: printer, stopsAtFirstError: strict,
                                                      tracksUncategorized: trackUncategorized))
        var stoppedEarly = false
        var writeFailure: OutputError?
        do {
            let showsProgress = ProgressLine.isWanted(quiet: quiet)
            for path in options.files {
                let progress = ProgressLine.reading(path, wanted: showsProgress)
                defer { progress?.stop() }
                sink.base.rowWritten = progress.map { line in { line.countRow() } }
                try options.source(path).read(options: options.readOptions(for: path), into: &sink, opened: { progress?.watch($0) })
                progress?.stop()
            }
            try sink.base.writer.finish()
            for notice in sink.base.writer.notices { Terminal.err("pfin: warning: \(notice)\n") }
        } catch is FirstErrorStop {
            stoppedEarly = true
        } catch let error as OutputError {
            writeFailure = error
        } catch {
            sink.base.reporter.fail(String(describing: error))
        }
        printer = sink.base.reporter
        let end = ConversionEnd(written: sink.base.written, errors: printer.errors, stoppedAtFirstError: stoppedEarly,
                                outputFailure: writeFailure)
        do {
            try end.finish(output)
        } catch {
            printer.fail(error.description)
            return ExitStatus.inputErrors
        }
        switch end {
        case .outputFailed(let failure):
            // An I/O error, not a bad row: nothing is committed and no count is claimed.
            printer.fail(failure.description,
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
        if trackUncategorized && sink.base.uncategorized.count > 0 {
            reportUncategorized(sink.base.uncategorized)
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
