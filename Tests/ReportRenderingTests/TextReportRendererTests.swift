import FinanceCore
import ReportRendering
import Reports
import Testing

/// The text report: golden output, the 80-column limit, colour only when asked for.
@Suite struct TextReportRendererTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func wholeReportMatchesGolden() {
        GoldenFile.check(TextReportRenderer().render(ReportFixture.report), "report.txt")
    }

    @Test func oneMonthMatchesGolden() {
        GoldenFile.check(TextReportRenderer().render(ReportFixture.report, month: ReportFixture.may), "2024-05.txt")
    }

    @Test func colourMatchesGolden() {
        GoldenFile.check(TextReportRenderer(options: .init(colour: true)).render(ReportFixture.report), "report-colour.txt")
    }

    @Test(arguments: [false, true])
    func everyLineFitsEightyColumns(colour: Bool) {
        let output = Self.text(TextReportRenderer(options: .init(colour: colour)).render(ReportFixture.report))
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            let visible = Self.strippingEscapes(String(line))
            #expect(TextWidth.of(visible) <= 80, "too wide: \(visible)")
        }
    }

    @Test func hugeAmountsAndDeepCategoriesStillFit() {
        var summary = ReportFixture.mayEUR
        let huge = Money(units: .max, scale: 2, currency: CurrencyCode("CAD"))
        summary.expense = huge
        summary.expenseCategories = [
            CategoryLine(
                path: "A:B:C:D:E:F:G:H", name: String(repeating: "Very long category name ", count: 4), depth: 7,
                amount: huge, count: 1, share: Share(basisPoints: 10_000), previous: huge,
                changeFromPrevious: Share(basisPoints: 123_456_789), trailingAverage: huge,
                changeFromAverage: Share(basisPoints: -10_000), isUncategorized: false)
        ]
        summary.transfers = TransferTotals(moneyIn: huge, moneyOut: huge, count: 2)
        let report = MonthlyReport(months: [ReportFixture.may], summaries: [summary])
        for line in Self.text(TextReportRenderer().render(report)).split(separator: "\n") {
            #expect(TextWidth.of(String(line)) <= 80, "too wide: \(line)")
        }
    }

    @Test func colourCodesOnlyWithColourOn() {
        let plain = TextReportRenderer(options: .init(colour: false)).render(ReportFixture.report)
        let coloured = TextReportRenderer(options: .init(colour: true)).render(ReportFixture.report)
        #expect(!plain.contains(0x1B))
        #expect(coloured.contains(0x1B))
        // Colour adds escapes and nothing else.
        #expect(Self.strippingEscapes(Self.text(coloured)) == Self.text(plain))
    }

    @Test func emptyMonthSaysSo() {
        let output = Self.text(TextReportRenderer().render(ReportFixture.report, month: ReportFixture.june))
        #expect(output == "June 2024\n─────────\n  No transactions.\n")
    }

    @Test func hostileNamesCannotDriveTheTerminal() {
        var summary = ReportFixture.mayEUR
        summary.topPayees = [PayeeLine(name: "Evil\u{1B}[2J\nCorp", amount: ReportFixture.eur("1.00"), count: 1)]
        let output = TextReportRenderer().render(MonthlyReport(months: [ReportFixture.may], summaries: [summary]))
        #expect(!output.contains(0x1B))
        #expect(Self.text(output).contains("Evil [2J Corp"))
    }

    @Test func uncategorisedTransactionsAreFlagged() {
        let output = Self.text(TextReportRenderer().render(ReportFixture.report))
        #expect(output.contains("! 2 transactions have no category"))
        #expect(output.contains("! 1 transaction has no category"))
    }

    /// The text without ANSI SGR sequences (`ESC [ … m`).
    static func strippingEscapes(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
