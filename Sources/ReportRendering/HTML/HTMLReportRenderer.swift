import Mustache
import Reports

/// Monthly reports as self-contained HTML pages: one page per month and an index of them all.
///
/// Each page inlines its CSS and SVG charts and runs no script, so it opens offline, from an
/// e-mail attachment or a file share, and prints cleanly. The look lives entirely in Mustache
/// templates (``HTMLTemplates``); this type only turns the report into a view model of strings
/// (amounts already formatted by `MoneyText`) and hands it to them. Every value is HTML-escaped
/// by the templates' `{{ }}` tags.
///
/// ```swift
/// let renderer = HTMLReportRenderer(templates: try .load(directory: "my-templates"))
/// for month in report.months {
///     write(renderer.render(report, month: month), to: HTMLReportRenderer.fileName(for: month))
/// }
/// write(renderer.renderIndex(report), to: HTMLReportRenderer.indexFileName)
/// ```
public struct HTMLReportRenderer: ReportRenderer {
    /// The index page's file name, which month pages link to.
    public static let indexFileName = "index.html"

    /// `2024-05.html`: the file a month page is written to, which the other pages link to.
    public static func fileName(for month: YearMonth) -> String {
        month.description + ".html"
    }

    /// `2024-05-transactions.csv`: all of a month's transactions, written beside its page when the
    /// page lists only the newest (`MonthlyReport.transactionFiles`).
    public static func transactionsFileName(for month: YearMonth) -> String {
        month.description + "-transactions.csv"
    }

    /// How many transactions a month page lists in each currency: the newest, the rest in the
    /// month's CSV, so that a page stays small (under 0.2 MB for 500) and opens at once whatever
    /// the month holds, and a batch keeps no more than this of each month in memory (about 280
    /// bytes each: 1,000 made a million-transaction batch 34 MB larger).
    public static let transactionLimit = 500

    public let templates: HTMLTemplates

    public init(templates: HTMLTemplates = .builtIn) {
        self.templates = templates
    }

    /// The page of the report's first month (its only one, for a one-month report); the index
    /// when the report has no months.
    public func render(_ report: MonthlyReport) -> [UInt8] {
        guard let first = report.months.first else { return renderIndex(report) }
        return render(report, month: first)
    }

    /// The page of `month`, linking to its neighbours in `report` and to the index.
    public func render(_ report: MonthlyReport, month: YearMonth) -> [UInt8] {
        var page: [UInt8] = []
        let rows = report.summaries(of: month).reduce(0) { $0 + $1.transactions.count }
        // About 400 bytes a row, plus the dashboard and the stylesheet.
        page.reserveCapacity(rows * 400 + 65_536)
        templates.library.render(HTMLTemplates.monthTemplate, HTMLMonthPage.value(report, month: month), into: &page)
        return page
    }

    /// The index page: every month at a glance, with links to `YYYY-MM.html`.
    public func renderIndex(_ report: MonthlyReport) -> [UInt8] {
        var page: [UInt8] = []
        page.reserveCapacity(65_536 + report.months.count * 1_024)
        templates.library.render(HTMLTemplates.indexTemplate, HTMLIndexPage.value(report), into: &page)
        return page
    }
}
