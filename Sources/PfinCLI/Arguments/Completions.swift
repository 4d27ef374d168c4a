/// Shell completion scripts for bash, zsh and fish, written from the declared commands and options:
/// subcommands, each command's options, and their values (formats and other fixed words, files,
/// directories, and account and category names from the ledger through `pfin completions --list`).
enum Completions {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// One command as completion sees it: its words after `pfin` and what it accepts.
    struct Entry {
        let words: [String]
        let spec: CommandSpec
        /// Whether its positionals are files (`[FILE…]`, `FILE…`, `[INPUT…]`).
        var takesFiles: Bool { spec.arguments.contains("FILE") || spec.arguments.contains("INPUT") }
    }

    static func script(for shell: Shell, commands: [Pfin.Command]) -> String {
        let top = commands.map(\.spec)
        var entries: [Entry] = []
        for command in commands {
            if command.subcommands.isEmpty {
                entries.append(Entry(words: [command.spec.name], spec: command.spec))
            }
            for sub in command.subcommands {
                entries.append(Entry(words: sub.spec.name.split(separator: " ").map(String.init), spec: sub.spec))
            }
        }
        let groups = commands.filter { !$0.subcommands.isEmpty }
        switch shell {
        case .bash: return bash(top: top, groups: groups, entries: entries)
        case .zsh: return zsh(top: top, groups: groups, entries: entries)
        case .fish: return fish(top: top, groups: groups, entries: entries)
        }
    }

    /// The first sentence of a help text, for the one-line descriptions shells show.
    static func firstSentence(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        if let end = flat.firstRange(of: ". ") { return String(flat[..<end.lowerBound]) }
        return flat.hasSuffix(".") ? String(flat.dropLast()) : flat
    }

    /// `text` inside single quotes for any of the three shells.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    static func subcommandWord(_ spec: CommandSpec) -> String {
        String(spec.name.split(separator: " ").last!)
    }

    static func spellings(_ option: OptionSpec) -> [String] {
        [option.long] + (option.short.map { [$0] } ?? [])
    }
}
