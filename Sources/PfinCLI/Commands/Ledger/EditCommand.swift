import FinanceCore
import LedgerStore

/// `pfin edit ID`: changes the fields given, with the checks of `pfin add`; the rest stays.
enum EditCommand {
    static let spec = CommandSpec(
        name: "edit",
        arguments: "ID",
        summary: "Change fields of a transaction in the ledger; the others stay as they are.",
        details: """
            ID is the transaction's id, or enough of its first digits to name one ('pfin list'
            shows eight). Only the options given change, with the checks of 'pfin add', all
            reported at once. An empty value clears an optional field: --memo "", --category "",
            --address "", --account "". The amount is again a magnitude: a new --type flips the
            sign of the amount kept. An edited transaction stays edited when its statement is
            imported again.
            """,
        options: EntryInput.specs + [LedgerOptions.spec],
        examples: [
            "pfin edit 3f2a9c0d --category Food:Coffee",
            "pfin edit 3f2a9c0d --amount 5.20 --memo \"\"",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let options: LedgerOptions
        let input = EntryInput(arguments, required: false, today: DateArgument.today())
        do throws(UsageError) {
            guard arguments.positionals.count == 1 else {
                throw UsageError(
                    message: arguments.positionals.isEmpty
                        ? "'pfin edit' needs the id of the transaction to change"
                        : "'pfin edit' changes one transaction at a time; found \(arguments.positionals.count) ids")
            }
            guard !input.isEmpty else {
                throw UsageError(message: "nothing to change: give at least one of \(EntryInput.specs.map(\.long).joined(separator: ", "))")
            }
            options = try LedgerOptions.parse(arguments)
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        guard let ledger = options.open(create: false, printer: &printer) else { return ExitStatus.inputErrors }
        do {
            return try edit(arguments.positionals[0], input, in: ledger, printer: &printer)
        } catch {
            LedgerOptions.fail(error, printer: &printer)
            return ExitStatus.inputErrors
        }
    }

    private static func edit(
        _ id: String, _ given: EntryInput, in ledger: Ledger,
        printer: inout DiagnosticPrinter
    ) throws(LedgerError) -> Int32 {
        var input = given
        var entry: LedgerEntry?
        switch try EntryLookup.find(id, in: ledger) {
        case .found(let found): entry = found
        case .problem(let problem): input.insert(problem)
        }
        let old = entry?.activity
        let currency = input.currency ?? old?.currency
        input.checkDigits(for: currency)
        guard input.problems.isEmpty, let old else {
            FieldProblem.report(input.problems, outcome: "nothing was changed", printer: &printer)
            return ExitStatus.inputErrors
        }
        var changes = ActivityChanges(
            name: input.name, date: input.date, type: input.type, address: input.address,
            memo: input.memo, category: input.category, account: input.account)
        if input.magnitude != nil || input.type != nil || input.currency != nil {
            let magnitude = input.magnitude ?? old.amount.magnitude ?? old.amount
            let amount = EntryInput.signed(magnitude, type: input.type ?? old.type, currency: currency, previous: old.amount)
            // `==` ignores the scale: 5.2 and 5.20 are the same amount, and need no write.
            if amount != old.amount || amount.scale != old.amount.scale { changes.amount = amount }
        }
        try ledger.update(old.id, changes)
        guard let updated = try ledger.entry(old.id)?.entry.activity else { throw .notFound(old.id) }
        Terminal.out("changed \(EntryLookup.line(updated))\n")
        return ExitStatus.success
    }
}
