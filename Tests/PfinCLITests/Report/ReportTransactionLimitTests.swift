import BrowserCheck
import Foundation
import TestSupport
import Testing

/// A month far busier than a page should list: its page shows the newest transactions, says how
/// many there are, and links a CSV of all of them, so the page stays small and opens at once
/// while nothing is left out; a quiet month gets neither the line nor a file.
@Suite(.serialized) struct ReportTransactionLimitTests {
    static let busy = 16_000

    /// 16,000 transactions in May 2024 (income and spending, two on most days) and five in April.
    static func history(in directory: TemporaryDirectory) throws -> (path: String, cents: Int) {
        var lines: [String] = [], cents = 0
        for k in 0..<5 {
            lines.append("{\"date\":\"2024-04-0\(k + 1)\",\"name\":\"April \(k)\",\"amount\":\"-1.00\",\"currency\":\"EUR\"}")
        }
        for k in 0..<busy {
            let amount = k % 50 == 0 ? 1_234_56 : -(100 + k % 9_000)
            cents += amount
            let day = 1 + k * 31 / busy
            let text = (amount < 0 ? "-" : "") + "\(abs(amount) / 100)." + (abs(amount) % 100 < 10 ? "0" : "") + "\(abs(amount) % 100)"
            lines.append(
                "{\"date\":\"2024-05-\(day < 10 ? "0" : "")\(day)\",\"name\":\"Shop \(k % 700)\",\"amount\":\"\(text)\",\"currency\":\"EUR\"}")
        }
        let path = directory.path("history.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return (path, cents)
    }

    static func site() throws -> (TemporaryDirectory, URL, Int) {
        let directory = try TemporaryDirectory()
        let (input, cents) = try history(in: directory)
        let out = directory.url.appendingPathComponent("site")
        let result = try PfinProcess.run(["report", input, "--format", "html", "--out-dir", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("1 month transaction list"), "\(result.stderr)")
        return (directory, out, cents)
    }

    @Test func aBusyMonthListsTheNewestAndLinksAllOfThem() throws {
        let (directory, out, cents) = try Self.site()
        defer { withExtendedLifetime(directory) {} }
        let page = try String(contentsOf: out.appendingPathComponent("2024-05.html"), encoding: .utf8)
        #expect(page.utf8.count < 1_000_000, "the page is \(page.utf8.count) bytes")
        #expect(page.contains("The newest 500 of 16000 are listed here."))
        #expect(page.contains("<a href=\"2024-05-transactions.csv\" download>"))
        let list = page.components(separatedBy: "<section class=\"card tx\">").last ?? ""
        #expect(list.components(separatedBy: "<li class=\"row").count - 1 == 500)
        // The newest first: the last day of the month heads the list.
        #expect(list.contains("31 May 2024"))

        let csv = try String(contentsOf: out.appendingPathComponent("2024-05-transactions.csv"), encoding: .utf8)
        let rows = csv.split(separator: "\n").dropFirst()
        #expect(rows.count == Self.busy)
        let sum = rows.reduce(0) { total, row in
            let amount = row.split(separator: ",", omittingEmptySubsequences: false)[5]
            return total + Int(amount.replacingOccurrences(of: ".", with: ""))!
        }
        #expect(sum == cents)

        let april = try String(contentsOf: out.appendingPathComponent("2024-04.html"), encoding: .utf8)
        #expect(!april.contains("are listed here"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("2024-04-transactions.csv").path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test(.enabled(if: BrowserCheck.executable != nil, "needs chromium on PATH"))
    func theBusyMonthOpensFast() throws {
        let (directory, out, _) = try Self.site()
        defer { withExtendedLifetime(directory) {} }
        let (milliseconds, rows) = try BrowserCheck.loadTime(of: "2024-05.html", in: out, counting: "section.tx li.row")
        #expect(rows == 500)
        // The whole 16,000 rows made an 8 MB page; 500 load in well under a second.
        #expect(milliseconds < 1_500, "loaded in \(milliseconds) ms")
        print("2024-05.html with 16,000 transactions, 500 listed: loaded in \(Int(milliseconds)) ms")
    }
}
