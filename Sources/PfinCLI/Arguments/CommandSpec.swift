/// What a subcommand accepts and how it explains itself.
struct CommandSpec: Sendable {
    /// `convert`, or `rules check` for nested commands.
    let name: String
    /// The positional arguments as the usage line shows them: `[FILE…]`, `ID…`; empty for none.
    let arguments: String
    let summary: String
    let details: String
    let options: [OptionSpec]
    let examples: [String]

    init(name: String, arguments: String, summary: String, details: String, options: [OptionSpec], examples: [String]) {
        self.name = name
        self.arguments = arguments
        self.summary = summary
        self.details = details
        self.options = options
        self.examples = examples
    }

    var allOptions: [OptionSpec] { options + [.help] }

    /// The usage line after `pfin NAME`, from the declarations: the positionals, then each option.
    var synopsis: String {
        ([arguments].filter { !$0.isEmpty } + options.map(\.synopsis)).joined(separator: " ")
    }
}
