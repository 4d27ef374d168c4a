import LedgerStore

/// `pfin undo [BATCH]`: removes one import batch's transactions, all or nothing.
enum UndoCommand {
    static let force = Flag("--force", help: "Undo even when some of the batch's transactions were edited or deleted.")

    static let spec = CommandSpec(
        name: "undo",
        arguments: "[BATCH]",
        summary: "Remove the transactions of an import (the last one by default); prints what it did.",
        details: """
            BATCH is a batch number from 'pfin imports'; without it, the last import is undone
            (when that one is undone already, name the batch: undo never goes further back by
            itself). The batch's transactions are removed, not deleted: importing the file again
            adds them again. Transactions elsewhere in the ledger that the batch's transfer
            matching had made transfers get their type back, unless you set it since. The batch
            stays listed by 'pfin imports', marked undone. It all happens in one transaction.

            A batch holding transactions you edited or deleted is not undone: pfin names them and
            changes nothing. --force undoes it anyway, and the edits are lost.
            """,
        options: [
            force.spec,
            LedgerOptions.spec,
        ],
        examples: ["pfin undo", "pfin undo 3", "pfin undo 3 --force --db ~/finance/ledger.sqlite"])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let options: LedgerOptions
        do throws(UsageError) {
            if arguments.positionals.count > 1 {
                throw UsageError(message: "'pfin undo' undoes one batch at a time, found \(arguments.positionals.count)")
            }
            options = try LedgerOptions.parse(arguments)
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        var batch: Int64?
        if let text = arguments.positionals.first {
            guard let number = Int64(text), number > 0 else {
                printer.fail("'\(text)' is not a batch number", notes: ["'pfin imports' lists the batches with their numbers"])
                return ExitStatus.inputErrors
            }
            batch = number
        }
        guard let ledger = options.open(create: false, printer: &printer) else { return ExitStatus.inputErrors }
        let result: UndoResult
        do {
            result = try ledger.undo(batch: batch, force: arguments[force])
        } catch {
            if case .batchEdited(_, let entries) = error {
                printer.fail(error.description, notes: entries.map { EntryLookup.line($0.activity) } + (error.advice.map { [$0] } ?? []))
            } else {
                LedgerOptions.fail(error, printer: &printer)
            }
            return ExitStatus.inputErrors
        }
        let b = result.batch
        let count = result.removed == 1 ? "1 transaction" : "\(result.removed) transactions"
        var text = "undid batch \(b.id) ('\(b.file)', imported \(b.startedAt)): removed \(count)\n"
        for row in result.untransferred {
            text += "no longer a transfer (now \(row.type.rawValue)): \(EntryLookup.line(row))\n"
        }
        Terminal.out(text)
        return ExitStatus.success
    }
}
