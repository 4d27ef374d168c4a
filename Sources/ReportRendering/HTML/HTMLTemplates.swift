import Mustache

/// The Mustache templates HTML reports are rendered with, compiled once per run.
///
/// The built-in set is `Templates/*.mustache` of the source tree, embedded in the binary (see
/// `BuiltInTemplates/`). A user's directory overrides them file by file: a `month.mustache`
/// there replaces the built-in month page, while a missing `style.mustache` keeps the built-in
/// stylesheet. Extra `.mustache` files in the directory become partials the others may include.
///
/// ```swift
/// let templates = try HTMLTemplates.load(directory: "my-templates")
/// let html = HTMLReportRenderer(templates: templates).render(report, month: may)
/// ```
public struct HTMLTemplates: Sendable {
    /// The names every set has, which the renderer asks for.
    public static let monthTemplate = "month"
    public static let indexTemplate = "index"

    /// The templates embedded in the binary.
    public static let builtIn: HTMLTemplates = {
        do {
            return try HTMLTemplates(sources: BuiltInTemplates.sources, paths: [:])
        } catch {
            // Not input-dependent: a test parses the built-in templates on every change.
            preconditionFailure("the built-in HTML templates do not parse: \(error)")
        }
    }()

    /// Template name → source text, after overrides: what a user copies to start their own.
    public let sources: [String: String]
    let library: MustacheLibrary

    /// Compiles `sources`; `paths` names the file of each template that came from disk.
    private init(sources: [String: String], paths: [String: String]) throws(HTMLTemplateError) {
        do {
            library = try MustacheLibrary(templates: sources)
        } catch {
            let path = paths[error.templateName] ?? "built-in " + error.templateName + TemplateDirectory.fileExtension
            throw .invalidTemplate(path: path, error)
        }
        self.sources = sources
    }

    /// The built-in templates with those of `directory` (its `NAME.mustache` files) in their place.
    ///
    /// - Throws: ``HTMLTemplateError`` when the directory or one of its templates cannot be read,
    ///   or a template does not parse; the description names the file, line and column.
    public static func load(directory: String) throws(HTMLTemplateError) -> HTMLTemplates {
        var sources = BuiltInTemplates.sources
        let files = try TemplateDirectory.list(directory)
        for (name, path) in files.sorted(by: { $0.key < $1.key }) {
            sources[name] = try TemplateDirectory.contents(path)
        }
        return try HTMLTemplates(sources: sources, paths: files)
    }
}
