/// Renders a subcommand's `--help`.
enum HelpText {
    /// `usage: pfin NAME SYNOPSIS`, wrapped at 80 columns under the first argument.
    static func usage(_ spec: CommandSpec) -> String {
        let head = "usage: pfin \(spec.name) "
        let indent = String(repeating: " ", count: min(head.count, 30))
        var lines: [String] = []
        var line = head
        for word in synopsisWords(spec.synopsis) {
            if line.count + word.count > 80, line.count > indent.count {
                lines.append(String(line.dropLast()))
                line = indent
            }
            line += word + " "
        }
        lines.append(String(line.dropLast()))
        return lines.joined(separator: "\n")
    }

    /// The synopsis cut between its items, never inside `[--to FORMAT]`.
    private static func synopsisWords(_ synopsis: String) -> [String] {
        var words: [String] = []
        var depth = 0
        var current = ""
        for character in synopsis {
            if character == " " && depth == 0 {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if character == "[" { depth += 1 }
            if character == "]" { depth = max(0, depth - 1) }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    static func render(_ spec: CommandSpec) -> String {
        var lines = [usage(spec), "", spec.summary]
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
        var lines = [usage(group), "", group.summary]
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
