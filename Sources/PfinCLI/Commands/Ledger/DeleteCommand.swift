import LedgerStore

/// `pfin delete ID…`: removes transactions from every list and report, all or none.
enum DeleteCommand {
    static let spec = CommandSpec(
        name: "delete",
        arguments: "ID…",
        summary: "Delete transactions from the ledger; prints what was deleted.",
        details: """
            Each ID is a transaction's id, or enough of its first digits to name one. Either all
            of them are deleted or, when one is not found, none. A deleted transaction stays
            deleted when its statement is imported again: the ledger remembers its id.
            """,
        options: [LedgerOptions.spec],
        examples: ["pfin delete 3f2a9c0d", "pfin delete 3f2a9c0d 7b1e04aa"])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let options: LedgerOptions
        do throws(UsageError) {
            guard !arguments.positionals.isEmpty else {
                throw UsageError(message: "'pfin delete' needs the id of at least one transaction")
            }
            options = try LedgerOptions.parse(arguments)
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        guard let ledger = options.open(create: false, printer: &printer),
            let found = EntryLookup.findAll(arguments.positionals, in: ledger, outcome: "nothing was deleted", printer: &printer)
        else { return ExitStatus.inputErrors }
        // The same transaction named twice (by two prefixes) is deleted once.
        var seen = Set<UInt64>()
        let entries = found.filter { seen.insert($0.activity.id.value).inserted }
        do {
            try ledger.delete(entries.map(\.activity.id))
        } catch {
            LedgerOptions.fail(error, printer: &printer)
            return ExitStatus.inputErrors
        }
        Terminal.out(entries.map { "deleted \(EntryLookup.line($0.activity))\n" }.joined())
        return ExitStatus.success
    }
}
