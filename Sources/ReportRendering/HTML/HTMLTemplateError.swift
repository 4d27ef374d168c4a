import Mustache

/// A templates directory that cannot be used: which file, where in it, and what to do.
///
/// The description is compiler-style, naming the file as the user wrote its directory, so that
/// editors jump to it:
///
/// ```
/// my-templates/month.mustache:12:5: error: section 'rows' is never closed
/// note: add '{{/rows}}' after the section's content
/// ```
public enum HTMLTemplateError: Error, Sendable, CustomStringConvertible {
    /// The directory itself cannot be listed.
    case unreadableDirectory(path: String, reason: String)
    /// A template file exists but cannot be read.
    case unreadableFile(path: String, reason: String)
    /// A template does not parse; `path` is its file, or `built-in NAME.mustache`.
    case invalidTemplate(path: String, MustacheError)

    public var description: String {
        switch self {
        case .unreadableDirectory(let path, let reason):
            return "\(path): error: cannot read the templates directory: \(reason)\n"
                + "note: pass a directory of .mustache files; copy Templates/ from pfin's source to start"
        case .unreadableFile(let path, let reason):
            return "\(path): error: cannot read the template: \(reason)\n"
                + "note: fix its permissions, or remove it to use the built-in template"
        case .invalidTemplate(let path, let error):
            return "\(path):\(error.line):\(error.column): error: \(error.message)\nnote: \(error.note)"
        }
    }
}
