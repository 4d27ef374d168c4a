import FinanceCore
import LedgerStore

/// `pfin completions bash|zsh|fish`: a completion script written from the command declarations;
/// `--list accounts|categories` prints the ledger's names for the scripts to offer.
enum CompletionsCommand {
    enum Names: String, CaseIterable, Sendable {
        case accounts, categories
    }

    static let list = Option.choice(
        "--list", of: Names.self, value: "KIND",
        help: "Print the ledger's accounts or categories, one a line (what the scripts complete --account and --category from).")

    static let spec = CommandSpec(
        name: "completions",
        arguments: "[bash|zsh|fish]",
        summary: "Print a completion script for bash, zsh or fish.",
        details: """
            The script completes commands, their options, and the values of options: formats and
            other fixed words, files, directories, and the accounts and categories of the ledger.
            Load it for the running shell, or save it where the shell looks for completions:

                source <(pfin completions bash)      # or: pfin completions bash > ~/.local/share/bash-completion/completions/pfin
                source <(pfin completions zsh)       # after compinit; or save it as _pfin in a directory of $fpath
                pfin completions fish | source       # or: pfin completions fish > ~/.config/fish/completions/pfin.fish
            """,
        options: [list.spec, LedgerOptions.spec],
        examples: ["pfin completions bash > ~/.local/share/bash-completion/completions/pfin"])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        if let kind = arguments[list] {
            // For the scripts: no ledger yet is no names, not an error.
            guard let options = try? LedgerOptions.parse(arguments), options.exists,
                let ledger = try? Ledger(path: options.path, create: false)
            else { return ExitStatus.success }
            let names = (try? kind == .accounts ? ledger.accountNames() : ledger.categoryNames()) ?? []
            Terminal.out(names.map { $0 + "\n" }.joined())
            return ExitStatus.success
        }
        guard arguments.positionals.count == 1, let shell = Completions.Shell(rawValue: arguments.positionals[0]) else {
            let given = arguments.positionals.first
            let error = UsageError(
                message: given.map { "unknown shell '\($0)'; pfin completes bash, zsh and fish" }
                    ?? "'pfin completions' needs the shell: bash, zsh or fish",
                suggestion: given.flatMap { Spelling.closest(to: $0, in: Completions.Shell.allCases.map(\.rawValue)) })
            return Pfin.usageFailure(error, spec: spec)
        }
        Terminal.out(Completions.script(for: shell, commands: Pfin.commands))
        return ExitStatus.success
    }
}
