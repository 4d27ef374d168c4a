import BrowserCheck
import FinanceCore
import Foundation
import ReportRendering
import Reports
import TestSupport
import Testing

/// The HTML pages as a browser lays them out: at a phone's width (375 px) and a desktop's
/// (1280 px), no page scrolls sideways and every total is on screen with the model's text.
/// Screenshots land in `.build/report-screenshots/` for a person to look at.
///
/// Runs only where Chromium is installed; elsewhere the suite shows as skipped.
@Suite(.enabled(if: BrowserCheck.executable != nil, "needs chromium on PATH"), .serialized)
struct HTMLBrowserTests {
    static let report = ReportFixture.report
    static let widths = [375, 1280]

    /// The fixture's month pages and index, written into a fresh directory that the test holds
    /// (and that goes with it).
    static func pages() throws -> (directory: TemporaryDirectory, files: [String]) {
        let directory = try TemporaryDirectory("html")
        let renderer = HTMLReportRenderer()
        var files: [String] = []
        for month in report.months {
            let name = HTMLReportRenderer.fileName(for: month)
            try Data(renderer.render(report, month: month)).write(to: directory.url.appendingPathComponent(name))
            files.append(name)
        }
        try Data(renderer.renderIndex(report)).write(to: directory.url.appendingPathComponent(HTMLReportRenderer.indexFileName))
        return (directory, files + [HTMLReportRenderer.indexFileName])
    }

    /// `.build/report-screenshots` of this repository.
    static let screenshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/report-screenshots")

    /// The texts the `data-total` elements of each page must show, in document order.
    static func expectedTotals(_ page: String) -> [String] {
        if page == HTMLReportRenderer.indexFileName {
            return report.currencies.flatMap { currency -> [String] in
                let summaries = report.summaries.filter { $0.currency == currency }
                func sum(_ amounts: [Money]) -> Money {
                    amounts.dropFirst().reduce(amounts[0]) { $0.adding($1)! }
                }
                return [
                    MoneyText.signed(sum(summaries.map(\.net))), MoneyText.withSymbol(sum(summaries.map(\.income))),
                    MoneyText.withSymbol(sum(summaries.map(\.expense))),
                ]
            }
        }
        let month = report.months.first { HTMLReportRenderer.fileName(for: $0) == page }!
        return report.summaries(of: month).flatMap {
            [MoneyText.signed($0.net), MoneyText.withSymbol($0.income), MoneyText.withSymbol($0.expense)]
        }
    }

    @Test(arguments: widths)
    func pagesFitTheWidthAndShowTheTotals(width: Int) throws {
        let pages = try Self.pages()
        let layouts = try BrowserCheck.layout(pages: pages.files, in: pages.directory.url, width: width)
        #expect(layouts.map(\.page) == pages.files)
        for layout in layouts {
            #expect(layout.innerWidth == Double(width), "\(layout.page) laid out at \(layout.innerWidth) px")
            #expect(!layout.scrollsSideways, "\(layout.page) at \(width) px is \(layout.scrollWidth) px wide")
            let totals = layout.marked.filter { $0.kind != "empty" && $0.kind != "month" && !$0.kind.hasPrefix("chart") }
            #expect(totals.map(\.text) == Self.expectedTotals(layout.page), "\(layout.page) at \(width) px")
            for marked in layout.marked {
                #expect(
                    marked.isVisible(within: layout.innerWidth),
                    "\(layout.page) at \(width) px: \(marked.kind) '\(marked.text)' not visible: \(marked)")
            }
        }
        let june = try #require(layouts.first { $0.page == "2024-06.html" })
        #expect(june.marked.map(\.text) == ["No transactions in June 2024."])
    }

    @Test func screenshotsOfEveryPageAtBothWidths() throws {
        let pages = try Self.pages()
        for page in pages.files {
            for width in Self.widths {
                let name = page.replacingOccurrences(of: ".html", with: "") + "-\(width).png"
                try BrowserCheck.screenshot(
                    pages.directory.url.appendingPathComponent(page), width: width,
                    height: width < 500 ? 4200 : 2600, to: Self.screenshots.appendingPathComponent(name))
            }
        }
        try BrowserCheck.screenshot(
            pages.directory.url.appendingPathComponent("2024-05.html"), width: 1280, height: 2600,
            to: Self.screenshots.appendingPathComponent("2024-05-1280-dark.png"), dark: true)
    }
}
