import FinanceCore
import LedgerStore
import Reports

/// The ledger as an input, for commands that otherwise read statement files (`pfin report --db`,
/// `pfin rules suggest --db`): every transaction not deleted, in the order it was stored.
extension LedgerOptions {
    /// `--db PATH` for a command whose default input is files: the path, or `nil` when not given.
    ///
    /// - Throws: a usage error when files are named too, or the path is empty.
    static func input(_ arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let path = arguments[db] else { return nil }
        if let file = arguments.positionals.first {
            throw UsageError(message: "give statement files or --db, not both (found '\(file)' and --db \(path))")
        }
        return path
    }

    /// The closing balances the ledger's imports stated (`Ledger.endOfDayBalances`), for a report:
    /// what reading the same files gives (a statement's closing balance, or a Balance column's
    /// balance at the file's end), not every row's; a ledger that cannot be read is reported.
    static func statedBalances(_ path: String, printer: inout DiagnosticPrinter) -> [StatedAccountBalance] {
        guard let ledger = LedgerOptions(path: path).open(create: false, printer: &printer) else { return [] }
        do {
            return try ledger.endOfDayBalances().filter { $0.kind == .closing }.map {
                StatedAccountBalance(
                    account: $0.account, balance: Balance(amount: $0.amount, date: $0.date), source: SourceLocation(file: $0.file, line: $0.line))
            }
        } catch {
            LedgerOptions.fail(error, printer: &printer)
            return []
        }
    }

    /// Hands each transaction `filter` selects to `body`; a ledger that cannot be read is reported.
    static func read(
        _ path: String, filter: LedgerFilter = LedgerFilter(), printer: inout DiagnosticPrinter,
        _ body: (PaymentActivity) -> Void
    ) {
        guard let ledger = LedgerOptions(path: path).open(create: false, printer: &printer) else { return }
        do {
            try ledger.forEachActivity(filter, body)
        } catch {
            LedgerOptions.fail(error, printer: &printer)
        }
    }
}
