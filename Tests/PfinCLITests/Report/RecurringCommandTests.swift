import Foundation
import Testing

/// `pfin recurring` over the generated history finds every planted series and change and no
/// series in the noise; over the bank samples it invents none from one or two payments.
struct RecurringCommandTests {
    static let input = [ReportBudgetTests.history, "--rules", ReportBudgetTests.rules]

    static func series(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try PfinProcess.run(["recurring"] + arguments + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "pfin.recurring/1")
        return try #require(document["series"] as? [[String: Any]])
    }

    /// Each series as `key interval: change kinds`.
    static func summary(_ series: [[String: Any]]) -> [String] {
        series.map { s in
            let kinds = (s["changes"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
            return "\(s["key"] as? String ?? "?") \(s["interval"] as? String ?? "?"): \(kinds.joined(separator: " "))"
        }
    }

    @Test func everyPlantedSeriesAndChangeAndNothingElse() throws {
        let series = try Self.series(Self.input)
        // Spending, then income, then stopped; each by payee. Groceries at REWE and Lidl,
        // restaurants, Amazon, the dentist, IKEA, the yearly car insurance and club (two payments
        // each in 21 months) and the savings transfers are no series.
        #expect(
            Self.summary(series) == [
                "allianz versicherung quarterly: ", "disney plus monthly: new", "hausverwaltung becker monthly: ",
                "netflix.com monthly: price", "reinigungsservice klar fortnightly: ", "spotify ab monthly: ",
                "stadtwerke energie monthly: price", "telekom mobilfunk monthly: ", "vodafone kabel monthly: ",
                "nordlicht software gmbh monthly: price late", "adobe systems software monthly: stopped",
            ])
        let netflix = try #require(series.first { $0["key"] as? String == "netflix.com" })
        let price = try #require((netflix["changes"] as? [[String: Any]])?.first)
        #expect(price["from"] as? String == "15.49" && price["to"] as? String == "17.99" && price["date"] as? String == "2024-03-07")
        #expect(price["text"] as? String == "price €15.49 → €17.99 (+16%) since Mar 2024")
        let salary = try #require(series.first { $0["key"] as? String == "nordlicht software gmbh" })
        let late = try #require((salary["changes"] as? [[String: Any]])?.last)
        #expect(late["date"] as? String == "2024-08-30" && late["count"] as? Int == 5)
        #expect(salary["side"] as? String == "income" && salary["usualAmount"] as? String == "4020.00")
        let adobe = try #require(series.last)
        #expect(adobe["stopped"] as? Bool == true && adobe["nextExpected"] is NSNull && adobe["last"] as? String == "2023-11-12")
        let cleaner = try #require(series.first { $0["key"] as? String == "reinigungsservice klar" })
        #expect(cleaner["payments"] as? Int == 46 && cleaner["yearlyAmount"] as? String == "1560.00")
    }

    @Test func theBankSamplesMakeNoSeriesOfOneOrTwoPayments() throws {
        let manifest = try String(contentsOf: Repository.root.appendingPathComponent("Samples/samples.tsv"), encoding: .utf8)
        let files = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { "Samples/" + $0.split(separator: "\t")[0] }
        let series = try Self.series(files + ["--rules", "Samples/rules.pfin"])
        #expect(series.allSatisfy { ($0["payments"] as? Int ?? 0) >= 3 })
        // What is there: two fortnightly payrolls, three payments each.
        #expect(Self.summary(series).map { $0.split(separator: " ").last.map(String.init) ?? "" } == ["fortnightly:", "fortnightly:"])
        // --currency keeps one currency's series.
        let dollars = try Self.series(files + ["--rules", "Samples/rules.pfin", "--currency", "USD"])
        #expect(dollars.count == 1 && dollars.first?["currency"] as? String == "USD")
    }

    @Test func theTextListsAndTotals() throws {
        let result = try PfinProcess.run(["recurring"] + Self.input)
        #expect(result.status == 0, "\(result.stderr)")
        Golden.check(result.stdout, "recurring/history.txt")
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func csvHasARowPerSeries() throws {
        let result = try PfinProcess.run(["recurring"] + Self.input + ["--format", "csv"])
        let rows = result.stdout.split(separator: "\n")
        #expect(rows.first == "currency,side,payee,category,interval,usual_amount,yearly_amount,usual_day,first,last,next_expected,payments,stopped,changes")
        #expect(rows.count == 12)
        #expect(
            rows.contains { $0.hasPrefix("EUR,spending,Netflix.com,Subscriptions:Streaming,monthly,17.99,215.88,7,2023-01-07,2024-09-07,2024-10-07,21,false,") }
        )
    }

    @Test func explainShowsThePaymentsAndTheVerdict() throws {
        let result = try PfinProcess.run(["recurring"] + Self.input + ["--explain", "lidl"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "Lidl Filiale · EUR · spending")
        #expect(lines.dropFirst().first?.hasPrefix("  not a series: irregular: ") == true)
        let netflix = try PfinProcess.run(["recurring"] + Self.input + ["--explain", "NETFLIX"])
        #expect(netflix.stdout.contains("  a monthly series of 21 payments, usually €17.99 on the 7th"))
        #expect(netflix.stdout.contains("    07 Mar 2024          €17.99   +29 days checking-2023-2024.csv:"))
        let none = try PfinProcess.run(["recurring"] + Self.input + ["--explain", "no such payee"])
        #expect(none.stdout == "No payee matches.\n")
    }
}
