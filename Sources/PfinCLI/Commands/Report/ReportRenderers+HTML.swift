import ReportRendering

extension ReportRenderers {
    /// HTML pages from the built-in templates or the user's copies (`--templates DIR`); a template
    /// that does not parse is reported with its file and line.
    static func html(_ request: ReportRequest, printer: inout DiagnosticPrinter) -> Chosen? {
        printer.fail("HTML reports are not available in this build")
        return nil
    }
}
