import ReportRendering
import Reports

/// The renderer `--format` names, set up from the request (colour, templates).
enum ReportRenderers {
    struct Chosen: Sendable {
        let renderer: any ReportRenderer
        /// The index page of a batch, for formats that have one (HTML).
        let index: (@Sendable (MonthlyReport) -> [UInt8])?
    }

    static func make(_ request: ReportRequest, printer: inout DiagnosticPrinter) -> Chosen? {
        switch request.format {
        case .text: return Chosen(renderer: TextReportRenderer(options: .init(colour: request.colour)), index: nil)
        case .csv: return Chosen(renderer: CSVReportRenderer(), index: nil)
        case .json:
            return Chosen(renderer: JSONReportRenderer(options: .init(includeTransactions: request.withTransactions)), index: nil)
        case .html: return html(request, printer: &printer)
        }
    }
}
