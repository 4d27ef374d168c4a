import Reports

/// A format a `MonthlyReport` can be rendered in: the whole report as one document, or one month
/// of it as the file `pfin report --out-dir` writes for that month.
///
/// Renderers are values configured once (colour, line ends…) and return bytes, never print: the
/// CLI decides where they go. The output is deterministic, so that golden files can pin it.
public protocol ReportRenderer: Sendable {
    /// The whole report, every month in `report.months`.
    func render(_ report: MonthlyReport) -> [UInt8]
    /// Only `month`: the same document as for a report covering that month alone.
    func render(_ report: MonthlyReport, month: YearMonth) -> [UInt8]
}

extension ReportRenderer {
    public func render(_ report: MonthlyReport, month: YearMonth) -> [UInt8] {
        render(report.restricted(to: month...month))
    }
}
