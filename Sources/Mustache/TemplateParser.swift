/// Turns a template's tokens into a tree of ``Node``s, applying the spec's whitespace rules.
///
/// Grammar (spec names): text, `{{name}}` variable, `{{{name}}}` / `{{&name}}` unescaped,
/// `{{#name}}…{{/name}}` section, `{{^name}}…{{/name}}` inverted, `{{>name}}` partial,
/// `{{<name}}…{{/name}}` parent, `{{$name}}…{{/name}}` block, `{{! … }}` comment,
/// `{{=<% %>=}}` set delimiters.
///
/// Whitespace works line by line:
/// - A *standalone* line holds only whitespace and one tag that prints nothing (not a variable);
///   the whole line, newline included, disappears. Before a partial, parent or block its
///   whitespace becomes that tag's indentation.
/// - Several tags form a standalone line when they only open or close parents and the blocks
///   passed to them (`{{<layout}}{{$title}}`, `{{/title}}{{/layout}}`): they print nothing there.
///   A block opened and closed where a template is expanded (`  {{$b}}{{/b}}`) does print.
/// - A block's own indentation (of the line after a standalone opening tag, or before an inline
///   one) is removed from each line inside it, and added back wherever its content lands.
struct TemplateParser {
    typealias Tag = Tokenizer.Tag
    typealias Piece = Tokenizer.Piece

    struct Frame {
        /// The opening tag; nil for the template itself.
        var tag: Tag?
        var nodes: [Node] = []
        var pendingText: [UInt8] = []
        /// Indentation removed from the start of each line inside (blocks, see the type comment).
        var strip: [UInt8] = []
        var blockIndent: [UInt8] = []
        /// For parents, partials and blocks: whether the opening tag stood alone on its line.
        var standaloneIndent: [UInt8]?

        var kind: Tokenizer.TagKind? { tag?.kind }

        mutating func flushText(into tables: inout NodeTables) {
            guard !pendingText.isEmpty else { return }
            nodes.append(.text(tables.add(text: pendingText)))
            pendingText = []
        }
    }

    let source: SourceText
    let templateIndex: [String: Int]
    /// Where the nodes' text and names go; the library hands it from one template to the next.
    var tables: NodeTables
    var frames = [Frame()]

    /// - Parameter templateIndex: every template name in the library and its position, so
    ///   partial tags are resolved once here instead of on every render.
    init(_ source: SourceText, templateIndex: [String: Int], tables: NodeTables) {
        self.source = source
        self.templateIndex = templateIndex
        self.tables = tables
    }

    mutating func parse() throws(MustacheError) -> [Node] {
        var tokenizer = Tokenizer(source)
        let lines = lines(try tokenizer.pieces())
        for index in lines.indices {
            try parseLine(stripped(lines[index]), next: index + 1 < lines.count ? lines[index + 1] : nil)
        }
        if frames.count > 1, let tag = frames.last?.tag {
            let what = Self.noun(for: tag.kind)
            throw source.error(
                .unclosedSection, at: tag.offset, "\(what) '\(tag.name)' is never closed",
                note: "add '\(tag.open)/\(tag.name)\(tag.close)' after the \(what)'s content")
        }
        frames[0].flushText(into: &tables)
        return frames[0].nodes
    }

