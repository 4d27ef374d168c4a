import FinanceCore
import LedgerStore
import StatementFormats

/// `pfin config`: the effective settings and where each came from (a flag, the environment, the
/// configuration file and line, or pfin's default).
enum ConfigCommand {
    static let rules = Option("--rules", value: "FILE", repeatable: true, help: "As a command would take it.")
    static let currency = Option("--currency", value: "CODE", help: "As a command would take it.")

    static let spec = CommandSpec(
        name: "config",
        arguments: "",
        summary: "Show the effective settings and where each came from.",
        details: """
            pfin reads defaults from $XDG_CONFIG_HOME/pfin/config (else ~/.config/pfin/config), in
            the syntax of profiles, one setting a line:

                rules ~/finance/rules.pfin
                currency EUR
                db ~/finance/ledger.sqlite
                match "*chase*.csv" account "Chase Checking" profile chase

            A flag wins over the environment ($PFIN_DB), which wins over the file, which wins over
            pfin's defaults. 'match' gives the files whose name fits a shell pattern an account and
            a profile (a bare name is profiles/NAME.profile beside the file) unless the command
            line names one. Give this command the flags you would give another to see what wins.
            """,
        options: [
            LedgerOptions.spec,
            rules.spec, currency.spec,
        ],
        examples: ["pfin config", "pfin config --db /tmp/test.sqlite"])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        if let extra = arguments.positionals.first {
            return Pfin.usageFailure(UsageError(message: "'pfin config' takes options only, found '\(extra)'"), spec: spec)
        }
        let configuration = Configuration.current
        var rows: [(String, String, String)] = []
        let rules = arguments.all(Self.rules)
        if !rules.isEmpty {
            rows.append(("rules", rules.map(ProfileWord.quoted).joined(separator: " "), "--rules"))
        } else if let setting = configuration.rules {
            rows.append(("rules", setting.value.map(ProfileWord.quoted).joined(separator: " "), setting.origin))
        } else {
            rows.append(("rules", "none", "default"))
        }
        if let code = arguments[Self.currency] {
            rows.append(("currency", code, "--currency"))
        } else if let setting = configuration.currency {
            rows.append(("currency", setting.value.description, setting.origin))
        } else {
            rows.append(("currency", "none (amounts a file gives none stay without)", "default"))
        }
        if let db = arguments[LedgerOptions.db] {
            rows.append(("db", db, "--db"))
        } else if let db = Configuration.environment("PFIN_DB"), !db.isEmpty {
            rows.append(("db", db, "$PFIN_DB"))
        } else if let setting = configuration.db {
            rows.append(("db", setting.value, setting.origin))
        } else {
            rows.append(("db", Ledger.defaultPath() ?? "none ($XDG_DATA_HOME and $HOME are unset)", "default"))
        }
        for match in configuration.matches {
            var value = ProfileWord.quoted(match.pattern)
            if let account = match.account { value += " account " + ProfileWord.quoted(account) }
            if let profile = match.profile { value += " profile " + ProfileWord.quoted(profile) }
            rows.append(("match", value, match.origin))
        }
        let where_ = Configuration.path() ?? "none ($XDG_CONFIG_HOME and $HOME are unset)"
        var text = "configuration: \(where_)\(configuration.file == nil ? " (not there; pfin's defaults apply)" : "")\n"
        let width = rows.map(\.0.count).max() ?? 0
        let valueWidth = min(48, rows.map(\.1.count).max() ?? 0)
        for (key, value, origin) in rows {
            let padded = key + String(repeating: " ", count: width - key.count)
            let gap = String(repeating: " ", count: max(1, valueWidth - value.count + 2))
            text += "  \(padded)  \(value)\(gap)from \(origin)\n"
        }
        Terminal.out(text)
        return ExitStatus.success
    }
}
