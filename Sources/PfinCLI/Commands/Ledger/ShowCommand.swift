import FinanceCore
import LedgerStore
import ReportRendering

/// `pfin show ID`: one transaction, every field, as a person reads it.
///
///     id        3f2a9c0d1e2b4a5f
///     name      Corner Bakery
///     date      03 May 2024
///     amount    -$4.50
enum ShowCommand {
    static let format = TextOrJSON.option(
        help: "text (the default) or json: the transaction as a JSON Lines object, with where it came from and when it was edited.")

    static let spec = CommandSpec(
        name: "show",
        arguments: "ID",
        summary: "Show one transaction of the ledger in full.",
        details: """
            ID is the transaction's id, or enough of its first digits to name one ('pfin list'
            shows eight). Shows the name, date, address, amount (signed: + money in, - money out),
            type, category, memo, account, where it came from (the statement's file and line, or
            added by hand) and whether it was edited.
            """,
        options: [
            format.spec,
            LedgerOptions.spec,
        ],
        examples: ["pfin show 3f2a9c0d", "pfin show 3f2a9c0d --format json"])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let options: LedgerOptions
        let json: Bool
        do throws(UsageError) {
            json = arguments[format] == .json
            guard arguments.positionals.count == 1 else {
                throw UsageError(
                    message: arguments.positionals.isEmpty
                        ? "'pfin show' needs the id of a transaction"
                        : "'pfin show' shows one transaction; found \(arguments.positionals.count) ids")
            }
            options = try LedgerOptions.parse(arguments)
        } catch {
            return Pfin.usageFailure(error, spec: spec)
        }
        guard let ledger = options.open(create: false, printer: &printer),
            let entry = EntryLookup.findAll(arguments.positionals, in: ledger, outcome: "nothing to show", printer: &printer)?.first
        else { return ExitStatus.inputErrors }
        Terminal.out(json ? LedgerJSON.entry(entry) : render(entry))
        return ExitStatus.success
    }

    static func render(_ entry: LedgerEntry) -> String {
        let a = entry.activity
        let source: String
        switch entry.origin {
        case .manual: source = "added by hand"
        case .import: source = a.source.line > 0 ? "\(a.source.file), line \(a.source.line)" : a.source.file
        }
        let edited = entry.editedAt.map { "yes, " + readable($0) } ?? "no"
        let rows: [(String, String?)] = [
            ("id", a.id.description), ("name", a.name), ("date", DateText.long(a.date)), ("address", a.address),
            ("amount", MoneyText.signed(a.amount)), ("type", a.type.rawValue), ("category", a.category),
            ("memo", a.memo), ("account", a.account), ("source", source), ("edited", edited),
        ]
        return rows.map { label, value in
            label.padded(to: 10) + (value.map(TextWidth.sanitized) ?? "-")
        }.joined(separator: "\n") + "\n"
    }

    /// `2024-05-03T10:00:00Z` as `2024-05-03 10:00:00 UTC`.
    private static func readable(_ timestamp: String) -> String {
        var text = String(timestamp.map { $0 == "T" ? " " : $0 })
        if text.hasSuffix("Z") {
            text.removeLast()
            text += " UTC"
        }
        return text
    }
}
