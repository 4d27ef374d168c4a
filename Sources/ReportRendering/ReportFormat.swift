/// The formats `pfin report` renders a `MonthlyReport` in.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, csv, json, html

    /// The file extension of one month's file in batch mode.
    public var fileExtension: String {
        switch self {
        case .text: "txt"
        case .csv: "csv"
        case .json: "json"
        case .html: "html"
        }
    }
}