    /// Cuts the pieces after each newline.
    private func lines(_ pieces: [Piece]) -> [[Piece]] {
        var lines: [[Piece]] = []
        var current: [Piece] = []
        for piece in pieces {
            current.append(piece)
            if case .text(let range) = piece, source.bytes[range.upperBound - 1] == UInt8(ascii: "\n") {
                lines.append(current)
                current = []
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    private mutating func parseLine(_ line: [Piece], next: [Piece]?) throws(MustacheError) {
        if let indent = standaloneIndent(of: line) {
            for case .tag(let tag) in line {
                try handle(tag, standaloneIndent: indent, inlineIndent: [], nextLine: next)
            }
            return
        }
        var leading: [UInt8]? = []  // the whitespace before the first tag, while nothing else came
        for piece in line {
            switch piece {
            case .text(let range):
                appendText(range)
                if leading != nil, isBlank(range) { leading? += source.bytes[range] } else { leading = nil }
            case .tag(let tag):
                try handle(tag, standaloneIndent: nil, inlineIndent: leading ?? [], nextLine: next)
                leading = nil
            }
        }
    }

    private mutating func handle(_ tag: Tag, standaloneIndent: [UInt8]?, inlineIndent: [UInt8], nextLine: [Piece]?) throws(MustacheError) {
        switch tag.kind {
        case .variable, .unescaped:
            append(.variable(path: tables.add(path: tag.name), escaped: tag.kind == .variable))
        case .comment, .delimiters:
            break
        case .partial:
            append(.partial(template: templateIndex[tag.name], indent: standaloneIndent))
        case .section, .inverted:
            frames.append(Frame(tag: tag, strip: currentStrip))
        case .parent:
            frames.append(Frame(tag: tag, strip: currentStrip, standaloneIndent: standaloneIndent))
        case .block:
            let indent = standaloneIndent != nil ? leadingWhitespace(of: nextLine) : inlineIndent
            frames.append(Frame(tag: tag, strip: currentStrip + indent, blockIndent: indent, standaloneIndent: standaloneIndent))
        case .close:
            try close(tag)
        }
    }

    private mutating func close(_ tag: Tag) throws(MustacheError) {
        guard frames.count > 1, var frame = frames.popLast(), let opening = frame.tag else {
            throw source.error(
                .closeWithoutOpen, at: tag.offset, "closing tag '\(tag.open)/\(tag.name)\(tag.close)' has no open section",
                note: "remove it, or open the section before it with '\(tag.open)#\(tag.name)\(tag.close)'")
        }
        guard opening.name == tag.name else {
            let (line, column) = source.lineAndColumn(of: opening.offset)
            let spelled = "\(opening.open)\(Self.sigil(for: opening.kind))\(opening.name)\(opening.close)"
            throw source.error(
                .mismatchedClose, at: tag.offset,
                "closing tag '\(tag.open)/\(tag.name)\(tag.close)' does not match the open \(Self.noun(for: opening.kind)) '\(opening.name)'",
                note: "'\(spelled)' at line \(line), column \(column) must be closed first with '\(opening.open)/\(opening.name)\(opening.close)'")
        }
        frame.flushText(into: &tables)
        switch opening.kind {
        case .parent:
            let blocks = frame.nodes.compactMap { node -> Node.Block? in
                if case .block(let block) = node { block } else { nil }
            }
            append(.parent(template: templateIndex[opening.name], blocks: blocks, indent: frame.standaloneIndent))
        case .block:
            append(
                .block(
                    Node.Block(
                        name: opening.name, body: frame.nodes, indent: frame.blockIndent,
                        standalone: frame.standaloneIndent != nil)))
        default:
            append(.section(path: tables.add(path: opening.name), frame.nodes, inverted: opening.kind == .inverted))
        }
    }

    /// Adds a node to the innermost open section; a parent keeps only its blocks (the spec ignores
    /// anything else written between `{{<name}}` and `{{/name}}`).
    private mutating func append(_ node: Node) {
        let top = frames.count - 1
        if frames[top].kind == .parent {
            guard case .block = node else { return }
        }
        frames[top].flushText(into: &tables)
        frames[top].nodes.append(node)
    }

    private mutating func appendText(_ range: Range<Int>) {
        let top = frames.count - 1
        guard frames[top].kind != .parent else { return }
        frames[top].pendingText += source.bytes[range]
    }

    static func noun(for kind: Tokenizer.TagKind) -> String {
        switch kind {
        case .inverted: "inverted section"
        case .parent: "parent"
        case .block: "block"
        default: "section"
        }
    }

    static func sigil(for kind: Tokenizer.TagKind) -> String {
        switch kind {
        case .inverted: "^"
        case .parent: "<"
        case .block: "$"
        default: "#"
        }
    }
}
