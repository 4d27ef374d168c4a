import FinanceCore
import ReportRendering

extension ReportRenderers {
    /// HTML pages from the built-in templates or the user's copies (`--templates DIR`); a template
    /// that does not parse is reported with its file, line and column.
    static func html(_ request: ReportRequest, printer: inout DiagnosticPrinter) -> Chosen? {
        var templates = HTMLTemplates.builtIn
        if let directory = request.templatesDirectory {
            do throws(HTMLTemplateError) {
                templates = try HTMLTemplates.load(directory: directory)
            } catch {
                printer.print(diagnostic(error))
                return nil
            }
        }
        let renderer = HTMLReportRenderer(templates: templates)
        return Chosen(renderer: renderer, index: { renderer.renderIndex($0) })
    }

    /// The error as a diagnostic at the template's file, line and column, with its note.
    private static func diagnostic(_ error: HTMLTemplateError) -> Diagnostic {
        switch error {
        case .invalidTemplate(let path, let mustache):
            return Diagnostic(
                .error, code: "report.template", at: SourceLocation(file: path, line: mustache.line, column: mustache.column),
                mustache.message, notes: [mustache.note])
        case .unreadableDirectory(let path, let reason):
            return Diagnostic(
                .error, code: "report.template", at: SourceLocation(file: path, line: 0),
                "cannot read the templates directory: \(reason)",
                notes: ["--templates takes a directory of .mustache files; copy Templates/ from pfin's source to start"])
        case .unreadableFile(let path, let reason):
            return Diagnostic(
                .error, code: "report.template", at: SourceLocation(file: path, line: 0),
                "cannot read the template: \(reason)", notes: ["fix its permissions, or remove it to use the built-in template"])
        }
    }
}
