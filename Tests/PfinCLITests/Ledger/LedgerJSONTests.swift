import Foundation
import Testing

/// `pfin summary --format json` and `pfin show --format json`: the text's facts for scripts, with
/// transactions in the JSON Lines schema, and totals that agree with `pfin report --format json`.
struct LedgerJSONTests {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func summaryHasTheTotalsPerCurrencyAndTheLatestAsJSONLinesObjects() throws {
        let fixture = try LedgerFixture.standard()
        let run = try fixture.pfin(["summary", "--from", "2024-05-01", "--to", "2024-06-30", "--recent", "2", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try Self.object(run.stdout)
        #expect(summary["schema"] as? String == "pfin.summary/1")
        #expect(summary["from"] as? String == "2024-05-01")
        let totals = try #require(summary["totals"] as? [[String: Any]])
        #expect(totals.map { $0["currency"] as? String } == ["EUR", "USD"])
        let usd = totals[1]
        #expect(usd["income"] as? String == "3200.00")
        #expect(usd["expense"] as? String == "58.70")
        #expect(usd["net"] as? String == "3141.30")
        #expect(usd["transferCount"] as? Int == 2)
        let recent = try #require(summary["recent"] as? [[String: Any]])
        #expect(recent.map { $0["name"] as? String } == ["Refund Bookshop", "Bookshop"])
        #expect(recent.first?["id"] as? String == "d400000000000009")
        #expect(recent.first?.keys.contains("checkNumber") == true, "every key of the JSON Lines schema")
    }

    /// One model: the summary's totals are the report's for the same months.
    @Test func summaryTotalsEqualTheReports() throws {
        let fixture = try LedgerFixture.standard()
        let summary = try Self.object(try fixture.pfin(["summary", "--from", "2024-05-01", "--to", "2024-05-31", "--format", "json"]).stdout)
        let report = try Self.object(try fixture.pfin(["report", "--from", "2024-05", "--to", "2024-05", "--format", "json"]).stdout)
        let month = try #require((report["months"] as? [[String: Any]])?.first?["summaries"] as? [[String: Any]])
        let totals = try #require(summary["totals"] as? [[String: Any]])
        for key in ["currency", "income", "expense", "net"] {
            #expect(totals.map { $0[key] as? String } == month.map { $0[key] as? String }, "\(key)")
        }
    }

    @Test func showHasTheActivityAndWhereItCameFrom() throws {
        let fixture = try LedgerFixture.standard()
        let run = try fixture.pfin(["show", "3f2a9c", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let entry = try Self.object(run.stdout)
        #expect(entry["schema"] as? String == "pfin.entry/1")
        #expect(entry["origin"] as? String == "import")
        #expect(entry["editedAt"] is NSNull)
        let activity = try #require(entry["activity"] as? [String: Any])
        #expect(activity["name"] as? String == "Corner Bakery")
        #expect(activity["amount"] as? String == "-4.50")
        #expect(activity["address"] as? String == "12 Main St")
        #expect(activity["source"] as? String == "fixture.csv:2")
    }

    @Test func anUnknownFormatIsAUsageErrorWithTheClosestSpelling() throws {
        let fixture = try LedgerFixture.standard()
        for command in [["summary"], ["show", "3f2a9c"]] {
            let run = try fixture.pfin(command + ["--format", "jsn"])
            #expect(run.status == 2)
            #expect(run.stderr.contains("did you mean 'json'?"), "\(run.stderr)")
        }
    }
}
