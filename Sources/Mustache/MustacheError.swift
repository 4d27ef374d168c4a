/// A template that cannot be parsed: where, what went wrong, and how to fix it.
///
/// Templates are parsed when a ``MustacheLibrary`` or ``MustacheTemplate`` is built, never while
/// rendering, so a bad template is reported once, before any report is written. The error names
/// the template it was found in (a partial's own name, not the template that includes it) and a
/// 1-based line and column counted in characters.
///
/// ```
/// month.mustache:12:5: error: section 'rows' is never closed
/// note: add '{{/rows}}' after the section's content
/// ```
public struct MustacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of mistake it is, for code that reacts to one in particular.
    public enum Kind: String, Sendable, Hashable {
        /// An opening delimiter without its closing delimiter.
        case unclosedTag
        /// A section, inverted section, parent or block without its closing tag.
        case unclosedSection
        /// A closing tag whose name is not the innermost open section's.
        case mismatchedClose
        /// A closing tag with no section open.
        case closeWithoutOpen
        /// A `{{=… …=}}` tag that does not hold exactly two delimiters.
        case invalidDelimiters
        /// A tag with nothing but whitespace for a name, such as `{{ }}` or `{{#}}`.
        case emptyTagName
    }

    public var kind: Kind
    /// The name the template was given in the library (its file name, typically).
    public var templateName: String
    /// 1-based line of the offending tag.
    public var line: Int
    /// 1-based column of the offending tag's first delimiter character.
    public var column: Int
    /// What went wrong, in one sentence without a trailing period.
    public var message: String
    /// How to fix it.
    public var note: String

    public init(_ kind: Kind, templateName: String, line: Int, column: Int, message: String, note: String) {
        self.kind = kind
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
        self.note = note
    }

    /// The compiler-style rendering: `NAME:LINE:COLUMN: error: MESSAGE`, then `note: NOTE`.
    public var description: String {
        "\(templateName):\(line):\(column): error: \(message)\nnote: \(note)"
    }
}
