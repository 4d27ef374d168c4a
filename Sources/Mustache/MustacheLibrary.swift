/// A set of named templates that can include each other: parse once, render many times.
///
/// Every template is parsed when the library is built, so a mistake in any of them (a partial
/// that is never rendered included) is reported up front, with that template's own name. Partial
/// (`{{>name}}`) and parent (`{{<name}}`) tags find their templates by name among these; a name
/// the library does not have renders as nothing, as the spec asks.
///
/// ```swift
/// let library = try MustacheLibrary(templates: [
///     "month.html": "<table>\n{{#rows}}\n{{>row.html}}\n{{/rows}}\n</table>\n",
///     "row.html": "<tr><td>{{payee}}</td><td>{{amount}}</td></tr>\n",
/// ])
/// let html = library.render("month.html", ["rows": [["payee": "ACME", "amount": "-12.50"]]])
/// ```
///
/// A library is an immutable value and safe to share between threads.
public struct MustacheLibrary: Sendable {
    private let templates: [[Node]]
    private let tables: NodeTables
    private let positions: [String: Int]

    /// Parses every template in `templates` (name → source).
    ///
    /// - Throws: The first ``MustacheError`` in name order; ``errors(in:)`` lists all of them.
    public init(templates: [String: String]) throws(MustacheError) {
        let parsed = Self.parse(templates)
        if let first = parsed.errors.first { throw first }
        self.templates = parsed.templates
        tables = parsed.tables
        positions = parsed.positions
    }

    /// The first error of each template that has one, in name order; empty when all parse.
    /// Use it to show every broken template at once instead of one per run.
    public static func errors(in templates: [String: String]) -> [MustacheError] {
        parse(templates).errors
    }

    /// The template names, sorted.
    public var names: [String] { positions.keys.sorted() }

    /// Renders the template `name` with `context` as the outermost context.
    ///
    /// - Returns: The text, or nil when the library has no template of that name (unlike a
    ///   missing partial, a missing top-level template is the caller's mistake, not the author's).
    public func render(_ name: String, _ context: MustacheValue) -> String? {
        var buffer: [UInt8] = []
        guard render(name, context, into: &buffer) else { return nil }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Renders the template `name` by appending its UTF-8 bytes to `buffer`, for callers that
    /// write many renders to one file without building a `String` each time.
    ///
    /// - Returns: False, leaving `buffer` untouched, when the library has no template of that name.
    @discardableResult
    public func render(_ name: String, _ context: MustacheValue, into buffer: inout [UInt8]) -> Bool {
        guard let position = positions[name] else { return false }
        tables.text.withUnsafeBufferPointer { text in
            var renderer = Renderer(templates: templates, text: text, paths: tables.paths, context: context)
            swap(&buffer, &renderer.out)  // hand the buffer over without copying it
            renderer.render(templates[position])
            swap(&buffer, &renderer.out)
        }
        return true
    }

    private static func parse(_ sources: [String: String])
        -> (templates: [[Node]], tables: NodeTables, positions: [String: Int], errors: [MustacheError])
    {
        let named = sources.sorted { $0.key < $1.key }
        var positions: [String: Int] = [:]
        for (position, entry) in named.enumerated() { positions[entry.key] = position }
        var templates: [[Node]] = []
        var tables = NodeTables()
        var errors: [MustacheError] = []
        for (name, text) in named {
            var parser = TemplateParser(SourceText(name: name, text: text), templateIndex: positions, tables: tables)
            do throws(MustacheError) {
                templates.append(try parser.parse())
                tables = parser.tables
            } catch {
                templates.append([])
                errors.append(error)
            }
        }
        return (templates, tables, positions, errors)
    }
}
