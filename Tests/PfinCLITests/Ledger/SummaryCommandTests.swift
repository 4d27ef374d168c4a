import Foundation
import Testing

/// `pfin summary`: this month so far by default, or an explicit period.
struct SummaryCommandTests {
    @Test func explicitRange() throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(["summary", "--from", "2024-05-01", "--to", "2024-06-30"])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.check(result.stdout, "ledger/summary/may-june.txt")
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func fewerRecentTransactions() throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(["summary", "--from", "2024-05-01", "--to", "2024-05-31", "--recent", "2"])
        Golden.check(result.stdout, "ledger/summary/may-recent-2.txt")
    }

    @Test func anEmptyPeriod() throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(["summary", "--from", "2020-01-01", "--to", "2020-01-31"])
        #expect(result.status == 0)
        #expect(result.stdout == "Summary: 01 Jan 2020 to 31 Jan 2020\n\nNo transactions in this period.\n")
    }

    @Test func defaultsToThisMonthSoFar() throws {
        let fixture = try LedgerFixture.standard()
        let today = LedgerFixture.today
        let first = LedgerFixture.iso(today.year, today.month, 1)
        let todayText = LedgerFixture.iso(today.year, today.month, today.day)
        // One payment today, one on the first of the month, one in the month before: the default
        // period holds the first two.
        let previous = today.month == 1 ? LedgerFixture.iso(today.year - 1, 12, 28) : LedgerFixture.iso(today.year, today.month - 1, 28)
        for (name, date, amount) in [("Today", todayText, "10.00"), ("First", first, "5.00"), ("Before", previous, "7.00")] {
            #expect(try fixture.pfin(["add", "--name", name, "--amount", amount, "--date", date, "--currency", "USD"]).status == 0)
        }
        let implicit = try fixture.pfin(["summary"])
        let explicit = try fixture.pfin(["summary", "--from", first, "--to", "today"])
        #expect(implicit.status == 0, "\(implicit.stderr)")
        #expect(implicit.stdout == explicit.stdout)
        #expect(implicit.stdout.contains("-$15.00"))
        #expect(!implicit.stdout.contains("Before"))
        #expect(implicit.stdout.hasPrefix("Summary: 01 "))
    }

    /// Net is income minus expense; a balance is only what a statement states: the latest closing
    /// balance (or a Balance column's last row) of each account, up to the period's end.
    @Test func theBalancesTheStatementsState() throws {
        let fixture = try LedgerFixture()
        for sample in ["de-dkb-giro.csv", "us-checking-ofx102.ofx", "uk-nationwide.csv"] {
            let imported = try fixture.pfin(["import", Repository.sample(sample)])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let year = try fixture.pfin(["summary", "--from", "2024-01-01", "--to", "2024-12-31", "--recent", "0"])
        #expect(year.status == 0, "\(year.stderr)")
        let lines = year.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  currency") && $0.contains(" net ") && !$0.contains("balance") })
        let section = lines.drop { $0 != "Balances the statements state" }.dropFirst().prefix { !$0.isEmpty }
        #expect(section.count == 3, "\(year.stdout)")
        #expect(section.contains { $0.contains("€3,456.78") && $0.contains("on 31 May 2024") && $0.contains("closing balance, de-dkb-giro.csv") })
        #expect(section.contains { $0.contains("$3,246.83") && $0.contains("on 31 Jan 2024") })
        // Up to the end of April: the May balances are after the period, the January one stays.
        let april = try fixture.pfin(["summary", "--from", "2024-01-01", "--to", "2024-04-30", "--recent", "0", "--format", "json"])
        let json = try #require(JSONSerialization.jsonObject(with: Data(april.stdout.utf8)) as? [String: Any])
        let balances = try #require(json["balances"] as? [[String: Any]])
        #expect(balances.compactMap { $0["date"] as? String }.allSatisfy { $0 <= "2024-04-30" })
        #expect(balances.contains { $0["amount"] as? String == "3246.83" && $0["kind"] as? String == "closing" })
        #expect(!balances.contains { $0["amount"] as? String == "3456.78" })
        let totals = try #require(json["totals"] as? [[String: Any]])
        #expect(totals.allSatisfy { $0["net"] != nil && $0["balance"] == nil })
    }

    @Test(
        "usage errors",
        arguments: [
            ("bad-from", ["--from", "2024-02-30"]),
            ("bad-recent", ["--recent", "-1"]),
            ("from-after-to", ["--from", "2024-06-01", "--to", "2024-05-01"]),
        ])
    func usageErrors(_ name: String, _ arguments: [String]) throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(["summary"] + arguments)
        #expect(result.status == 2)
        Golden.check(result.stderr, "ledger/summary/usage/\(name).stderr")
    }
}
