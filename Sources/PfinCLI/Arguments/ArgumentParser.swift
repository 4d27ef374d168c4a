import FinanceCore

/// The command line of one subcommand, parsed.
struct ParsedArguments {
    var positionals: [String] = []
    /// Values by long option name; flags map to `[""]` per occurrence.
    var values: [String: [String]] = [:]

    func flag(_ long: String) -> Bool { values[long] != nil }
    /// The last value given for an option.
    func value(_ long: String) -> String? { values[long]?.last }
    func all(_ long: String) -> [String] { values[long] ?? [] }
}

/// A command line that does not fit the command (exit status 2).
struct UsageError: Error, Equatable {
    var message: String
    var suggestion: String?
}

/// Parses arguments against a `CommandSpec`: `--name value`, `--name=value`, `-o value`, flags,
/// `--` to end options, and `-` as a positional (standard input). Values are checked as their
/// options declare; an option that is not repeatable may be given once (twice with the same value
/// is harmless); a required option must be there, unless `--help` is.
enum ArgumentParser {
    static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        let options = spec.allOptions
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            guard let option = options.first(where: { $0.long == name || $0.short == name }) else {
                let spellings = options.flatMap { [$0.long] + ($0.short.map { [$0] } ?? []) }
                throw UsageError(
                    message: "unknown option '\(name)' for 'pfin \(spec.name)'",
                    suggestion: Spelling.closest(to: name, in: spellings))
            }
            if let placeholder = option.value {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw UsageError(message: "option '\(option.long)' needs a value (\(option.long) \(placeholder))")
                    }
                    value = arguments[index]
                    index += 1
                }
                if let problem = option.check?(value) { throw problem }
                if !option.repeatable, let earlier = parsed.value(option.long), earlier != value {
                    throw UsageError(message: "option '\(option.long)' given twice ('\(earlier)' and '\(value)'); it takes one value")
                }
                parsed.values[option.long, default: []].append(value)
            } else {
                if inlineValue != nil {
                    throw UsageError(message: "option '\(option.long)' takes no value")
                }
                parsed.values[option.long, default: []].append("")
            }
        }
        if !parsed.flag(OptionSpec.help.long) {
            for option in options where option.required && parsed.values[option.long] == nil {
                throw UsageError(message: "'pfin \(spec.name)' needs \(option.long)\(option.value.map { " \($0)" } ?? "")")
            }
        }
        return parsed
    }
}
