import FinanceCore
import LedgerStore

/// `pfin add`: a payment entered by hand, checked as a finance app checks it, into the ledger.
enum AddCommand {
    static let spec = CommandSpec(
        name: "add",
        arguments: "",
        summary: "Add a payment by hand to the ledger; prints its id.",
        details: """
            The amount is a magnitude, a number above zero without a sign (12.50, 1,234.50), and
            the type decides the sign: an expense (the default) is money out, an income money in,
            and a transfer money moved out of the account to another of yours. The date defaults
            to today; the currency to that of the account's latest transaction (else the ledger's
            latest), and none in an empty ledger.

            Every field is checked before anything is written: a name that is not blank, a valid
            amount with no more digits after the point than the currency has, a real date, one of
            the three types, a memo under 300 characters. All failed checks are reported at once
            and the run exits 1 without writing.
            """,
        options: EntryInput.specs + [LedgerOptions.spec],
        examples: [
            "pfin add --name \"Corner Bakery\" --amount 4.50 --category Food:Coffee",
            "pfin add --name \"ACME Corp\" --amount 3,200.00 --type income --date 2024-05-31 --currency USD",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let options: LedgerOptions
        do throws(UsageError) {
            guard arguments.positionals.isEmpty else {
                throw UsageError(
                    message: "'pfin add' takes options only, found '\(arguments.positionals[0])'; quote a name with spaces: --name \"Corner Bakery\"")
            }
            options = try LedgerOptions.parse(arguments)
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        let today = DateArgument.today()
        var input = EntryInput(arguments, required: true, today: today)
        // An existing ledger is opened before the checks, for the default currency; a new one is
        // created only once they pass, so that a rejected payment leaves no file behind.
        var ledger: Ledger?
        if options.exists {
            guard let opened = options.open(create: false, printer: &printer) else { return ExitStatus.inputErrors }
            ledger = opened
        }
        var currency = input.currency
        if currency == nil, let ledger {
            do {
                currency = try defaultCurrency(in: ledger, account: input.account ?? nil)
            } catch {
                LedgerOptions.fail(error, printer: &printer)
                return ExitStatus.inputErrors
            }
        }
        input.checkDigits(for: currency)
        guard input.problems.isEmpty, let name = input.name, let magnitude = input.magnitude else {
            FieldProblem.report(input.problems, outcome: "nothing was added", printer: &printer)
            return ExitStatus.inputErrors
        }
        guard let target = ledger ?? options.open(create: true, printer: &printer) else { return ExitStatus.inputErrors }
        let type = input.type ?? .expense
        let activity = PaymentActivity(
            id: ActivityID(value: 0), account: input.account ?? nil, date: input.date ?? today, name: name,
            address: input.address ?? nil, amount: EntryInput.signed(magnitude, type: type, currency: currency),
            memo: input.memo ?? nil, type: type, category: input.category ?? nil,
            source: SourceLocation(file: "pfin add", line: 0))
        do {
            let id = try target.add(activity)
            Terminal.out("\(id)\n")
            return ExitStatus.success
        } catch {
            LedgerOptions.fail(error, printer: &printer)
            return ExitStatus.inputErrors
        }
    }

    /// The currency of the account's latest transaction, else of the ledger's latest: a hand-entered
    /// payment is almost always in the currency the account already holds.
    static func defaultCurrency(in ledger: Ledger, account: String?) throws(LedgerError) -> CurrencyCode? {
        if let account, let latest = try ledger.list(LedgerFilter(account: account, limit: 1)).first {
            return latest.currency
        }
        return try ledger.list(LedgerFilter(limit: 1)).first?.currency
    }
}
