import FinanceCore
import LedgerStore
import Rules
import StatementFormats
import StatementPipeline

/// `pfin import FILE…`: statements into the ledger, one SQLite transaction per file.
enum ImportCommand {
    static let dryRun = Flag("--dry-run", help: "Show what would be added, the duplicates and of what, the transfers; write nothing.")
    static let noTransferMatching = Flag(
        "--no-transfer-matching", help: "Do not pair money-out and money-in between own accounts as transfers (nor suggest pairs).")
    static let quiet = Flag("--quiet", help: "No progress line on a terminal for long imports.")

    static let spec = CommandSpec(
        name: "import",
        arguments: "FILE…",
        summary: "Add bank statements to the ledger; importing the same export twice adds nothing.",
        details: """
            Reads each FILE like 'pfin convert' (any format it reads, with --rules applied) and adds
            its transactions to the ledger, each file in one transaction: a file lands whole or not
            at all. A transaction already in the ledger (same id: the bank's id, or the account,
            date, amount, name and occurrence) is skipped, so overlapping exports add only what is
            new; one you deleted or edited stays deleted or edited. A file with errors is not
            imported: fix it (or the profile) and import it again.

            A money-out in one of your accounts and the same amount in to another within 3 days (4
            over a weekend) become transfers on both sides when they are each other's only match and
            there is evidence beyond the amount: both typed transfer, one naming the other's
            account, or a transfer word. Without evidence, ambiguous, or against a rule's type, the
            pair is only a suggestion: 'pfin transfers' lists them to accept or reject.
            --no-transfer-matching turns this off.

            The ledger is --db PATH, else $PFIN_DB, else the configuration's db ('pfin config'),
            else $XDG_DATA_HOME/pfin/ledger.sqlite, else ~/.local/share/pfin/ledger.sqlite.

            Each file imported is a batch: 'pfin imports' lists them, 'pfin undo' removes the last
            one (or 'pfin undo BATCH' another). --dry-run reads and matches everything, then rolls
            back: it lists each transaction it would add, each duplicate with the ledger row it
            duplicates (its id, date and name, and whether you deleted or edited it), and the rows
            transfer matching would turn into transfers.
            """,
        options: InputOptions.specs + RulesLoading.specs + [
            LedgerOptions.spec,
            dryRun.spec,
            noTransferMatching.spec, quiet.spec,
        ],
        examples: [
            "pfin import Samples/us-checking-chase.csv --rules Samples/rules.pfin",
            "pfin import checking.ofx savings.csv --db ~/finance/ledger.sqlite",
            "pfin import new-export.csv --dry-run",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        guard !arguments.positionals.isEmpty else {
            return Pfin.usageFailure(UsageError(message: "import needs at least one FILE ('-' for standard input)"), spec: spec)
        }
        guard let input = InputOptions.parse(arguments, printer: &printer) else { return ExitStatus.inputErrors }
        guard let rules = RulesLoading.load(arguments, printer: &printer),
            let ledger = LedgerOptions.open(arguments, create: true, printer: &printer)
        else { return ExitStatus.inputErrors }
        let options = ImportOptions(dryRun: arguments[dryRun], matchTransfers: !arguments[noTransferMatching])
        var total = ImportResult(file: "", dryRun: options.dryRun)
        var refused = 0
        for path in input.files {
            let (result, ledgerFailed) = importFile(
                path, into: ledger, input: input, rules: rules, options: options,
                quiet: arguments[quiet], printer: &printer)
            if ledgerFailed { refused += 1 }
            total.inserted += result.inserted
            total.skippedDuplicates += result.skippedDuplicates
            total.errors += result.errors
            total.transferPairs += result.transferPairs
            total.transferSuggestions += result.transferSuggestions
        }
        var summary = line(total, matching: options.matchTransfers)
        if refused > 0 { summary += ", \(Plural.count(refused, "file")) the ledger could not take" }
        Terminal.out(summary + "\n")
        return printer.errors > 0 ? ExitStatus.inputErrors : ExitStatus.success
    }

    /// Imports one file in its own transaction and prints its line; a file with errors is rolled back.
    ///
    /// - Returns: what was imported, and whether the ledger itself failed (a full disk, a busy or
    ///   damaged file): then the file's rows are not to blame, and its line says so.
    private static func importFile(
        _ path: String, into ledger: Ledger, input: InputOptions, rules: RuleEngine?,
        options: ImportOptions, quiet: Bool, printer: inout DiagnosticPrinter
    ) -> (ImportResult, ledgerFailed: Bool) {
        let progress = ProgressLine.reading(path, wanted: ProgressLine.isWanted(quiet: quiet))
        let outcome = LedgerImport.importFile(
            input.source(path), into: ledger, read: input.readOptions(for: path), rules: rules, options: options,
            opened: { progress?.watch($0) }
        ) {
            printer.print($0)
        }
        progress?.stop()
        let result = outcome.result
        if let error = outcome.ledgerError {
            LedgerOptions.fail(error, printer: &printer)
            Terminal.out("\(path): \(notTaken)\n")
            return (result, true)
        }
        var text = "\(path): " + line(result, matching: options.matchTransfers && result.transferPairs + result.transferSuggestions > 0)
        if result.errors > 0 { text += " (nothing imported from this file: fix the errors and import it again)" }
        var preview = ""
        if let rows = result.preview {
            // Ids as 'pfin list' shows them, so that each works with 'pfin show'.
            let width = (try? ledger.uniquePrefixLength(of: rows.duplicates.compactMap { $0.existing?.id })) ?? Ledger.minimumIDPrefix
            preview = ImportPreviewText.render(rows, idWidth: width)
        }
        Terminal.out(text + "\n" + preview)
        return (result, false)
    }

    /// A file's line when the ledger failed: an I/O or database error, not a bad row.
    static let notTaken = "not imported: the ledger could not take it (the error says why); the ledger is as it was"

    /// `imported N, skipped M duplicates, K errors[, matched P transfer pairs[, S transfer suggestions …]]`,
    /// or `would import …`.
    static func line(_ r: ImportResult, matching: Bool) -> String {
        var text =
            r.dryRun
            ? "would import \(r.inserted), skip \(Plural.count(r.skippedDuplicates, "duplicate")), \(Plural.count(r.errors, "error"))"
            : "imported \(r.inserted), skipped \(Plural.count(r.skippedDuplicates, "duplicate")), \(Plural.count(r.errors, "error"))"
        if matching { text += (r.dryRun ? ", match " : ", matched ") + Plural.count(r.transferPairs, "transfer pair") }
        // Suggestions only when there are some, so that the usual line stays as it was.
        if matching && r.transferSuggestions > 0 {
            text += ", \(Plural.count(r.transferSuggestions, "transfer suggestion")) (see 'pfin transfers')"
        }
        if r.dryRun && r.file.isEmpty { text += " (dry run: nothing was written)" }
        return text
    }
}
