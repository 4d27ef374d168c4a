import BrowserCheck
import Foundation
import TestSupport
import Testing

/// The month pages' budget sections over the generated history, laid out by Chromium at a
/// phone's and a desktop's width: nothing scrolls sideways, and every line's figure and each
/// budget's total is on screen. Screenshots (light and dark) go to
/// `.build/report-screenshots/budget/`.
@Suite(.enabled(if: BrowserCheck.executable != nil, "needs chromium on PATH"), .serialized)
struct ReportBudgetHTMLTests {
    static let months = ["2024-03", "2024-04", "2024-05"]

    static func batch() throws -> (TemporaryDirectory, URL) {
        let directory = try TemporaryDirectory()
        let out = directory.url.appendingPathComponent("site")
        let result = try PfinProcess.run([
            "report", ReportBudgetTests.history, "--rules", ReportBudgetTests.rules, "--budget", ReportBudgetTests.budget,
            "--from", months.first!, "--to", months.last!, "--format", "html", "--out-dir", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return (directory, out)
    }

    @Test(arguments: [390, 1280])
    func budgetSectionsFit(width: Int) throws {
        let (directory, out) = try Self.batch()
        let layouts = try BrowserCheck.layout(pages: Self.months.map { "\($0).html" }, in: out, width: width)
        #expect(layouts.count == Self.months.count)
        for layout in layouts {
            #expect(!layout.scrollsSideways, "\(layout.page) at \(width) px is \(layout.scrollWidth) px wide")
            let budget = layout.marked.filter { $0.kind.hasPrefix("budget") }
            #expect(budget.filter { $0.kind == "budget" }.count == 1, "\(layout.page)")
            #expect(budget.filter { $0.kind == "budget-line" }.count == ReportBudgetTests.lines.count, "\(layout.page)")
            for marked in budget {
                #expect(marked.isVisible(within: layout.innerWidth), "\(layout.page) at \(width) px: \(marked)")
            }
        }
        let may = try #require(layouts.first { $0.page == "2024-05.html" })
        #expect(may.marked.contains { $0.kind == "budget-line" && $0.text == "€22.33 over" })
        #expect(may.marked.contains { $0.kind == "budget" && $0.text == "€2,037.43 of €2,189.14 spent" })
        _ = directory
    }

    @Test func screenshots() throws {
        let (directory, out) = try Self.batch()
        let screenshots = Repository.root.appendingPathComponent(".build/report-screenshots/budget")
        let page = out.appendingPathComponent("2024-05.html")
        try BrowserCheck.screenshot(page, width: 390, height: 6000, to: screenshots.appendingPathComponent("2024-05-390.png"))
        try BrowserCheck.screenshot(page, width: 1280, height: 4000, to: screenshots.appendingPathComponent("2024-05-1280.png"))
        try BrowserCheck.screenshot(
            page, width: 1280, height: 4000, to: screenshots.appendingPathComponent("2024-05-1280-dark.png"), dark: true)
        _ = directory
    }

    /// Printed, the budget card keeps every line: each name and figure of May's card is in the
    /// PDF's text.
    @Test func printed() throws {
        let (directory, out) = try Self.batch()
        let page = out.appendingPathComponent("2024-05.html")
        let pdf = Repository.root.appendingPathComponent(".build/report-screenshots/budget/2024-05.pdf")
        guard let printed = try BrowserCheck.printedText(page, pdf: pdf) else { return }  // no pdftotext
        let card = ReportRecurringHTMLTests.card(try String(contentsOf: page, encoding: .utf8), kind: "budget")
        #expect(card.count > 20)
        let paper = printed.text.filter { !$0.isWhitespace }.lowercased()
        for line in card {
            #expect(paper.contains(line.filter { !$0.isWhitespace }.lowercased()), "'\(line)' is not on paper")
        }
        _ = directory
    }
}
