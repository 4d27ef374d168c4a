/// One option a subcommand accepts.
struct OptionSpec: Sendable {
    /// The long spelling, with its dashes: `--to`.
    let long: String
    /// The short spelling, if any: `-o`.
    let short: String?
    /// The placeholder of its value (`FORMAT`); `nil` for a flag.
    let value: String?
    let repeatable: Bool
    let help: String

    init(_ long: String, short: String? = nil, value: String? = nil, repeatable: Bool = false, help: String) {
        self.long = long
        self.short = short
        self.value = value
        self.repeatable = repeatable
        self.help = help
    }

    static let help = OptionSpec("--help", short: "-h", help: "Show this help and exit.")
}

/// What a subcommand accepts and how it explains itself.
struct CommandSpec: Sendable {
    /// `convert`, or `rules check` for nested commands.
    let name: String
    /// The arguments part of the usage line: `[FILE…] [--to FORMAT] …`.
    let synopsis: String
    let summary: String
    let details: String
    let options: [OptionSpec]
    let examples: [String]

    var allOptions: [OptionSpec] { options + [.help] }
}
