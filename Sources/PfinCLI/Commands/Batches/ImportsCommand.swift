import FinanceCore
import LedgerStore
import ReportRendering

/// `pfin imports`: the ledger's import batches, oldest first, as columns or JSON.
enum ImportsCommand {
    enum Format: String, CaseIterable {
        case text, json
    }

    static let format = Option.choice("--format", of: Format.self, default: .text, help: "text (default) or json.")

    static let spec = CommandSpec(
        name: "imports",
        arguments: "",
        summary: "List the imports (batches) of the ledger, with their counts; 'pfin undo' removes one.",
        details: """
            Every file 'pfin import' added is a batch, numbered from 1: its file, when it was
            imported (UTC), how many transactions it added, how many it skipped as duplicates, its
            errors, the transfer pairs its matching made, and whether 'pfin undo' removed it.
            A dry run or a file with errors leaves no batch. JSON is one array of objects with the
            keys batch, file, imported_at, inserted, duplicates, errors, transfers, undone_at.
            """,
        options: [
            format.spec,
            LedgerOptions.spec,
        ],
        examples: ["pfin imports", "pfin imports --format json --db ~/finance/ledger.sqlite"])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let options: LedgerOptions
        let format: Format
        do throws(UsageError) {
            if let extra = arguments.positionals.first {
                throw UsageError(message: "'pfin imports' takes options only, found '\(extra)'")
            }
            format = arguments[Self.format] ?? .text
            options = try LedgerOptions.parse(arguments)
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        guard let ledger = options.open(create: false, printer: &printer) else { return ExitStatus.inputErrors }
        let batches: [ImportBatch]
        do {
            batches = try ledger.imports()
        } catch {
            LedgerOptions.fail(error, printer: &printer)
            return ExitStatus.inputErrors
        }
        switch format {
        case .text:
            if batches.isEmpty { Terminal.err("pfin: the ledger has no imports yet\n") } else { Terminal.out(text(batches)) }
        case .json:
            Terminal.out(json(batches))
        }
        return ExitStatus.success
    }

    /// Aligned columns; the file last, since it is the one of any length.
    ///
    ///     BATCH  IMPORTED AT           ADDED  DUPLICATES  ERRORS  TRANSFERS  FILE
    ///         1  2024-06-01T09:12:44Z      6           0       0          0  giro-april.csv
    ///         2  2024-06-02T10:00:01Z      3           2       0          1  giro-may.csv  (undone 2024-06-02T10:05:00Z)
    static func text(_ batches: [ImportBatch]) -> String {
        let header = ["BATCH", "IMPORTED AT", "ADDED", "DUPLICATES", "ERRORS", "TRANSFERS"]
        let rows = batches.map { b in
            ["\(b.id)", b.startedAt, "\(b.inserted)", "\(b.skippedDuplicates)", "\(b.errors)", "\(b.transferPairs)"]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String], _ file: String) -> String {
            let padded = cells.enumerated().map { column, cell in
                // Numbers right-aligned, the time left-aligned.
                let fill = String(repeating: " ", count: widths[column] - cell.count)
                return column == 1 ? cell + fill : fill + cell
            }
            return (padded + [file]).joined(separator: "  ") + "\n"
        }
        var out = line(header, "FILE")
        for (b, cells) in zip(batches, rows) {
            out += line(cells, TextWidth.sanitized(b.file) + (b.undoneAt.map { "  (undone \($0))" } ?? ""))
        }
        return out
    }

    static func json(_ batches: [ImportBatch]) -> String {
        let objects = batches.map { b in
            "{\"batch\":\(b.id),\"file\":\(FileIdentity.quoted(b.file)),\"imported_at\":\(FileIdentity.quoted(b.startedAt)),"
                + "\"inserted\":\(b.inserted),\"duplicates\":\(b.skippedDuplicates),\"errors\":\(b.errors),"
                + "\"transfers\":\(b.transferPairs),\"undone_at\":\(b.undoneAt.map(FileIdentity.quoted) ?? "null")}"
        }
        return objects.isEmpty ? "[]\n" : "[\n" + objects.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
    }
}
