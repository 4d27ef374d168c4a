import Foundation
import TestSupport
import Testing

/// Every element of every chart in the samples' batch says what it shows: each pair of bars has a
/// title with the month's figures, each donut slice its category and share, each chart its
/// accessible name, each gridline its amount, and each slice's category has a labelled line
/// (swatch and name) in the table beside it.
struct ReportChartLabelTests {
    static func count(_ pattern: String, in text: String) -> Int {
        (try? NSRegularExpression(pattern: pattern))?.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text)) ?? -1
    }

    @Test func everyChartElementIsLabelled() throws {
        let directory = try TemporaryDirectory()
        let out = directory.url.appendingPathComponent("site")
        let result = try PfinProcess.run(["report"] + ReportCommandTests.samplesArguments + ["--format", "html", "--out-dir", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        var bars = 0, slices = 0
        for page in try FileManager.default.contentsOfDirectory(atPath: out.path) where page.hasSuffix(".html") {
            let html = try String(contentsOf: out.appendingPathComponent(page), encoding: .utf8)
            // Bars come in pairs inside a group whose title gives the month's income and spending.
            let rects = Self.count(#"<rect class="bar (income|expense)""#, in: html)
            let titledPairs = Self.count(
                #"<g><title>[A-Z][a-z]+ \d{4}: (income [^<]+, spending [^<]+|no transactions)</title><rect class="bar income"[^>]*/><rect class="bar expense"[^>]*/></g>"#,
                in: html)
            #expect(rects == 2 * titledPairs, "\(page): \(rects) bars, \(titledPairs) titled pairs")
            bars += rects
            // Each slice names its category and share, and that category has a swatch in the table.
            let sliceTitles = try NSRegularExpression(pattern: #"<circle class="slice (k\d+|ku)"[^>]*><title>([^<]+): \d+\.\d%</title></circle>"#)
            let matches = sliceTitles.matches(in: html, range: NSRange(html.startIndex..., in: html))
            #expect(matches.count == Self.count(#"<circle class="slice "#, in: html), "\(page): a slice without its title")
            for match in matches {
                let colour = String(html[Range(match.range(at: 1), in: html)!]), name = String(html[Range(match.range(at: 2), in: html)!])
                #expect(html.contains("<i class=\"swatch \(colour)\"></i><span class=\"cat-name\">\(name)</span>"), "\(page): \(name) has no legend line")
            }
            slices += matches.count
            // Every chart has an accessible name; every gridline of the index's axis an amount.
            #expect(Self.count(#"<svg [^>]*role="img" aria-label="[^"]+""#, in: html) == Self.count("<svg ", in: html), "\(page)")
            #expect(Self.count(#"<line class="grid""#, in: html) == Self.count(#"data-total="chart-tick">[^<]+</li>"#, in: html), "\(page)")
        }
        #expect(bars >= 7 * 2 * 2 && slices >= 20)
    }
}
