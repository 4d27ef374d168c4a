/// One piece of a parsed template, ready to render.
///
/// Text and names live in the library's ``NodeTables``; nodes hold their positions, so rendering
/// copies text with one `append(contentsOf:)` and retains nothing for it. Partials and parents
/// refer to templates by their position in the library, resolved at parse time, so rendering never
/// hashes a template name.
enum Node: Sendable {
    /// Template text (a range of `NodeTables.text`), never empty; standalone lines are removed.
    case text(Range<Int>)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not escaped); `path` indexes
    /// `NodeTables.paths`.
    case variable(path: Int, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or with `inverted` `{{^name}}…{{/name}}`.
    case section(path: Int, [Node], inverted: Bool)
    /// `{{>name}}`; `template` is nil when the library has no such template (renders nothing).
    /// `indent` is the whitespace before a standalone tag, nil when the tag is inline.
    case partial(template: Int?, indent: [UInt8]?)
    /// `{{<name}}…{{/name}}`: renders `template` with `blocks` replacing its blocks of the same names.
    case parent(template: Int?, blocks: [Block], indent: [UInt8]?)
    /// `{{$name}}…{{/name}}` where a template is expanded: the override passed in, or `body`.
    case block(Block)

    /// A block: a named, overridable stretch of template.
    struct Block: Sendable {
        let name: String
        /// The content, with its own indentation removed from each line (the spec's "block
        /// reindentation": indentation is removed where a block is defined, added where it lands).
        let body: [Node]
        /// The indentation added to each line of whatever content lands here.
        let indent: [UInt8]
        /// Whether the opening tag stood alone on its line, so content starts on a fresh line.
        let standalone: Bool
    }
}
