import FinanceCore
import StatementFormats

/// The `pfin` command line: dispatches to subcommands and returns the exit status.
///
/// Exit statuses (CONTRACT.md): 0 success; 1 the input had errors; 2 a usage error;
/// 3 `--fail-uncategorized` found transactions without a category.
public enum Pfin {
    /// Runs `pfin` with the arguments after the program name.
    ///
    /// Standard output that could not be written (a full device, a closed pipe) makes the run an
    /// I/O error, exit 1, whatever the command returned; a usage error keeps its 2.
    public static func run(_ arguments: [String]) -> Int32 {
        let status = dispatch(arguments)
        guard let failure = Terminal.outputFailure, status != ExitStatus.usage, status != ExitStatus.inputErrors else { return status }
        Terminal.err("pfin: error: \(OutputError(path: "<stdout>", errno: failure).description)\n")
        return ExitStatus.inputErrors
    }

    private static func dispatch(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Terminal.err(overview)
            return ExitStatus.usage
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.dropFirst() == ["--man"] {
                Terminal.out(ManPage.render(commands: commands, version: version))
                return ExitStatus.success
            }
            if first == "help", arguments.count > 1 {
                switch resolve(Array(arguments.dropFirst())) {
                case .command(let command, _): Terminal.out(HelpText.render(command.spec))
                case .group(let group, _): Terminal.out(HelpText.render(group: group.spec, group.subcommands.map(\.spec)))
                case .failed(let status): return status
                }
                return ExitStatus.success
            }
            Terminal.out(overview)
            return ExitStatus.success
        case "--version", "-V":
            Terminal.out("pfin \(version)\n")
            return ExitStatus.success
        default:
            let command: Command
            let rest: [String]
            switch resolve(arguments) {
            case .command(let found, let remaining): (command, rest) = (found, remaining)
            case .group(let group, let remaining):
                if remaining.first == "--help" || remaining.first == "-h" {
                    Terminal.out(HelpText.render(group: group.spec, group.subcommands.map(\.spec)))
                    return ExitStatus.success
                }
                let names = group.subcommands.map { String($0.spec.name.split(separator: " ").last!) }
                Terminal.err(
                    "pfin: error: 'pfin \(group.spec.name)' needs a subcommand: \(names.joined(separator: ", "))\n"
                        + HelpText.usage(group.spec) + "\nsee 'pfin help \(group.spec.name)'\n")
                return ExitStatus.usage
            case .failed(let status): return status
            }
            do {
                let parsed = try ArgumentParser.parse(rest, spec: command.spec)
                if parsed.flag(OptionSpec.help.long) {
                    Terminal.out(HelpText.render(command.spec))
                    return ExitStatus.success
                }
                // The configuration's defaults, for every command; a broken file stops the run.
                var printer = DiagnosticPrinter()
                guard let configuration = Configuration.load(printer: &printer) else { return ExitStatus.inputErrors }
                Configuration.current = configuration
                return command.run(parsed)
            } catch {
                return usageFailure(error, spec: command.spec)
            }
        }
    }

    static let version = "0.1.0"

    struct Command: Sendable {
        let spec: CommandSpec
        let run: @Sendable (ParsedArguments) -> Int32
        /// For a group such as `rules`: its subcommands, named `rules check` and so on.
        var subcommands: [Command] = []
        /// Whether the group is also a command of its own, run when the word after it names none
        /// of its subcommands (`pfin budget --month 2024-05` beside `pfin budget suggest`).
        var runsAlone = false
    }

    static let commands: [Command] = [
        Command(spec: ConvertCommand.spec, run: { ConvertCommand.run($0) }),
        Command(spec: ImportCommand.spec, run: { ImportCommand.run($0) }),
        Command(spec: ImportsCommand.spec, run: { ImportsCommand.run($0) }),
        Command(spec: UndoCommand.spec, run: { UndoCommand.run($0) }),
        Command(spec: IdentifyCommand.spec, run: { IdentifyCommand.run($0) }),
        Command(spec: ReportCommand.spec, run: { ReportCommand.run($0) }),
        Command(
            spec: BudgetCommand.spec, run: { BudgetCommand.run($0) },
            subcommands: [Command(spec: BudgetSuggestCommand.spec, run: { BudgetSuggestCommand.run($0) })],
            runsAlone: true),
        Command(
            spec: RulesCommand.spec, run: { _ in ExitStatus.usage },
            subcommands: [
                Command(spec: RulesCheckCommand.spec, run: { RulesCheckCommand.run($0) }),
                Command(spec: RulesExplainCommand.spec, run: { RulesExplainCommand.run($0) }),
                Command(spec: RulesSuggestCommand.spec, run: { RulesSuggestCommand.run($0) }),
            ]),
        Command(spec: AddCommand.spec, run: { AddCommand.run($0) }),
        Command(spec: EditCommand.spec, run: { EditCommand.run($0) }),
        Command(spec: DeleteCommand.spec, run: { DeleteCommand.run($0) }),
        Command(spec: RestoreCommand.spec, run: { RestoreCommand.run($0) }),
        Command(spec: ShowCommand.spec, run: { ShowCommand.run($0) }),
        Command(spec: ListCommand.spec, run: { ListCommand.run($0) }),
        Command(spec: RecurringCommand.spec, run: { RecurringCommand.run($0) }),
        Command(spec: SummaryCommand.spec, run: { SummaryCommand.run($0) }),
        Command(spec: TransfersCommand.spec, run: { TransfersCommand.run($0) }),
        Command(spec: ReconcileCommand.spec, run: { ReconcileCommand.run($0) }),
        Command(spec: ConfigCommand.spec, run: { ConfigCommand.run($0) }),
        Command(spec: CompletionsCommand.spec, run: { CompletionsCommand.run($0) }),
    ]

    private enum Resolution {
        /// A command to run, with the arguments after its name.
        case command(Command, [String])
        /// A group named without a (known) subcommand.
        case group(Command, [String])
        case failed(Int32)
    }

    /// Finds the command `arguments` name: `convert …`, `rules check …`.
    private static func resolve(_ arguments: [String]) -> Resolution {
        let name = arguments[0]
        guard let command = commands.first(where: { $0.spec.name == name }) else { return .failed(unknownCommand(name)) }
        let rest = Array(arguments.dropFirst())
        guard !command.subcommands.isEmpty else { return .command(command, rest) }
        if command.runsAlone, !command.subcommands.contains(where: { $0.spec.name == "\(name) \(rest.first ?? "")" }) {
            return .command(command, rest)
        }
        guard let sub = rest.first, !sub.hasPrefix("-") else { return .group(command, rest) }
        guard let found = command.subcommands.first(where: { $0.spec.name == "\(name) \(sub)" }) else {
            let names = command.subcommands.map { String($0.spec.name.split(separator: " ").last!) }
            var text = "pfin: error: unknown subcommand '\(sub)' for 'pfin \(name)'\n"
            if let suggestion = Spelling.closest(to: sub, in: names) { text += "pfin: note: did you mean '\(suggestion)'?\n" }
            text += "subcommands: \(names.joined(separator: ", ")); see 'pfin help \(name)'\n"
            Terminal.err(text)
            return .failed(ExitStatus.usage)
        }
        return .command(found, Array(rest.dropFirst()))
    }

    static var overview: String {
        let width = (commands.map(\.spec.name.count).max() ?? 0) + 2
        let rows = commands.map { "  \($0.spec.name.padded(to: width))\($0.spec.summary)" }
        return """
            usage: pfin COMMAND [OPTIONS] [FILE…]

            pfin turns bank statement exports into clean, categorised transactions.

            commands:
            \(rows.joined(separator: "\n"))

            Run 'pfin help COMMAND' (or 'pfin COMMAND --help') for a command's options and examples;
            'pfin --version' (or -V) prints the version.

            """
    }

    static func usageFailure(_ error: UsageError, spec: CommandSpec) -> Int32 {
        var text = "pfin: error: \(error.message)\n"
        if let suggestion = error.suggestion { text += "pfin: note: did you mean '\(suggestion)'?\n" }
        text += HelpText.usage(spec) + "\nsee 'pfin help \(spec.name)'\n"
        Terminal.err(text)
        return ExitStatus.usage
    }

    private static func unknownCommand(_ name: String) -> Int32 {
        var text = "pfin: error: unknown command '\(name)'\n"
        if let suggestion = Spelling.closest(to: name, in: commands.map(\.spec.name)) {
            text += "pfin: note: did you mean '\(suggestion)'?\n"
        }
        text += "commands: \(commands.map(\.spec.name).joined(separator: ", ")); see 'pfin --help'\n"
        Terminal.err(text)
        return ExitStatus.usage
    }
}

/// The exit statuses of the contract.
enum ExitStatus {
    static let success: Int32 = 0
    static let inputErrors: Int32 = 1
    static let usage: Int32 = 2
    static let uncategorized: Int32 = 3
}

extension String {
    func padded(to length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
