import BrowserCheck
import Foundation
import TestSupport
import Testing

/// The month pages on paper, printed by headless Chromium: compact (a month of the samples on at
/// most three pages per hundred transactions), starting on its first page, and with the names the
/// screen cuts in the middle printed whole.
@Suite(.enabled(if: BrowserCheck.executable != nil, "needs chromium on PATH"), .serialized)
struct ReportPrintTests {
    /// How many transactions the samples hold in `month`, every currency, as the JSON report counts them.
    static func transactions(in month: String) throws -> Int {
        let result = try PfinProcess.run(["report"] + ReportCommandTests.samplesArguments + ["--format", "json", "--month", month])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let months = try #require(json["months"] as? [[String: Any]])
        let summaries = try #require(months.first?["summaries"] as? [[String: Any]])
        return summaries.reduce(0) { total, summary in
            let transfers = (summary["transfers"] as? [String: Any])?["count"] as? Int ?? 0
            let counts = ["incomeCount", "expenseCount", "refundCount"].map { summary[$0] as? Int ?? 0 }
            return total + counts.reduce(transfers, +)
        }
    }

    @Test func mayPrintsOnAtMostThreePagesPerHundredTransactions() throws {
        let (directory, out, _) = try ReportHTMLBrowserTests.batch()
        let pdf = directory.url.appendingPathComponent("print/2024-05.pdf")
        guard let printed = try BrowserCheck.printedText(out.appendingPathComponent("2024-05.html"), pdf: pdf) else { return }
        guard let pages = try BrowserCheck.pageCount(of: pdf) else { return }  // no pdfinfo
        let count = try Self.transactions(in: "2024-05")
        #expect(count > 300)
        #expect(pages * 100 <= count * 3, "May prints on \(pages) pages for \(count) transactions")
        #expect(pages == printed.pages)
        // The first page is no blank one before a card too tall for it: the month, its first
        // currency's figures and its spending by category are all on it.
        let first = try #require(printed.text.split(separator: "\u{0C}", omittingEmptySubsequences: false).first)
        for expected in ["May 2024", "Net (income − spending)", "Savings rate", "Spending by category", "Top payees"] {
            #expect(first.contains(expected), "page 1 lacks '\(expected)'")
        }
        // The tabs are screen furniture: every transaction is printed once, under one heading.
        #expect(!printed.text.contains("Expense "), "the tabs were printed")
        _ = directory
    }

    @Test func namesCutOnScreenArePrintedWhole() throws {
        // The banks' own texts (`--raw-names`): HDFC's UPI narrations are longer than the screen
        // shows (clean, they are the merchants' names, short).
        let directory = try TemporaryDirectory()
        let out = directory.url.appendingPathComponent("site")
        let result = try PfinProcess.run(["report"] + ReportCommandTests.samplesArguments + ["--raw-names", "--format", "html", "--out-dir", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let page = out.appendingPathComponent("2024-04.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        // The whole names of the rows the screen shows cut in the middle.
        let marker = "class=\"name print-only\">"
        let whole = html.components(separatedBy: marker).dropFirst().compactMap { $0.split(separator: "<").first.map(String.init) }
            .filter { $0.hasPrefix("UPI-") || $0.hasPrefix("NEFT ") }
        #expect(whole.count >= 5)
        #expect(whole.contains("UPI-IRCTC-IRCTC@HDFCBANK-HDFC0000001-411612345678-TICKET BOOKING"))
        let pdf = directory.url.appendingPathComponent("print/2024-04.pdf")
        guard let printed = try BrowserCheck.printedText(page, pdf: pdf, layout: false) else { return }
        // Read in order, a name that wraps goes on on the next line; `pdftotext` takes a hyphen
        // at a line's end for a hyphenation and drops it, so hyphens and spaces are left out.
        func letters(_ text: String) -> String { String(text.filter { !$0.isWhitespace && $0 != "-" }) }
        let text = letters(printed.text)
        for name in Set(whole) {
            #expect(Bool(text.contains(letters(name))), "'\(name)' is not printed whole")
            #expect(!html.contains(">\(name)</span><span class=\"name print-only\">"), "'\(name)' is not cut on screen")
        }
        _ = directory
    }
}
