import FinanceCore
import LedgerStore
import StatementFormats

/// `pfin list`: the ledger's transactions, filtered, newest first, as columns, CSV or JSON Lines.
enum ListCommand {
    static let spec = CommandSpec(
        name: "list",
        arguments: "",
        summary: "List the ledger's transactions, newest first, filtered.",
        details: """
            Every filter given must hold. The text format shows the first digits of each id:
            eight, or as many more as make every shown id unique in the ledger (as git abbreviates
            hashes), so each works with 'pfin show', 'edit' and 'delete'. CSV and JSON Lines are
            exactly what 'pfin convert' writes, so a list can be read again by 'pfin convert' or
            'pfin report' with every field.
            Deleted transactions are listed only with --deleted, and then only they are.
            On a terminal, the text format shows the newest screenful and says how many more
            match; --all lists them all, --limit N the newest N. A pipe or a file gets every
            match.
            """,
        options: ListRequest.specs + [LedgerOptions.spec],
        examples: [
            "pfin list --from 2024-05-01 --category Food",
            "pfin list --type income --min 1,000 --format csv > income.csv",
            "pfin list --search bakery --limit 5",
            "pfin list --deleted",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let request: ListRequest
        let options: LedgerOptions
        do throws(UsageError) {
            request = try ListRequest.parse(arguments, today: DateArgument.today())
            options = try LedgerOptions.parse(arguments)
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        guard let ledger = options.open(create: false, printer: &printer) else { return ExitStatus.inputErrors }
        let rows: [PaymentActivity]
        var idWidth = Ledger.minimumIDPrefix
        var more = 0
        do {
            var filter = request.filter
            // A screenful: the header, the rows, the line saying how many more, and the prompt.
            let screenful =
                request.format == .text && filter.limit == nil && !request.all && Terminal.isTerminal(1)
                ? max(5, Terminal.rows - 3) : nil
            if let screenful { filter.limit = screenful }
            rows = try ledger.list(filter)
            if let screenful, rows.count == screenful { more = try ledger.count(request.filter) - rows.count }
            if request.format == .text { idWidth = try ledger.uniquePrefixLength(of: rows.map(\.id)) }
        } catch {
            LedgerOptions.fail(error, printer: &printer)
            return ExitStatus.inputErrors
        }
        switch request.format {
        case .text:
            if rows.isEmpty {
                Terminal.err(request.filter.deleted ? "pfin: no deleted transactions match\n" : "pfin: no transactions match\n")
            } else {
                Terminal.out(ActivityTable.render(rows, idWidth: idWidth))
                if more > 0 { Terminal.out("… \(Plural.count(more, "more transaction")) (--all lists every one, --limit N the newest N)\n") }
            }
            return ExitStatus.success
        case .csv: return write(rows, as: .csv, printer: &printer)
        case .jsonl: return write(rows, as: .jsonl, printer: &printer)
        }
    }

    /// The rows through `pfin convert`'s own writer, so that the output reads back the same.
    private static func write(_ rows: [PaymentActivity], as format: StatementFormat, printer: inout DiagnosticPrinter) -> Int32 {
        let output = ByteOutput.standardOutput()
        guard var writer = StatementWriters.writer(for: format, to: output) else { return ExitStatus.inputErrors }
        do {
            for row in rows { try writer.write(row) }
            try writer.finish()
            try output.commit()
        } catch {
            printer.fail(String(describing: error))
            return ExitStatus.inputErrors
        }
        return ExitStatus.success
    }
}
