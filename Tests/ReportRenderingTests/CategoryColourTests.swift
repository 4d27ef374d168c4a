import FinanceCore
import Foundation
import Reports
import Testing

@testable import ReportRendering

/// The category palette: twelve colours, each a stable function of the name, distinct within a
/// report, and readable against the cards in light and in dark mode.
@Suite struct CategoryColourTests {
    @Test func aNameHasTheSameColourWhateverElseIsInTheReport() {
        let alone = CategoryColours(names: ["Pets"])
        let crowded = CategoryColours(names: ["Pets", "Food", "Housing", "Zoo"])
        let pets = CategoryLine(
            path: "Pets", name: "Pets", depth: 0, amount: Money(units: 100, scale: 2, currency: nil), count: 1, share: nil, previous: nil,
            changeFromPrevious: nil, trailingAverage: nil, changeFromAverage: nil, isUncategorized: false)
        #expect(alone.colour(of: pets) == crowded.colour(of: pets))
        #expect(CategoryColours.slot(hashing: "Pets") == CategoryColours.slot(hashing: "pets"))
    }

    @Test func namesOfOneReportDoNotShareAColourWhileThePaletteLasts() {
        let names = (0..<12).map { "Category \($0)" }
        let colours = CategoryColours(names: Set(names))
        let classes = names.map { name in
            colours.colour(
                of: CategoryLine(
                    path: name, name: name, depth: 0, amount: Money(units: 1, scale: 2, currency: nil), count: 1, share: nil,
                    previous: nil, changeFromPrevious: nil, trailingAverage: nil, changeFromAverage: nil, isUncategorized: false))
        }
        #expect(Set(classes).count == 12)
    }

    /// WCAG's relative luminance and contrast ratio of two `#rrggbb` colours.
    static func contrast(_ a: String, _ b: String) -> Double {
        func luminance(_ hex: String) -> Double {
            let value = Int(hex.dropFirst(), radix: 16) ?? 0
            let channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map { Double($0) / 255 }
            let linear = channels.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// `--name: #rrggbb` declarations of a block of the stylesheet.
    static func variables(_ css: Substring) -> [String: String] {
        var found: [String: String] = [:]
        let pattern = try! NSRegularExpression(pattern: #"--([a-z0-9-]+): (#[0-9a-f]{6})"#)
        let text = String(css)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            found[String(text[Range(match.range(at: 1), in: text)!])] = String(text[Range(match.range(at: 2), in: text)!])
        }
        return found
    }

    @Test func everyColourStandsOutFromTheCardsInLightAndDarkMode() throws {
        let css = BuiltInTemplates.style
        let darkStart = try #require(css.range(of: "@media (prefers-color-scheme: dark)"))
        let light = Self.variables(css[..<darkStart.lowerBound]), dark = Self.variables(css[darkStart.lowerBound...])
        let keys = (0..<CategoryColours.paletteSize).map { "k\($0)" } + ["ku"]
        for (mode, colours) in [("light", light), ("dark", dark)] {
            let card = try #require(colours["card"], "no card colour in \(mode) mode")
            for key in keys {
                let colour = try #require(colours[key], "no --\(key) in \(mode) mode")
                // WCAG 1.4.11: graphical objects need 3:1 against what they stand on.
                #expect(Self.contrast(colour, card) >= 3, "--\(key) \(colour) on \(card) in \(mode) mode: \(Self.contrast(colour, card))")
            }
            #expect(Set(keys.compactMap { colours[$0] }).count == keys.count, "colours repeat in \(mode) mode")
        }
    }
}

/// Long bank texts in the transaction list: cut in the middle, so that the end that tells rows
/// apart stays, with the whole text in the row's title.
@Suite struct TransactionNameTests {
    @Test func aLongNameKeepsItsBeginningAndItsEnd() {
        let names = (1...4).map { "Kauf/Dienstleistung vom 02.05.2024 Karte Nr. XXXX1234 Shop Number \($0) Genève Cornavin" }
        let shown = names.map(HTMLTransactionRows.shown)
        #expect(Set(shown).count == 4, "\(shown)")
        for (name, cut) in zip(names, shown) {
            #expect(cut.count <= HTMLTransactionRows.longestName)
            #expect(cut.hasPrefix("Kauf/Dienstleistung vom") && cut.hasSuffix("Genève Cornavin") && cut.contains("…"))
            #expect(name.count > HTMLTransactionRows.longestName)
        }
        #expect(HTMLTransactionRows.shown("Coop Genève Cornavin") == "Coop Genève Cornavin")
        // Characters, not bytes: 56 accented letters are not cut.
        let accented = String(repeating: "é", count: 56)
        #expect(HTMLTransactionRows.shown(accented) == accented)
    }
}
