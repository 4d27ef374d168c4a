/// One template, for callers with a single source: a ``MustacheLibrary`` of one.
///
/// ```swift
/// let greeting = try MustacheTemplate("Hello {{name}}!")
/// greeting.render(["name": "<Ada>"])   // "Hello &lt;Ada&gt;!"
/// ```
public struct MustacheTemplate: Sendable {
    /// The name used in error messages.
    public let name: String
    private let library: MustacheLibrary

    /// Parses `source`.
    ///
    /// - Parameters:
    ///   - source: The template's text.
    ///   - name: Names the template in error messages, e.g. its file name.
    ///   - partials: Templates that `{{>name}}` and `{{<name}}` tags may include; they are parsed
    ///     too, and their errors name them.
    /// - Throws: ``MustacheError`` when `source` or a partial cannot be parsed.
    public init(_ source: String, name: String = "template", partials: [String: String] = [:]) throws(MustacheError) {
        var templates = partials
        templates[name] = source
        self.name = name
        library = try MustacheLibrary(templates: templates)
    }

    /// Renders the template with `context` as the outermost context.
    public func render(_ context: MustacheValue) -> String {
        var buffer: [UInt8] = []
        render(context, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Appends the rendered UTF-8 bytes to `buffer`.
    public func render(_ context: MustacheValue, into buffer: inout [UInt8]) {
        library.render(name, context, into: &buffer)
    }
}
