/// Renders a subcommand's `--help`.
enum HelpText {
    static func render(_ spec: CommandSpec) -> String {
        var lines = ["usage: pfin \(spec.name) \(spec.synopsis)", "", spec.summary]
        if !spec.details.isEmpty { lines += ["", spec.details] }
        lines += ["", "options:"]
        let labels = spec.allOptions.map { option -> String in
            var label = option.short.map { "\($0), " } ?? "    "
            label += option.long
            if let value = option.value { label += " \(value)" }
            return label
        }
        let width = min(28, (labels.map(\.count).max() ?? 0) + 2)
        for (label, option) in zip(labels, spec.allOptions) {
            let help = option.help + (option.repeatable ? " (repeatable)" : "")
            if label.count + 2 > width {
                lines.append("  \(label)")
                lines.append("  " + String(repeating: " ", count: width) + help)
            } else {
                lines.append("  " + label + String(repeating: " ", count: width - label.count) + help)
            }
        }
        if !spec.examples.isEmpty {
            lines += ["", spec.examples.count == 1 ? "example:" : "examples:"]
            lines += spec.examples.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension HelpText {
    /// The help of a command group such as `rules`: what it is about, then its subcommands.
    static func render(group: CommandSpec, _ subcommands: [CommandSpec]) -> String {
        var lines = ["usage: pfin \(group.name) \(group.synopsis)", "", group.summary]
        if !group.details.isEmpty { lines += ["", group.details] }
        lines += ["", "subcommands:"]
        for sub in subcommands {
            let word = String(sub.name.split(separator: " ").last!)
            lines.append("  " + word.padded(to: 10) + sub.summary)
        }
        lines += ["", "Run 'pfin help \(group.name) SUBCOMMAND' for its options and examples."]
        if !group.examples.isEmpty {
            lines += ["", group.examples.count == 1 ? "example:" : "examples:"]
            lines += group.examples.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
