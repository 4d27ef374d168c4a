import BrowserCheck
import Foundation
import TestSupport
import Testing

/// The HTML pages' recurring payments over the generated history: each month page lists the
/// series paid in it with its planted changes, its total equals a recomputation from the JSON
/// Lines, the index's yearly total is the one `pfin recurring` gives, a report that ends early
/// sees the history as it stood then, and payee names are escaped.
struct ReportRecurringHTMLTests {
    static let input = RecurringCommandTests.input

    static func site(_ extra: [String] = []) throws -> (TemporaryDirectory, URL) {
        let directory = try TemporaryDirectory()
        let out = directory.url.appendingPathComponent("site")
        let result = try PfinProcess.run(["report"] + input + extra + ["--format", "html", "--out-dir", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        return (directory, out)
    }

    /// The first card of `kind` (`recurring`, `budget`) of a page as text: tags removed,
    /// entities decoded, one line per element with text. Empty when the page has none.
    static func card(_ html: String, kind: String = "recurring") -> [String] {
        guard let start = html.range(of: "<section class=\"card \(kind)\">") else { return [] }
        let end = html[start.upperBound...].range(of: "</section>")?.lowerBound ?? html.endIndex
        var lines: [String] = [], text = "", inTag = false
        for character in html[start.lowerBound..<end] {
            if character == "<" {
                inTag = true
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { lines.append(decode(trimmed)) }
                text = ""
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return lines
    }

    static func decode(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func page(_ out: URL, _ name: String) throws -> String {
        try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
    }

    /// `€1,522.96` as 152296.
    static func cents(_ text: String) -> Int? {
        let digits = text.filter { $0.isNumber || $0 == "." }
        guard !digits.isEmpty, text.contains("€") else { return nil }
        return ReportBudgetTests.cents(digits)
    }

    @Test func eachMonthShowsItsSeriesAndWhatChangedInIt() throws {
        let (directory, out) = try Self.site()
        let march = Self.card(try Self.page(out, "2024-03.html"))
        #expect(Array(march.prefix(3)) == ["Recurring payments", "€1,522.96 this month", "7 series paid · 66% of the month's spending"])
        #expect(march.contains("price €15.49 → €17.99 (+16%)") && march.contains("price €86.00 → €94.00 (+9%)"))
        #expect(march.contains("fortnightly · Household › Cleaning · paid 01 Mar, 15 Mar, 29 Mar"))
        let december = Self.card(try Self.page(out, "2023-12.html"))
        let adobe = try #require(december.firstIndex(of: "Adobe Systems Software"))
        #expect(Array(december[(adobe + 2)...].prefix(2)) == ["stopped: due 12 Dec, nothing since 12 Nov 2023", "not paid"])
        #expect(Self.card(try Self.page(out, "2024-04.html")).contains("new: first payment 18 Apr"))
        let august = Self.card(try Self.page(out, "2024-08.html"))
        #expect(august.contains("late: paid 30 Aug, 5 days after the usual 25th"))
        // Adobe is gone from the months after it stopped; Disney Plus is not there before it began.
        #expect(!Self.card(try Self.page(out, "2024-01.html")).contains("Adobe Systems Software"))
        #expect(!Self.card(try Self.page(out, "2024-03.html")).contains("Disney Plus"))
        _ = directory
    }

    /// Every month's total, from the page, against the month's payments to the spending series'
    /// payees summed from the JSON Lines by this test (series named by `pfin recurring`).
    @Test func eachMonthsTotalEqualsARecomputationFromTheJSONLines() throws {
        let series = try RecurringCommandTests.series(Self.input)
        let keys = series.filter { $0["side"] as? String == "spending" }.compactMap { $0["key"] as? String }
        #expect(keys.count == 10)
        let converted = try PfinProcess.run(["convert"] + Self.input + ["--to", "jsonl"])
        #expect(converted.status == 0, "\(converted.stderr)")
        var expected: [String: Int] = [:]
        for row in converted.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any])
            guard object["type"] as? String != "transfer", let name = (object["name"] as? String)?.lowercased(),
                let date = object["date"] as? String, let amount = object["amount"] as? String, amount.hasPrefix("-"),
                keys.contains(where: { name.hasPrefix($0) })
            else { continue }
            expected[String(date.prefix(7)), default: 0] -= ReportBudgetTests.cents(amount)
        }
        let (directory, out) = try Self.site()
        let pages = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix("20") }.sorted()
        #expect(pages.count == 21)
        for page in pages {
            let card = Self.card(try Self.page(out, page))
            let month = String(page.prefix(7))
            let total = try #require(card.count > 1 ? Self.cents(card[1]) : nil, "\(page): \(card)")
            #expect(total == expected[month], "\(page)")
            // And the lines add up to it: the spending list's amounts, before the income heading.
            let spending = card.prefix { $0 != "Income" }.dropFirst(3)
            let lines = spending.filter { $0.hasPrefix("€") }.compactMap(Self.cents)
            #expect(lines.reduce(0, +) == total, "\(page): \(card)")
        }
        _ = directory
    }

    @Test func theIndexYearlyTotalIsTheOneOfPfinRecurring() throws {
        let recurring = try PfinProcess.run(["recurring"] + Self.input)
        #expect(recurring.stdout.contains("Spending series: €17,964.60 a year at their usual amounts"))
        let (directory, out) = try Self.site()
        let index = Self.card(try Self.page(out, "index.html"))
        #expect(Array(index.prefix(3)) == ["Subscriptions and bills", "€17,964.60 a year", "9 series active, at their usual amounts"])
        #expect(index.contains("monthly · Subscriptions › Streaming · usually €17.99 · next 07 Oct 2024"))
        #expect(index.contains("Stopped") && index.last == "monthly €23.79, last paid 12 Nov 2023")
        _ = directory
    }

    /// `--to` ends the history there: a report to March 2024 knows neither Disney Plus nor the
    /// later payments, and judges at the end of March.
    @Test func aReportThatEndsEarlySeesTheHistoryAsItStoodThen() throws {
        let (directory, out) = try Self.site(["--from", "2024-01", "--to", "2024-03"])
        let index = Self.card(try Self.page(out, "index.html"))
        #expect(!index.contains("Disney Plus"))
        #expect(index.contains("monthly · Subscriptions › Streaming · usually €15.49 · next 07 Apr 2024"))
        // The same as `pfin recurring --as-of` the end of March.
        let asOf = try PfinProcess.run(["recurring"] + Self.input + ["--as-of", "2024-03-31"])
        let yearly = try #require(asOf.stdout.split(separator: "\n").first { $0.contains("Spending series:") })
        let figure = try #require(yearly.split(separator: " ").first { $0.hasPrefix("€") })
        #expect(index[1] == figure + " a year")
        _ = directory
    }

    @Test func payeeNamesAreEscaped() throws {
        let directory = try TemporaryDirectory()
        let csv = directory.path("hostile.csv")
        var rows = "Date,Payee,Amount,Currency\n"
        for month in 1...5 { rows += "2024-0\(month)-03,\"<script>alert(1)</script> & Co\",-9.99,EUR\n" }
        try rows.write(toFile: csv, atomically: true, encoding: .utf8)
        let out = directory.url.appendingPathComponent("site")
        let result = try PfinProcess.run(["report", csv, "--format", "html", "--out-dir", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        for page in ["2024-03.html", "index.html"] {
            let html = try Self.page(out, page)
            #expect(!html.contains("<script"), "\(page)")
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"), "\(page)")
            #expect(Self.card(html).contains("<script>alert(1)</script> & Co"), "\(page)")
        }
    }
}

/// The recurring cards laid out by Chromium at a phone's and a desktop's width (nothing scrolls
/// sideways, every figure on screen), in dark mode, and printed (every figure on paper).
/// Screenshots and the PDF go to `.build/report-screenshots/recurring/`.
@Suite(.enabled(if: BrowserCheck.executable != nil, "needs chromium on PATH"), .serialized)
struct ReportRecurringBrowserTests {
    static let pages = ["2023-12.html", "2024-03.html", "2024-08.html", "index.html"]
    static let screenshots = Repository.root.appendingPathComponent(".build/report-screenshots/recurring")

    @Test(arguments: [390, 1280])
    func theCardsFit(width: Int) throws {
        let (directory, out) = try ReportRecurringHTMLTests.site()
        let layouts = try BrowserCheck.layout(pages: Self.pages, in: out, width: width)
        #expect(layouts.count == Self.pages.count)
        for layout in layouts {
            #expect(!layout.scrollsSideways, "\(layout.page) at \(width) px is \(layout.scrollWidth) px wide")
            let marked = layout.marked.filter { $0.kind.hasPrefix("recurring") }
            #expect(marked.filter { $0.kind == "recurring" || $0.kind == "recurring-yearly" }.count == 1, "\(layout.page)")
            #expect(marked.filter { $0.kind == "recurring-line" }.count >= 8, "\(layout.page)")
            for figure in marked {
                #expect(figure.isVisible(within: layout.innerWidth), "\(layout.page) at \(width) px: \(figure)")
            }
        }
        _ = directory
    }

    @Test func screenshotsLightAndDark() throws {
        let (directory, out) = try ReportRecurringHTMLTests.site()
        let page = out.appendingPathComponent("2024-03.html")
        try BrowserCheck.screenshot(page, width: 390, height: 7000, to: Self.screenshots.appendingPathComponent("2024-03-390.png"))
        try BrowserCheck.screenshot(
            page, width: 1280, height: 4500, to: Self.screenshots.appendingPathComponent("2024-03-1280-dark.png"), dark: true)
        try BrowserCheck.screenshot(
            out.appendingPathComponent("index.html"), width: 390, height: 5000,
            to: Self.screenshots.appendingPathComponent("index-390.png"))
        _ = directory
    }

    /// Printed, the card keeps every line: each name and amount of the page's card is in the
    /// PDF's text.
    @Test func printed() throws {
        let (directory, out) = try ReportRecurringHTMLTests.site()
        for name in ["2024-03.html", "index.html"] {
            let page = out.appendingPathComponent(name)
            guard
                let printed = try BrowserCheck.printedText(
                    page, pdf: Self.screenshots.appendingPathComponent(name.replacingOccurrences(of: ".html", with: ".pdf")))
            else { return }  // no pdftotext
            let card = ReportRecurringHTMLTests.card(try String(contentsOf: page, encoding: .utf8))
            #expect(card.count > 10)
            // Lines of the card may be wrapped or laid beside others in the PDF's text, and
            // headings printed in capitals: compare without spaces, ignoring case.
            let paper = printed.text.filter { !$0.isWhitespace }.lowercased()
            for line in card {
                #expect(paper.contains(line.filter { !$0.isWhitespace }.lowercased()), "\(name): '\(line)' is not on paper")
            }
            #expect(printed.pages >= 1)
        }
        _ = directory
    }
}
