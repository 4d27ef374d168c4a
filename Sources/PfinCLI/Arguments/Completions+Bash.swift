extension Completions {
    /// A `complete -F` function: the command is the first word (two for a group), options come
    /// from the command's declarations, and an option's value from its completion kind.
    static func bash(top: [CommandSpec], groups: [Pfin.Command], entries: [Entry]) -> String {
        var lines = [
            "# bash completion for pfin, written by 'pfin completions bash'.",
            "# Load it with: source <(pfin completions bash)",
            "_pfin() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    local IFS=$'\\n'",
            "    COMPREPLY=()",
            "    if [ \"$COMP_CWORD\" -eq 1 ]; then",
            "        COMPREPLY=($(compgen -W \(words(top.map(\.name) + ["help"])) -- \"$cur\"))",
            "        return",
            "    fi",
            "    local command=\"${COMP_WORDS[1]}\" first=2",
            "    case \"$command\" in",
        ]
        for group in groups {
            let subs = words(group.subcommands.map { subcommandWord($0.spec) })
            lines += [
                "    \(group.spec.name))",
                "        if [ \"$COMP_CWORD\" -eq 2 ]; then COMPREPLY=($(compgen -W \(subs) -- \"$cur\")); return; fi",
                "        command=\"\(group.spec.name) ${COMP_WORDS[2]}\"; first=3 ;;",
            ]
        }
        lines += [
            "    help) COMPREPLY=($(compgen -W \(words(top.map(\.name) + ["--man"])) -- \"$cur\")); return ;;",
            "    completions) COMPREPLY=($(compgen -W \(words(Shell.allCases.map(\.rawValue))) -- \"$cur\")); return ;;",
            "    esac",
            "    local options=\"\" files=0",
            "    case \"$command\" in",
        ]
        for entry in entries {
            let options = words(entry.spec.allOptions.flatMap(spellings))
            lines.append("    \(quoted(entry.words.joined(separator: " ")))) options=\(options); files=\(entry.takesFiles ? 1 : 0) ;;")
        }
        lines += ["    *) return ;;", "    esac", "    case \"$command $prev\" in"]
        for entry in entries {
            for option in entry.spec.allOptions where option.value != nil {
                let patterns = spellings(option).map { quoted("\(entry.words.joined(separator: " ")) \($0)") }.joined(separator: "|")
                lines.append("    \(patterns)) \(bashValues(option.completion)); return ;;")
            }
        }
        lines += [
            "    esac",
            "    if [[ \"$cur\" == -* ]] || [ \"$files\" -eq 0 ]; then",
            "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))",
            "    else",
            "        COMPREPLY=($(compgen -f -- \"$cur\"))",
            "    fi",
            "}",
            "complete -o filenames -F _pfin pfin",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// Words for `compgen -W` one a line (IFS is a newline, for names with spaces): `$'a\\nb'`.
    private static func words(_ list: [String]) -> String {
        "$'"
            + list.map { $0.replacing("\\", with: "\\\\").replacing("'", with: "\\'") }
            .joined(separator: "\\n") + "'"
    }

    private static func bashValues(_ completion: OptionSpec.Completion) -> String {
        switch completion {
        case .none: return ":"
        case .file: return "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .directory: return "COMPREPLY=($(compgen -d -- \"$cur\"))"
        case .values(let values): return "COMPREPLY=($(compgen -W \(words(values)) -- \"$cur\"))"
        case .account: return "COMPREPLY=($(compgen -W \"$(pfin completions --list accounts 2>/dev/null)\" -- \"$cur\"))"
        case .category: return "COMPREPLY=($(compgen -W \"$(pfin completions --list categories 2>/dev/null)\" -- \"$cur\"))"
        }
    }
}
