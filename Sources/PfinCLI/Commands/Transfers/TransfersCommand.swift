import FinanceCore
import LedgerStore

/// `pfin transfers`: the ledger's transfer pairs and suggestions, and the user's decisions on them.
enum TransfersCommand {
    static let format = TextOrJSON.option(help: "text (default) or json.")
    static let accept = Flag("--accept", help: "Pair the two transactions ID ID as one transfer.")
    static let reject = Flag("--reject", help: "Un-pair or dismiss the pair of ID ID.")

    static let spec = CommandSpec(
        name: "transfers",
        arguments: "",
        summary: "Review transfer pairs between own accounts: list, accept or reject them.",
        details: """
            Lists the transfer pairs the imports matched (both sides became transfers) and the
            suggestions they found but did not apply, each with both sides, the evidence and a
            confidence. A pair needs evidence beyond the amount: both sides typed transfer, one side
            naming the other's account (its name or last digits), or a transfer word (transfer,
            Überweisung, virement, payment to card, autopay, …). An equal amount alone, an
            ambiguous choice, or a side whose type a rule set otherwise is only a suggestion.

            --accept ID ID makes the two transactions one transfer: a suggestion, or any money-out
            and money-in on two accounts. --reject ID ID un-pairs a matched pair (both sides get
            back the type they had) or dismisses a suggestion; a rejected pair never comes back on
            a re-import. IDs are as 'pfin list' and this list show them: a unique prefix is enough.
            """,
        options: [
            format.spec, accept.spec, reject.spec,
            LedgerOptions.spec,
        ],
        examples: [
            "pfin transfers", "pfin transfers --accept 68feb326 074b50b0", "pfin transfers --reject 3cc9abce b7b96866",
            "pfin transfers --format json",
        ])

    private enum Action { case list, accept, reject }

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let options: LedgerOptions
        let action: Action
        let json: Bool
        do throws(UsageError) {
            (action, json) = try parse(arguments)
            options = try LedgerOptions.parse(arguments)
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        guard let ledger = options.open(create: false, printer: &printer) else { return ExitStatus.inputErrors }
        if action == .list {
            do {
                let pairs = try ledger.transferPairs()
                let width = try ledger.uniquePrefixLength(of: pairs.flatMap { [$0.out.activity.id, $0.in.activity.id] })
                Terminal.out(json ? TransfersText.json(pairs) : TransfersText.text(pairs, idWidth: width))
                return ExitStatus.success
            } catch {
                LedgerOptions.fail(error, printer: &printer)
                return ExitStatus.inputErrors
            }
        }
        let outcome = action == .accept ? "nothing was accepted" : "nothing was rejected"
        guard let entries = EntryLookup.findAll(arguments.positionals, in: ledger, outcome: outcome, printer: &printer)
        else { return ExitStatus.inputErrors }
        do {
            let (a, b) = (entries[0].activity.id, entries[1].activity.id)
            let pair = action == .accept ? try ledger.acceptTransfer(a, b) : try ledger.rejectTransfer(a, b)
            let width = try ledger.uniquePrefixLength(of: [pair.out.activity.id, pair.in.activity.id])
            Terminal.out(json ? TransfersText.json([pair]) : TransfersText.decided(pair, idWidth: width))
            return ExitStatus.success
        } catch {
            LedgerOptions.fail(error, printer: &printer)
            return ExitStatus.inputErrors
        }
    }

    private static func parse(_ arguments: ParsedArguments) throws(UsageError) -> (Action, Bool) {
        let json = arguments[format] == .json
        let accept = arguments[Self.accept], reject = arguments[Self.reject]
        if accept && reject { throw UsageError(message: "give --accept or --reject, not both") }
        guard accept || reject else {
            if let first = arguments.positionals.first {
                throw UsageError(message: "'pfin transfers' lists pairs; found '\(first)': give --accept ID ID or --reject ID ID to decide one")
            }
            return (.list, json)
        }
        let option = accept ? "--accept" : "--reject"
        guard arguments.positionals.count == 2 else {
            throw UsageError(message: "\(option) needs the ids of two transactions (\(option) ID ID); found \(arguments.positionals.count)")
        }
        return (accept ? .accept : .reject, json)
    }
}
