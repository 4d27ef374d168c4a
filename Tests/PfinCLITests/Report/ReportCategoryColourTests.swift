import Foundation
import TestSupport
import Testing

/// Every spending category keeps one colour on every page of a batch: the samples' report has
/// categories in several currencies and months, and each name's swatches and donut slices are
/// read back from all the pages.
struct ReportCategoryColourTests {
    /// `name → colour classes` of every swatch beside a category name and every donut slice.
    static func colours(in html: String) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        let swatch = try! NSRegularExpression(pattern: #"<i class="swatch (k[0-9]+|ku)"></i><span class="cat-name">([^<]*)</span>"#)
        let slice = try! NSRegularExpression(pattern: #"<circle class="slice (k[0-9]+|ku)"[^>]*><title>([^<]*): [^<]*</title>"#)
        let range = NSRange(html.startIndex..., in: html)
        for pattern in [swatch, slice] {
            for match in pattern.matches(in: html, range: range) {
                guard let colour = Range(match.range(at: 1), in: html), let name = Range(match.range(at: 2), in: html) else { continue }
                found[String(html[name]), default: []].insert(String(html[colour]))
            }
        }
        return found
    }

    @Test func eachCategoryHasOneColourOnEveryPage() throws {
        let directory = try TemporaryDirectory()
        let out = directory.url.appendingPathComponent("site")
        let result = try PfinProcess.run(["report"] + ReportCommandTests.samplesArguments + ["--format", "html", "--out-dir", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        var all: [String: Set<String>] = [:]
        var pagesWithSlices = 0
        for page in try FileManager.default.contentsOfDirectory(atPath: out.path) where page.hasSuffix(".html") {
            let html = try String(contentsOf: out.appendingPathComponent(page), encoding: .utf8)
            let found = Self.colours(in: html)
            if !found.isEmpty { pagesWithSlices += 1 }
            all.merge(found) { $0.union($1) }
        }
        #expect(pagesWithSlices >= 5)
        #expect(all.count >= 8, "\(all.keys.sorted())")
        for (name, classes) in all.sorted(by: { $0.key < $1.key }) {
            #expect(classes.count == 1, "\(name) has colours \(classes.sorted())")
        }
        // Categories of one batch get colours of their own while the palette lasts.
        let named = all.filter { $0.key != "Uncategorised" }.compactMap(\.value.first)
        #expect(Set(named).count == min(named.count, 12))
    }
}
