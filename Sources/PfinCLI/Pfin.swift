import FinanceCore

/// The `pfin` command line: dispatches to subcommands and returns the exit status.
///
/// Exit statuses (CONTRACT.md): 0 success; 1 the input had errors; 2 a usage error;
/// 3 `--fail-uncategorized` found transactions without a category.
public enum Pfin {
    /// Runs `pfin` with the arguments after the program name.
    public static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Terminal.err(overview)
            return ExitStatus.usage
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1 {
                guard let command = commands.first(where: { $0.spec.name == arguments[1] }) else {
                    return unknownCommand(arguments[1])
                }
                Terminal.out(HelpText.render(command.spec))
                return ExitStatus.success
            }
            Terminal.out(overview)
            return ExitStatus.success
        case "--version":
            Terminal.out("pfin \(version)\n")
            return ExitStatus.success
        default:
            guard let command = commands.first(where: { $0.spec.name == first }) else { return unknownCommand(first) }
            let rest = Array(arguments.dropFirst())
            do {
                let parsed = try ArgumentParser.parse(rest, spec: command.spec)
                if parsed.flag("--help") {
                    Terminal.out(HelpText.render(command.spec))
                    return ExitStatus.success
                }
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
    }

    static let commands: [Command] = [
        Command(spec: ConvertCommand.spec, run: { ConvertCommand.run($0) }),
    ]

    static var overview: String {
        let rows = commands.map { "  \($0.spec.name.padded(to: 10))\($0.spec.summary)" }
        return """
            usage: pfin COMMAND [OPTIONS] [FILE…]

            pfin turns bank statement exports into clean, categorised transactions.

            commands:
            \(rows.joined(separator: "\n"))

            Run 'pfin help COMMAND' (or 'pfin COMMAND --help') for a command's options and examples.

            """
    }

    static func usageFailure(_ error: UsageError, spec: CommandSpec) -> Int32 {
        var text = "pfin: error: \(error.message)\n"
        if let suggestion = error.suggestion { text += "pfin: note: did you mean '\(suggestion)'?\n" }
        text += "usage: pfin \(spec.name) \(spec.synopsis)\nsee 'pfin help \(spec.name)'\n"
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
