import FinanceCore
import Foundation
import ReportRendering
import Reports
import Testing

/// The HTML pages: golden output, the page skeleton, links between pages, tabs without script,
/// and hostile text that must stay text.
@Suite struct HTMLReportRendererTests {
    static let renderer = HTMLReportRenderer()
    static let report = ReportFixture.report
    static func page(_ month: YearMonth, of report: MonthlyReport = report) -> String {
        String(decoding: renderer.render(report, month: month), as: UTF8.self)
    }
    static let index = String(decoding: renderer.renderIndex(report), as: UTF8.self)
    static let allPages = report.months.map { page($0) } + [index]

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func monthPageMatchesGolden() {
        GoldenFile.check(Self.renderer.render(Self.report, month: ReportFixture.may), "2024-05.html")
    }

    @Test func indexMatchesGolden() {
        GoldenFile.check(Self.renderer.renderIndex(Self.report), "index.html")
    }

    @Test func everyPageIsAStandaloneHTML5Document() {
        for page in Self.allPages {
            #expect(page.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
            #expect(page.contains("<meta charset=\"utf-8\">"))
            #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
            #expect(page.contains("<title>") && page.contains("@media print") && page.contains("prefers-color-scheme: dark"))
            // Self-contained: nothing fetched, nothing run.
            #expect(!page.contains("<script") && !page.contains("<link") && !page.contains("@import"))
            // (A payee's text may mention a URL; no attribute or stylesheet may point to one.)
            #expect(!page.contains("=\"http") && !page.contains("=\"//") && !page.contains("url("))
            #expect(page.hasSuffix("</html>\n"))
        }
    }

    @Test func hostileNamesAreEscapedOnEveryPage() {
        var may = ReportFixture.mayEUR
        let hostileCategory = #""><img src=x onerror=alert(1)>"#
        may.expenseCategories[0].name = hostileCategory
        may.expenseCategories[0].path = hostileCategory
        may.transactions[0].category = hostileCategory
        let report = MonthlyReport(
            months: Self.report.months,
            summaries: [ReportFixture.aprilEUR, ReportFixture.aprilJPY, may, ReportFixture.mayJPY])
        let pages = report.months.map { Self.page($0, of: report) } + [String(decoding: Self.renderer.renderIndex(report), as: UTF8.self)]
        let mayPage = Self.page(ReportFixture.may, of: report)
        #expect(mayPage.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(mayPage.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!mayPage.contains("<img"))
        for page in pages {
            #expect(!page.lowercased().contains("<script"))
            #expect(!page.contains("onerror=alert(1)>"))
        }
    }

    @Test func monthPageLinksToItsNeighboursAndTheIndex() {
        let april = Self.page(ReportFixture.april), may = Self.page(ReportFixture.may), june = Self.page(ReportFixture.june)
        #expect(!april.contains("rel=\"prev\"") && april.contains("href=\"2024-05.html\" rel=\"next\""))
        #expect(may.contains("href=\"2024-04.html\" rel=\"prev\"") && may.contains("href=\"2024-06.html\" rel=\"next\""))
        #expect(june.contains("href=\"2024-05.html\" rel=\"prev\"") && !june.contains("rel=\"next\""))
        for page in [april, may, june] { #expect(page.contains("href=\"index.html\"")) }
    }

    @Test func indexLinksToEveryMonthPage() {
        for month in Self.report.months {
            #expect(Self.count("href=\"\(month).html\"", in: Self.index) >= 2, "\(month)")
        }
        #expect(Self.index.contains("<svg class=\"bars\""))
        #expect(Self.count("<rect class=\"bar income\"", in: Self.index) == 2 * Self.report.months.count)
    }

    @Test func emptyMonthSaysSoPlainly() {
        let june = Self.page(ReportFixture.june)
        #expect(june.contains("No transactions in June 2024."))
        #expect(!june.contains("data-total"))
    }

    @Test func transactionsAreOneListFilteredByTabsWithoutScript() {
        let may = Self.page(ReportFixture.may)
        let rows = ReportFixture.mayEUR.transactions.count + ReportFixture.mayJPY.transactions.count
        let largest = ReportFixture.mayEUR.largest.count + ReportFixture.mayJPY.largest.count
        let expected =
            ReportFixture.mayEUR.transactions.filter { $0.type == .expense }.count
            + ReportFixture.mayJPY.transactions.filter { $0.type == .expense }.count
        #expect(
            Self.count("<li class=\"row expense\">", in: may) == expected + ReportFixture.mayEUR.largest.filter { $0.type == .expense }.count
                + ReportFixture.mayJPY.largest.count)
        #expect(Self.count("<li class=\"row ", in: may) == rows + largest)
        #expect(Self.count("type=\"radio\"", in: may) == 6)
        #expect(Self.count("<ul class=\"list rows\">", in: may) == 2)
        #expect(may.contains(".show-in:checked ~ .rows > .expense"))
        #expect(may.contains("<span class=\"amt\">+€3,000.00</span>") && may.contains("<span class=\"amt\">-€700.00</span>"))
        #expect(may.contains("01 May 2024"))
    }

    @Test func firstMonthIsTheWholeReportsPage() {
        #expect(Self.renderer.render(Self.report) == Self.renderer.render(Self.report, month: ReportFixture.april))
        let none = String(decoding: Self.renderer.render(MonthlyReport(months: [], summaries: [])), as: UTF8.self)
        #expect(none.contains("This report covers no months."))
    }
}
