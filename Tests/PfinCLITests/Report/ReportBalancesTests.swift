import Foundation
import TestSupport
import Testing

/// The balances the statements state, in a report: from the files as they are read, and from a
/// ledger the same files were imported into, alike; none with --convert-to (a stated balance is
/// not a converted amount).
struct ReportBalancesTests {
    /// `month currency: account amount date` for every balance of a JSON report.
    static func balances(_ json: String) throws -> [String] {
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var found: [String] = []
        for month in try #require(object["months"] as? [[String: Any]]) {
            for summary in try #require(month["summaries"] as? [[String: Any]]) {
                for balance in try #require(summary["balances"] as? [[String: Any]]) {
                    let currency = summary["currency"] as? String ?? "-"
                    found.append(
                        "\(month["month"] as? String ?? "?") \(currency): \(balance["account"] as? String ?? "-") "
                            + "\(balance["amount"] as? String ?? "?") \(balance["date"] as? String ?? "?")")
                }
            }
        }
        return found.sorted()
    }

    @Test func filesAndTheLedgerGiveTheSameBalances() throws {
        let samples = ["de-dkb-giro.csv", "us-checking-ofx102.ofx", "uk-nationwide.csv", "ch-zkb-camt053-foreign.xml", "de-mt940-commerzbank.sta"]
        let fromFiles = try PfinProcess.run(["report"] + samples.map(Repository.sample) + ["--format", "json"])
        #expect(fromFiles.status == 0, "\(fromFiles.stderr)")
        let filed = try Self.balances(fromFiles.stdout)
        #expect(filed.contains("2024-05 EUR: DE12 1203 0000 1234 5678 90 / Girokonto 3456.78 2024-05-31"), "\(filed)")
        #expect(filed.contains { $0.hasPrefix("2024-01 USD: 7730012345 3246.83") })
        let fixture = try LedgerFixture()
        for sample in samples {
            let imported = try fixture.pfin(["import", Repository.sample(sample)])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let fromLedger = try fixture.pfin(["report", "--format", "json"])
        #expect(fromLedger.status == 0, "\(fromLedger.stderr)")
        #expect(try Self.balances(fromLedger.stdout) == filed)
    }

    @Test func theTextAndHTMLReportsSayWhereABalanceComesFrom() throws {
        let text = try PfinProcess.run(["report", Repository.sample("us-checking-ofx102.ofx")])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Balances the statements state"))
        #expect(text.stdout.contains("7730012345") && text.stdout.contains("$3,246.83") && text.stdout.contains("on 31 Jan 2024"))
        let directory = try TemporaryDirectory()
        let html = try PfinProcess.run(
            ["report", Repository.sample("us-checking-ofx102.ofx"), "--format", "html", "--out-dir", directory.url.path])
        #expect(html.status == 0, "\(html.stderr)")
        let page = try String(contentsOf: directory.url.appendingPathComponent("2024-01.html"), encoding: .utf8)
        #expect(page.contains("Balances the statements state") && page.contains("$3,246.83") && page.contains("us-checking-ofx102.ofx"))
        let index = try String(contentsOf: directory.url.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("$3,246.83"))
    }
}
