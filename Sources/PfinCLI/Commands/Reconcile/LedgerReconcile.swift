import FinanceCore
import LedgerStore

/// `pfin reconcile --db PATH`: the ledger's transactions against the balances its imports stated.
enum LedgerReconcile {
    static func run(_ arguments: ParsedArguments, json: Bool) -> Int32 {
        var printer = DiagnosticPrinter()
        guard let ledger = LedgerOptions.open(arguments, create: false, printer: &printer) else { return ExitStatus.inputErrors }
        let account = arguments[InputOptions.account]
        let results: [LedgerReconciliation]
        let text: LedgerReconcileText
        do {
            results = try ledger.reconcile(account: account)
            let named = results.flatMap(\.mismatches).flatMap(\.causes).compactMap { cause -> ActivityID? in
                switch cause {
                case .deleted(let row), .duplicate(let row, _), .edited(let row, _): row.id
                case .missing: nil
                }
            }
            text = LedgerReconcileText(idLength: try ledger.uniquePrefixLength(of: named))
        } catch {
            LedgerOptions.fail(error, printer: &printer)
            return ExitStatus.inputErrors
        }
        if json {
            Terminal.out(text.json(results))
        } else {
            Terminal.out(results.isEmpty ? LedgerReconcileText.noBalances(ledger.path, account: account) : text.text(results))
        }
        return results.contains { $0.outcome == .mismatch } ? ExitStatus.inputErrors : ExitStatus.success
    }
}
