import BrowserCheck
import FinanceCore
import Foundation
import ReportRendering
import TestSupport
import Testing

/// `pfin report --format html` end to end: the batch over Samples/ in a real browser, escaping of
/// hostile names, and the user's own templates.
struct ReportHTMLTests {
    @Test func hostileNamesAreText() throws {
        let result = try PfinProcess.run(["report", Repository.fixture("hostile.csv"), "--format", "html", "--month", "2024-05"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!result.stdout.lowercased().contains("<script"))
        #expect(result.stdout.contains("=HYPERLINK(&quot;http://x&quot;)"))
    }

    @Test func aBrokenTemplateIsReportedAtItsLine() throws {
        let directory = try TemporaryDirectory()
        try "<!doctype html>\n<title>{{title}}</title>\n{{#summaries}}\n<p>{{net}}\n".write(
            toFile: directory.path("month.mustache"), atomically: true, encoding: .utf8)
        let out = directory.path("site")
        let result = try PfinProcess.run([
            "report", "Samples/us-checking-chase.csv", "--format", "html", "--out-dir", out,
            "--templates", directory.url.path,
        ])
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
        Golden.check(result.stderr.replacingOccurrences(of: directory.url.path, with: "TEMPLATES"), "report/broken-template.stderr")
    }

    @Test func theUsersTemplatesAreUsedAndTheRestBuiltIn() throws {
        let directory = try TemporaryDirectory()
        try "<!doctype html><html lang=en><title>mine</title><p>{{#months}}{{/months}}My month page".write(
            toFile: directory.path("month.mustache"), atomically: true, encoding: .utf8)
        let out = directory.path("site")
        let result = try PfinProcess.run([
            "report", "Samples/us-checking-chase.csv", "--format", "html", "--out-dir", out,
            "--templates", directory.url.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let may = try String(contentsOfFile: out + "/2024-05.html", encoding: .utf8)
        #expect(may.contains("My month page"))
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(index.contains("2024-05.html"))
    }
}

/// Every page of the batch over the samples, laid out by Chromium at a phone's and a desktop's
/// width: nothing scrolls sideways and every month's totals are on screen, equal to the sums of
/// the JSON Lines. Screenshots go to `.build/report-screenshots/samples/`.
@Suite(.enabled(if: BrowserCheck.executable != nil, "needs chromium on PATH"), .serialized)
struct ReportHTMLBrowserTests {
    static let months = ["2023-12", "2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06"]

    static func batch() throws -> (TemporaryDirectory, URL, [String]) {
        let directory = try TemporaryDirectory()
        let out = directory.url.appendingPathComponent("site")
        let result = try PfinProcess.run(
            ["report"] + ReportCommandTests.samplesArguments
                + ["--format", "html", "--out-dir", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = months.map { "\($0).html" } + ["index.html"]
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == pages.sorted())
        return (directory, out, pages)
    }

    /// The texts of a month page's `data-total` elements: net, income and spending per currency,
    /// in the page's currency order (by code, the amounts without one last), from the JSON Lines.
    static func expectedTotals(month: String, _ totals: [String: ReportTotalsTests.Totals]) -> [String] {
        let keys = totals.keys.filter { $0.hasPrefix(month + " ") }.sorted { a, b in
            a.hasSuffix(" -") ? false : (b.hasSuffix(" -") ? true : a < b)
        }
        return keys.flatMap { key -> [String] in
            let code = String(key.split(separator: " ")[1])
            let currency = code == "-" ? nil : CurrencyCode(code)
            let t = totals[key]!
            func money(_ micros: Int64) -> Money { Money(units: micros, scale: 6, currency: currency).canonical }
            return [MoneyText.signed(money(t.net)), MoneyText.withSymbol(money(t.income)), MoneyText.withSymbol(money(t.expense))]
        }
    }

    @Test(arguments: [(375, false), (1280, false), (375, true), (1280, true)])
    func pagesFitAndShowTheTotals(width: Int, dark: Bool) throws {
        let (directory, out, pages) = try Self.batch()
        let totals = try ReportTotalsTests.recompute()
        let layouts = try BrowserCheck.layout(
            pages: pages, in: out, width: width, dark: dark,
            selecting: [".cats .vs-stack", ".cats td.vs", ".bar-values li", ".row .name:not(.print-only)", ".cat-name"])
        #expect(layouts.map(\.page) == pages)
        #expect(layouts.allSatisfy { $0.dark == dark })
        // The bars' values: over the bars on a desktop (seven months), left to the table on a phone.
        let values = layouts.flatMap(\.selected).filter { $0.kind == ".bar-values li" }
        #expect(values.count >= 8)
        #expect(values.allSatisfy { width > 860 ? $0.isVisible(within: Double(width)) : $0.width == 0 }, "\(values.prefix(3))")
        // Names wrap rather than run out of their box: none is cut where the whole would fit.
        let names = layouts.flatMap(\.selected).filter { $0.kind == ".row .name:not(.print-only)" || $0.kind == ".cat-name" }
        #expect(names.count > 300)
        let cut = names.filter { $0.width > 0 && ($0.clipped ?? false || !$0.isVisible(within: Double(width))) }
        #expect(cut.isEmpty, "\(cut.count) names cut at \(width) px: \(cut.prefix(3))")
        // The categories' comparisons: in their columns on a desktop, under each amount on a phone
        // (they were in columns scrolled out of sight), on screen either way.
        let stacked = layouts.flatMap(\.selected).filter { $0.kind == ".cats .vs-stack" && !$0.text.isEmpty }
        let columns = layouts.flatMap(\.selected).filter { $0.kind == ".cats td.vs" && !$0.text.isEmpty }
        #expect(stacked.count > 50 && columns.count > 50)
        let shown = width <= 480 ? stacked : columns, hidden = width <= 480 ? columns : stacked
        #expect(shown.allSatisfy { $0.isVisible(within: Double(width)) }, "\(shown.filter { !$0.isVisible(within: Double(width)) }.prefix(3))")
        #expect(hidden.allSatisfy { $0.width == 0 }, "\(hidden.filter { $0.width > 0 }.prefix(3))")
        for layout in layouts {
            #expect(layout.innerWidth == Double(width))
            #expect(!layout.scrollsSideways, "\(layout.page) at \(width) px is \(layout.scrollWidth) px wide")
            for marked in layout.marked {
                #expect(marked.isVisible(within: layout.innerWidth), "\(layout.page) at \(width) px: \(marked)")
            }
            guard layout.page != "index.html" else {
                // Every figure of the month table on screen, net and saved too, at phone width as well.
                #expect(layout.marked.filter { $0.kind == "month" }.count >= 4 * 4, "\(layout.marked)")
                // Each currency's chart fills its card (it filled half of it), on an axis of 3 to 5
                // labelled steps, every amount on screen.
                let cards = layout.marked.filter { $0.kind == "chart-card" }, charts = layout.marked.filter { $0.kind == "chart" }
                #expect(cards.count == charts.count && cards.count >= 2)
                for (card, chart) in zip(cards, charts) {
                    #expect(chart.width >= card.width * 0.85, "at \(width) px the chart is \(chart.width) px wide in a \(card.width) px card")
                }
                let ticks = layout.marked.filter { $0.kind == "chart-tick" }
                #expect(ticks.count >= 4 * charts.count && ticks.count <= 6 * charts.count, "\(ticks.count) ticks for \(charts.count) charts")
                continue
            }
            let month = String(layout.page.prefix(7))
            // The income, spending and net of each currency (the recurring cards have tests of their own).
            let shown = layout.marked.filter { $0.kind != "empty" && !$0.kind.hasPrefix("recurring") }.map(\.text)
            #expect(shown == Self.expectedTotals(month: month, totals), "\(layout.page) at \(width) px")
        }
        let february = try #require(layouts.first { $0.page == "2024-02.html" })
        #expect(february.marked.map(\.text) == ["No transactions in February 2024."])
        _ = directory
    }

    @Test func screenshotsOfEveryPage() throws {
        let (directory, out, pages) = try Self.batch()
        let screenshots = Repository.root.appendingPathComponent(".build/report-screenshots/samples")
        for page in pages {
            for width in [375, 1280] {
                let png = screenshots.appendingPathComponent(page.replacingOccurrences(of: ".html", with: "-\(width).png"))
                try BrowserCheck.screenshot(out.appendingPathComponent(page), width: width, height: width < 500 ? 5000 : 3000, to: png)
            }
        }
        try BrowserCheck.screenshot(
            out.appendingPathComponent("2024-05.html"), width: 1280, height: 3000,
            to: screenshots.appendingPathComponent("2024-05-1280-dark.png"), dark: true)
        _ = directory
    }
}

/// The HTML of the samples' batch, pinned like the other formats' reports.
struct ReportHTMLGoldenTests {
    @Test func samplesMonthPageAndIndexAreStable() throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("site")
        let result = try PfinProcess.run(["report"] + ReportCommandTests.samplesArguments + ["--format", "html", "--out-dir", out])
        #expect(result.status == 0, "\(result.stderr)")
        for page in ["2024-05.html", "index.html"] {
            Golden.check(try String(contentsOfFile: out + "/" + page, encoding: .utf8), "report/samples-\(page)")
        }
    }
}
