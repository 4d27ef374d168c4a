/// One option a subcommand accepts, declared once: parsing, validation, `--help`, the synopsis,
/// shell completions and the man page all come from it. Commands declare typed `Option`s and
/// `Flag`s (TypedOptions.swift), which carry one of these.
struct OptionSpec: Sendable {
    /// The long spelling, with its dashes: `--to`.
    let long: String
    /// The short spelling, if any: `-o`.
    let short: String?
    /// The placeholder of its value (`FORMAT`); `nil` for a flag.
    let value: String?
    /// Given any number of times, each value kept; other options may be given once.
    let repeatable: Bool
    /// A command line without it is a usage error.
    let required: Bool
    let help: String
    /// How a shell completes the value.
    let completion: Completion
    /// Checks a value while the command line is parsed, so that a bad one is a usage error (exit 2)
    /// before any work starts; `nil` when every text is accepted.
    let check: (@Sendable (String) -> UsageError?)?

    /// What a shell offers for an option's value.
    enum Completion: Sendable, Equatable {
        case none
        case file
        case directory
        /// One of these words (formats, types).
        case values([String])
        /// An account name from the ledger.
        case account
        /// A category from the ledger.
        case category
    }

    init(
        _ long: String, short: String? = nil, value: String? = nil, repeatable: Bool = false, required: Bool = false,
        completion: Completion? = nil, help: String, check: (@Sendable (String) -> UsageError?)? = nil
    ) {
        self.long = long
        self.short = short
        self.value = value
        self.repeatable = repeatable
        self.required = required
        self.help = help
        self.check = check
        self.completion = completion ?? Self.usualCompletion(of: value)
    }

    /// A file for FILE and PATH, a directory for DIR, nothing else unless declared.
    private static func usualCompletion(of placeholder: String?) -> Completion {
        switch placeholder {
        case "FILE", "PATH": .file
        case "DIR": .directory
        default: .none
        }
    }

    /// How the synopsis shows it: `[--to FORMAT]`, `--rules FILE…`, `[-o FILE]`.
    var synopsis: String {
        var text = short ?? long
        if let value { text += " \(value)" }
        if repeatable { text += "…" }
        return required ? text : "[\(text)]"
    }

    /// `a`, `a or b`, `a, b or c`: the values a message offers.
    static func either(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    static let help = OptionSpec("--help", short: "-h", help: "Show this help and exit.")
}
