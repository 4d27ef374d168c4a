import FinanceCore
import ReportRendering
import Reports
import Testing

/// The CSV report: golden output, defused formulas, sums that add up, line ends.
@Suite struct CSVReportRendererTests {
    static let rendered = CSVReportRenderer().render(ReportFixture.report)

    @Test func wholeReportMatchesGolden() {
        GoldenFile.check(Self.rendered, "report.csv")
    }

    @Test func oneMonthMatchesGolden() {
        GoldenFile.check(CSVReportRenderer().render(ReportFixture.report, month: ReportFixture.may), "2024-05.csv")
    }

    @Test func everyRowHasTheHeadersSixFields() {
        let rows = Self.parse(Self.rendered)
        #expect(rows.first == ["month", "currency", "type", "category", "amount", "count"])
        for row in rows { #expect(row.count == 6, "\(row)") }
    }

    @Test func formulasAreDefused() {
        let cells = Self.parse(Self.rendered).map { $0[3] }
        #expect(cells.contains(#"'=HYPERLINK("http://x")"#))
        #expect(cells.contains("'+Gifts"))
        #expect(cells.contains("<script>alert(1)</script>"))
        #expect(!cells.contains { $0.hasPrefix("=") || $0.hasPrefix("+") })
    }

    @Test(arguments: [
        ("-54.20", false), ("+12", false), ("-", true), ("-1e3", true), ("@SUM(A1)", true),
        ("\tx", true), ("plain", false), ("-.5", true), ("12.", false),
    ])
    func defusalRule(_ text: String, _ defused: Bool) {
        var summary = ReportFixture.mayEUR
        summary.topPayees = [PayeeLine(name: text, amount: ReportFixture.eur("1.00"), count: 1)]
        let rows = Self.parse(CSVReportRenderer().render(MonthlyReport(months: [ReportFixture.may], summaries: [summary])))
        let cell = rows.last![3]
        #expect(cell == (defused ? "'" + text : text))
    }

    @Test func topLevelRowsSumToTheTotals() {
        let rows = Self.parse(Self.rendered).dropFirst()
        for summary in ReportFixture.report.summaries {
            let mine = rows.filter { $0[0] == summary.month.description && $0[1] == summary.currency!.description }
            for (type, total) in [("expense", summary.expense), ("income", summary.income)] {
                let topLevel = mine.filter { $0[2] == type && !$0[3].contains(":") }.map { Self.units($0[4]) }
                let totalRow = mine.first { $0[2] == type + "-total" }!
                #expect(Self.units(totalRow[4]) == total.units)
                if !topLevel.isEmpty { #expect(topLevel.reduce(0, +) == total.units, "\(summary.month) \(type)") }
            }
        }
    }

    @Test func emptyMonthHasNoRows() {
        let output = CSVReportRenderer().render(ReportFixture.report, month: ReportFixture.june)
        #expect(String(decoding: output, as: UTF8.self) == CSVReportRenderer.header + "\n")
    }

    @Test func crlfOnRequest() {
        let output = String(
            decoding: CSVReportRenderer(options: .init(lineEnding: .crlf)).render(ReportFixture.report),
            as: UTF8.self)
        let lf = String(decoding: Self.rendered, as: UTF8.self)
        #expect(output.utf8.count == lf.utf8.count + lf.utf8.filter { $0 == 0x0A }.count)
        #expect(output.hasPrefix(CSVReportRenderer.header + "\r\n"))
    }

    /// Amount text to units at the text's own scale (the fixture's amounts share one scale per currency).
    static func units(_ text: String) -> Int64 {
        Int64(text.replacingOccurrences(of: ".", with: ""))!
    }

    /// A strict RFC 4180 reader for the tests: quoted fields, doubled quotes, LF line ends.
    static func parse(_ bytes: [UInt8]) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field: [UInt8] = []
        var quoted = false, i = 0
        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == UInt8(ascii: "\"") {
                    if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\"") { field.append(b); i += 1 } else { quoted = false }
                } else {
                    field.append(b)
                }
            } else if b == UInt8(ascii: "\"") {
                quoted = true
            } else if b == UInt8(ascii: ",") {
                row.append(String(decoding: field, as: UTF8.self)); field = []
            } else if b == 0x0A {
                row.append(String(decoding: field, as: UTF8.self)); field = []
                rows.append(row); row = []
            } else {
                field.append(b)
            }
            i += 1
        }
        return rows
    }
}
