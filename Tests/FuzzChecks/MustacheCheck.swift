import Mustache

/// The Mustache check: parse and render against fixed data (the shape of the report templates'
/// data). A parse error is located inside the template; rendering is deterministic, the string
/// and byte renderings agree, and a template without tags renders as itself.
enum MustacheCheck {
    static let partials = ["row": "{{name}}: {{amount}}\n", "empty": ""]
    static let data: MustacheValue = .object(
        MustacheObject([
            ("title", "May <2024> & \"more\""),
            ("empty", ""),
            ("yes", true),
            ("no", false),
            ("none", nil),
            (
                "rows",
                .list([
                    .object(MustacheObject([("name", "Coffee"), ("amount", "-3.50"), ("tags", .list(["a", "b"]))])),
                    .object(MustacheObject([("name", "Rent"), ("amount", "-1200.00"), ("tags", .list([]))])),
                ])
            ),
            ("totals", .object(MustacheObject([("in", "2500.00"), ("out", "-1203.50"), ("nested", .object(MustacheObject([("deep", "x")])))]))),
        ]))

    static func run(_ bytes: [UInt8]) -> [String] {
        let source = String(decoding: bytes, as: UTF8.self)
        let shape = InputShape(Array(source.utf8))
        let template: MustacheTemplate
        do {
            template = try MustacheTemplate(source, name: FuzzTarget.inputName, partials: partials)
        } catch {
            if error.templateName != FuzzTarget.inputName, partials[error.templateName] == nil {
                return ["the error names template '\(error.templateName)'"]
            }
            if error.templateName == FuzzTarget.inputName, error.line < 1 || error.line > shape.lines || error.column < 1 {
                return ["error at \(error.line):\(error.column) is outside the template's \(shape.lines) lines: \(error)"]
            }
            return []
        }
        var found: [String] = []
        let text = template.render(data)
        var buffer: [UInt8] = []
        template.render(data, into: &buffer)
        if Array(text.utf8) != buffer { found.append("the string and byte renderings differ") }
        if template.render(data) != text { found.append("rendering twice gives two results") }
        // Bytes, not Characters: `{{` followed by a combining mark (U+0336) is no `{{` to
        // String.contains, yet it opens a tag, as the parser reads bytes.
        let utf8 = Array(source.utf8)
        let hasTagOpening = utf8.indices.dropLast().contains { utf8[$0] == UInt8(ascii: "{") && utf8[$0 + 1] == UInt8(ascii: "{") }
        if !hasTagOpening, Array(text.utf8) != utf8 { found.append("a template without tags renders as something else: \(text)") }
        return found
    }
}
