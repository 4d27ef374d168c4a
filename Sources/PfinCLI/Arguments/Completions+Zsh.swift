extension Completions {
    /// A `_pfin` function for zsh's completion system: `_describe` for the commands, `_arguments`
    /// with each command's declared options. Works from `$fpath` (as `_pfin`) or sourced.
    static func zsh(top: [CommandSpec], groups: [Pfin.Command], entries: [Entry]) -> String {
        var lines = [
            "#compdef pfin",
            "# zsh completion for pfin, written by 'pfin completions zsh'.",
            "# Load it after compinit with: source <(pfin completions zsh); or save it as _pfin in a directory of $fpath.",
            "",
            "_pfin_names() {",
            "    local -a names",
            "    names=(${(f)\"$(pfin completions --list $1 2>/dev/null)\"})",
            "    compadd -a names",
            "}",
            "",
            "_pfin() {",
            "    local -a commands",
            "    commands=(",
        ]
        lines += top.map { "        \(quoted("\($0.name):\(describe($0.summary))"))" }
        lines += [
            "        \(quoted("help:Show a command's help, or the manual with --man"))",
            "    )",
            "    if (( CURRENT == 2 )); then",
            "        _describe -t commands 'pfin command' commands",
            "        return",
            "    fi",
            "    local command=$words[2]",
            "    case $command in",
        ]
        for group in groups {
            let subs = group.subcommands.map { quoted("\(subcommandWord($0.spec)):\(describe($0.spec.summary))") }
            lines += [
                "    \(group.spec.name))",
                "        if (( CURRENT == 3 )); then",
                "            local -a subcommands",
                "            subcommands=(\(subs.joined(separator: " ")))",
                "            _describe -t commands 'pfin \(group.spec.name) subcommand' subcommands",
                "            return",
                "        fi",
                "        command=\"\(group.spec.name) $words[3]\"",
                "        shift words; (( CURRENT-- )) ;;",
            ]
        }
        lines += [
            "    help) _describe -t commands 'pfin command' commands; compadd -- --man; return ;;",
            "    completions) compadd \(Shell.allCases.map(\.rawValue).joined(separator: " ")); return ;;",
            "    esac",
            "    shift words; (( CURRENT-- ))",
            "    case $command in",
        ]
        for entry in entries {
            var specs = entry.spec.allOptions.flatMap { option in spellings(option).map { zshSpec(option, spelling: $0) } }
            if entry.takesFiles { specs.append(quoted("*:file:_files")) }
            lines.append("    \(quoted(entry.words.joined(separator: " "))))")
            lines.append("        _arguments -S \\")
            lines += specs.map { "            \($0) \\" }
            lines[lines.count - 1].removeLast(2)
            lines.append("        ;;")
        }
        lines += [
            "    esac",
            "}",
            "",
            "if [ \"$funcstack[1]\" = \"_pfin\" ]; then",
            "    _pfin \"$@\"",
            "else",
            "    compdef _pfin pfin",
            "fi",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// `--to=[help]:FORMAT:(jsonl csv)`, `*--rules=[help]:FILE:_files`, `--strict[help]`.
    private static func zshSpec(_ option: OptionSpec, spelling: String) -> String {
        let help = describe(option.help).replacing("[", with: "\\[").replacing("]", with: "\\]")
        var spec = (option.repeatable ? "*" : "") + spelling
        guard let value = option.value else { return quoted(spec + "[\(help)]") }
        if spelling.hasPrefix("--") { spec += "=" }
        spec += "[\(help)]:\(value.replacing(":", with: "")):"
        switch option.completion {
        case .none: spec += " "
        case .file: spec += "_files"
        case .directory: spec += "_files -/"
        case .values(let words): spec += "(\(words.joined(separator: " ")))"
        case .account: spec += "_pfin_names accounts"
        case .category: spec += "_pfin_names categories"
        }
        return quoted(spec)
    }

    /// A one-line description with the colons `_describe` would split on escaped.
    private static func describe(_ text: String) -> String {
        firstSentence(text).replacing(":", with: "\\:")
    }
}
