extension Completions {
    /// `complete -c pfin` lines: commands while none is given, then each command's options under
    /// `__fish_seen_subcommand_from`, with files only where the command takes them.
    static func fish(top: [CommandSpec], groups: [Pfin.Command], entries: [Entry]) -> String {
        var lines = [
            "# fish completion for pfin, written by 'pfin completions fish'.",
            "# Load it with: pfin completions fish | source; or save it as ~/.config/fish/completions/pfin.fish",
            "complete -c pfin -f",
        ]
        for spec in top {
            lines.append("complete -c pfin -n __fish_use_subcommand -a \(spec.name) -d \(quoted(Completions.firstSentence(spec.summary)))")
        }
        lines.append("complete -c pfin -n __fish_use_subcommand -a help -d 'Show a command\\'s help, or the manual with --man'")
        lines.append("complete -c pfin -n '__fish_seen_subcommand_from help' -a \(quoted(top.map(\.name).joined(separator: " ") + " --man"))")
        lines.append("complete -c pfin -n '__fish_seen_subcommand_from completions' -a \(quoted(Shell.allCases.map(\.rawValue).joined(separator: " ")))")
        for group in groups {
            let subs = group.subcommands.map { subcommandWord($0.spec) }
            for sub in group.subcommands {
                let condition = "__fish_seen_subcommand_from \(group.spec.name); and not __fish_seen_subcommand_from \(subs.joined(separator: " "))"
                lines.append("complete -c pfin -n \(quoted(condition)) -a \(subcommandWord(sub.spec)) -d \(quoted(firstSentence(sub.spec.summary)))")
            }
        }
        for entry in entries {
            let condition = quoted(entry.words.map { "__fish_seen_subcommand_from \($0)" }.joined(separator: "; and "))
            for option in entry.spec.allOptions {
                var line = "complete -c pfin -n \(condition)"
                if let short = option.short { line += " -s \(short.dropFirst())" }
                line += " -l \(option.long.dropFirst(2))"
                if option.value != nil {
                    switch option.completion {
                    case .none: line += " -x"
                    case .file: line += " -r -F"
                    case .directory: line += " -x -a '(__fish_complete_directories)'"
                    case .values(let words): line += " -x -a \(quoted(words.joined(separator: " ")))"
                    case .account: line += " -x -a '(pfin completions --list accounts 2>/dev/null)'"
                    case .category: line += " -x -a '(pfin completions --list categories 2>/dev/null)'"
                    }
                }
                lines.append(line + " -d \(quoted(firstSentence(option.help)))")
            }
            if entry.takesFiles { lines.append("complete -c pfin -n \(condition) -F") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
