/// `--format text|json`, which the commands that print facts about the ledger or files take.
enum TextOrJSON: String, CaseIterable, Sendable {
    case text, json

    static func option(help: String) -> Option<TextOrJSON> {
        Option.choice("--format", of: TextOrJSON.self, default: .text, help: help)
    }
}
