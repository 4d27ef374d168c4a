import LedgerStore

/// `pfin restore ID…`: brings deleted transactions back, all or none.
enum RestoreCommand {
    static let spec = CommandSpec(
        name: "restore",
        arguments: "ID…",
        summary: "Bring deleted transactions back; prints what was restored.",
        details: """
            Each ID is a deleted transaction's id, or enough of its first digits to name one among
            the deleted ('pfin list --deleted' shows them). Either all of them are restored or,
            when one is not found or not deleted, none.
            """,
        options: [LedgerOptions.spec],
        examples: ["pfin list --deleted", "pfin restore 3f2a9c0d", "pfin restore 3f2a9c0d 7b1e04aa"])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let options: LedgerOptions
        do throws(UsageError) {
            guard !arguments.positionals.isEmpty else {
                throw UsageError(message: "'pfin restore' needs the id of at least one deleted transaction")
            }
            options = try LedgerOptions.parse(arguments)
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        guard let ledger = options.open(create: false, printer: &printer),
            let found = EntryLookup.findAll(
                arguments.positionals, in: ledger, outcome: "nothing was restored",
                printer: &printer, lookup: EntryLookup.findDeleted)
        else { return ExitStatus.inputErrors }
        var seen = Set<UInt64>()
        let entries = found.filter { seen.insert($0.activity.id.value).inserted }
        do {
            try ledger.restore(entries.map(\.activity.id))
        } catch {
            LedgerOptions.fail(error, printer: &printer)
            return ExitStatus.inputErrors
        }
        Terminal.out(entries.map { "restored \(EntryLookup.line($0.activity))\n" }.joined())
        return ExitStatus.success
    }
}
