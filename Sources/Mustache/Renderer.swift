/// Walks parsed templates against a context stack, appending UTF-8 bytes to one buffer.
///
/// One renderer lives for one top-level render. It writes into a `[UInt8]` rather than building a
/// `String` piece by piece: appending bytes is a copy, while string concatenation re-checks
/// encodings and grows through several representations.
///
/// Indentation (of standalone partials, parents and blocks) is added lazily: a template newline
/// marks the output as being at the start of a line, and the indentation is written just before
/// the next template text or non-empty value. Interpolated data is never indented, as the spec
/// requires, and no trailing indentation is left after the last line.
struct Renderer {
    /// Partials nested deeper than this render nothing: a template that includes itself without
    /// a stopping section then ends instead of overflowing the stack.
    static let maximumDepth = 100

    let templates: [[Node]]
    /// `NodeTables.text`, borrowed for the duration of the render.
    let text: UnsafeBufferPointer<UInt8>
    let paths: [ValuePath]
    var out: [UInt8] = []
    /// The context stack, innermost last.
    var stack: [MustacheValue]
    private var indent: [UInt8] = []
    private var atLineStart = true
    private var depth = 0
    /// Blocks passed by the parents being expanded, outermost parent first: the outermost
    /// definition of a block wins ("Multi-level inheritance").
    private var overrides: [[Node.Block]] = []

    init(templates: [[Node]], text: UnsafeBufferPointer<UInt8>, paths: [ValuePath], context: MustacheValue) {
        self.templates = templates
        self.text = text
        self.paths = paths
        stack = [context]
    }

    mutating func render(_ nodes: [Node]) {
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let range):
                writeText(UnsafeBufferPointer(rebasing: text[range]))
            case .variable(let path, let escaped):
                write(paths[path].resolve(in: stack), escaped: escaped)
            case .section(let path, let body, let inverted):
                renderSection(paths[path].resolve(in: stack), body, inverted: inverted)
            case .partial(let template, let indent):
                expand(template, blocks: nil, indent: indent)
            case .parent(let template, let blocks, let indent):
                expand(template, blocks: blocks, indent: indent)
            case .block(let block):
                renderBlock(block)
            }
        }
    }

    private mutating func renderSection(_ value: MustacheValue, _ body: [Node], inverted: Bool) {
        if inverted {
            if !value.isTruthy { render(body) }
            return
        }
        switch value {
        case .list(let items):
            for item in items {
                stack.append(item)
                render(body)
                stack.removeLast()
            }
        default:
            guard value.isTruthy else { return }
            stack.append(value)
            render(body)
            stack.removeLast()
        }
    }

    /// Renders a partial (`blocks` nil) or a parent. A standalone tag indents every line of the
    /// included template; an inline one includes it as written.
    private mutating func expand(_ template: Int?, blocks: [Node.Block]?, indent extra: [UInt8]?) {
        guard let template, depth < Self.maximumDepth else { return }
        let savedIndent = indent
        if let extra {
            indent += extra
            atLineStart = true
        } else {
            indent = []
        }
        if let blocks { overrides.append(blocks) }
        depth += 1
        render(templates[template])
        depth -= 1
        if blocks != nil { overrides.removeLast() }
        indent = savedIndent
    }

    private mutating func renderBlock(_ block: Node.Block) {
        let body = override(named: block.name) ?? block.body
        let savedIndent = indent
        indent += block.indent
        if block.standalone { atLineStart = true }
        render(body)
        indent = savedIndent
    }

    private func override(named name: String) -> [Node]? {
        for blocks in overrides {
            for block in blocks where block.name == name {
                return block.body
            }
        }
        return nil
    }

    @inline(__always)
    private mutating func writeText(_ bytes: UnsafeBufferPointer<UInt8>) {
        if indent.isEmpty {
            out.append(contentsOf: bytes)
            atLineStart = bytes[bytes.count - 1] == UInt8(ascii: "\n")
            return
        }
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            if atLineStart { out.append(contentsOf: indent) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...index]))
            start = index + 1
            atLineStart = true
        }
        if start < bytes.count {
            if atLineStart { out.append(contentsOf: indent) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            atLineStart = false
        }
    }

    @inline(__always)
    private mutating func write(_ value: MustacheValue, escaped: Bool) {
        switch value {
        case .string(let text):
            guard !text.isEmpty else { return }
            startLine()
            if escaped { HTMLEscaping.append(text, to: &out) } else { HTMLEscaping.appendRaw(text, to: &out) }
        case .bool(let flag):
            startLine()
            out.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .null, .list, .object:
            // Lists and objects have no text of their own; a template lists their fields instead.
            break
        }
    }

    @inline(__always)
    private mutating func startLine() {
        if atLineStart {
            if !indent.isEmpty { out.append(contentsOf: indent) }
            atLineStart = false
        }
    }
}
