import FinanceCore
import StatementFormats

/// `pfin reconcile [FILE…] [--format text|json]`: whether each statement's transactions add up
/// to the balances it states; `pfin reconcile --db PATH`: whether the ledger's do (`LedgerReconcile`).
enum ReconcileCommand {
    static let format = TextOrJSON.option(help: "text (the default) or json, one object per statement in an array.")
    static let database = LedgerOptions.database(help: "Reconcile the ledger's transactions against the balances its imports stated, instead of files.")

    static let spec = CommandSpec(
        name: "reconcile",
        arguments: "[FILE…]",
        summary: "Check that each statement's transactions add up to the balances it states.",
        details: """
            For each account and statement of each FILE: opening balance + transactions = closing
            balance, and, where rows state their own balance (a CSV Balance or Saldo column), each
            row's balance = the previous balance + its amount. On a mismatch it names the row where
            the balance first goes wrong, the balance expected and the one found, and the likely
            causes it can see: a row there twice, a missing transaction, a pending item, a mistyped
            amount. A statement with only a closing balance (most OFX) implies its opening balance;
            a file that states no balances is said so, and is no error.

            With --db PATH (and no FILE), the ledger instead: 'pfin import' keeps every balance a
            statement states, and each account's transactions in the ledger (deleted ones left out,
            edits counted) must add up, from its earliest stated balance, to every later closing
            balance and each day's last row balance. A mismatch names the first balance that does
            not add up (file, line, date, account, the balance stated and the ledger's sum) and
            what the ledger can see that would explain it: a deleted transaction of that amount
            (by its id), one there twice, an edited one, else a missing one. --account NAME
            checks one account.
            Exit status: 0 when everything that can be checked adds up, 1 on a mismatch or a bad
            input, 2 on a usage error.
            """,
        options: InputOptions.specs + [
            format.spec, database.spec,
        ],
        examples: [
            "pfin reconcile Samples/de-mt940-commerzbank.sta",
            "pfin reconcile Samples/us-checking-chase.csv --format json",
            "pfin reconcile Samples/*.csv Samples/*.ofx Samples/*.xml Samples/*.sta Samples/*.n43",
            "pfin reconcile --db ~/finance/ledger.sqlite --account DE44500105175407324931",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let options: InputOptions
        let json: Bool
        do throws(UsageError) {
            guard let parsed = InputOptions.parse(arguments, printer: &printer) else { return ExitStatus.inputErrors }
            options = parsed
            json = arguments[format] == .json
            if arguments.has(database) && !arguments.positionals.isEmpty {
                throw UsageError(message: "reconcile takes FILE… or --db PATH, not both")
            }
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        if arguments.has(database) { return LedgerReconcile.run(arguments, json: json) }
        var results: [StatementReconciliation] = []
        var sink = ReconcileSink(printer: printer)
        for path in options.files {
            sink.collector = BalanceCollector()
            do {
                try options.source(path).read(options: options.readOptions(for: path), into: &sink)
            } catch {
                sink.printer.fail(String(describing: error))
            }
            results += Reconciler.reconcile(sink.collector)
        }
        printer = sink.printer
        Terminal.out(json ? ReconcileText.json(results) : ReconcileText.text(results, files: options.files))
        if printer.errors > 0 || results.contains(where: { $0.outcome == .mismatch }) { return ExitStatus.inputErrors }
        return ExitStatus.success
    }
}

/// Diagnostics to standard error, everything to the collector.
private struct ReconcileSink: ActivitySink {
    var printer: DiagnosticPrinter
    var collector = BalanceCollector()

    mutating func accept(_ activity: PaymentActivity) throws { try collector.accept(activity) }

    mutating func report(_ diagnostic: Diagnostic) throws {
        printer.print(diagnostic)
        try collector.report(diagnostic)
    }

    mutating func statement(_ info: StatementInfo) throws { try collector.statement(info) }
    var wantsRowBalances: Bool { true }
    mutating func rowBalance(_ balance: RowBalance) throws { try collector.rowBalance(balance) }
}
