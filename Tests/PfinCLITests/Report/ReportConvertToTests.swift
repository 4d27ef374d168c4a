import Foundation
import TestSupport
import Testing

/// `pfin report --convert-to EUR --prices FILE`: statements in several currencies as one EUR
/// report, in every format; a missing price refuses the report.
struct ReportConvertToTests {
    static let inputs = ["ch-postfinance-excel.txt", "de-dkb-giro.csv", "uk-nationwide.csv", "za-fnb-drcr.csv"].map(Repository.sample)
    static let conversion = ["--convert-to", "EUR", "--prices", Repository.sample("prices.journal"), "--rules", Repository.sample("rules.pfin")]

    @Test func everyMonthIsOneSummaryInTheOneCurrency() throws {
        let result = try PfinProcess.run(["report"] + Self.inputs + Self.conversion + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let conversion = try #require(document["conversion"] as? [String: Any])
        #expect(conversion["currency"] as? String == "EUR")
        #expect(conversion["prices"] as? String == "Samples/prices.journal")
        #expect((conversion["atPrices"] as? Int ?? 0) > 50)
        let months = try #require(document["months"] as? [[String: Any]])
        let currencies = months.flatMap { ($0["summaries"] as? [[String: Any]] ?? []).map { $0["currency"] as? String } }
        #expect(!currencies.isEmpty && currencies.allSatisfy { $0 == "EUR" })
        // Without --convert-to the same inputs are reported a currency at a time.
        let apart = try PfinProcess.run(["report"] + Self.inputs + ["--format", "json"])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(apart.stdout.utf8)) as? [String: Any])
        #expect(plain["conversion"] is NSNull)
    }

    @Test func theTotalIsTheSumOfTheConvertedParts() throws {
        // May 2024 in EUR: the euro statement as it is plus the francs, pounds and rand each
        // converted on its own, so the combined view adds up with the single-currency reports.
        func spending(_ arguments: [String]) throws -> Decimal {
            let result = try PfinProcess.run(["report", "--month", "2024-05", "--format", "json"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let summaries = (document["months"] as? [[String: Any]])?.first?["summaries"] as? [[String: Any]] ?? []
            return try #require(Decimal(string: summaries.first?["expense"] as? String ?? ""))
        }
        let whole = try spending(Self.inputs + Self.conversion)
        var parts = Decimal(0)
        for input in Self.inputs { parts += try spending([input] + Self.conversion) }
        // Each part is rounded once to the cent: together within a cent per part of the whole.
        #expect(abs(NSDecimalNumber(decimal: whole - parts).doubleValue) <= 0.02, "\(whole) vs \(parts)")
    }

    @Test func theTextAndTheHTMLPagesSaySo() throws {
        let text = try PfinProcess.run(["report"] + Self.inputs + Self.conversion + ["--month", "2024-05"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("All amounts in EUR: "))
        #expect(text.stdout.contains("May 2024 · EUR"))
        #expect(!text.stdout.contains("· CHF") && !text.stdout.contains("· GBP"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-convert-to-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let html = try PfinProcess.run(["report"] + Self.inputs + Self.conversion + ["--format", "html", "--out-dir", directory.path])
        #expect(html.status == 0, "\(html.stderr)")
        for page in ["index.html", "2024-05.html"] {
            let content = try String(contentsOf: directory.appendingPathComponent(page), encoding: .utf8)
            #expect(content.contains("data-conversion>All amounts in EUR: "), "\(page)")
            #expect(content.contains("converted into one, as said at the top") && !content.contains("never added together"), "\(page)")
            #expect(!content.contains("id=\"chf\""), "\(page)")
        }
    }

    /// The README shows the combined view of the samples with foreign payments: its lines are what
    /// pfin prints.
    @Test func theREADMEExampleIsWhatPfinPrints() throws {
        let samples = [
            "ch-postfinance-excel.txt", "ch-zkb-camt053-foreign.xml", "de-dkb-giro.csv", "uk-nationwide.csv", "wise-gbp-statement.csv",
            "us-card-abroad.qfx",
        ]
        let result = try PfinProcess.run(["report"] + samples.map(Repository.sample) + Self.conversion + ["--month", "2024-05"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("17 amounts converted at the rates their files stated"))
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(16).joined(separator: "\n")
        #expect(readme.contains("```\n" + shown + "\n…\n```"), "README.md, 'One currency', shows other lines than:\n\(shown)")
    }

    @Test func aMissingPriceNamesTheCurrencyAndTheDateAndWritesNothing() throws {
        let prices = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-prices-\(UUID().uuidString).journal")
        defer { try? FileManager.default.removeItem(at: prices) }
        try "P 2024-05-01 CHF 1.0215 EUR\n".write(to: prices, atomically: true, encoding: .utf8)
        let result = try PfinProcess.run(["report", Repository.sample("ch-postfinance-excel.txt"), "--convert-to", "EUR", "--prices", prices.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Samples/ch-postfinance-excel.txt:2: error: no price converts CHF into EUR on or before 2024-04-02"), "\(result.stderr)")
        #expect(result.stderr.contains("note: add a price dated 2024-04-02 or earlier to \(prices.path)"))
    }

    @Test func paymentsAfterTheReportNeedNoPrice() throws {
        let directory = try TemporaryDirectory()
        let rows = directory.path("rows.jsonl"), prices = directory.path("prices.journal")
        try """
        {"date":"2024-05-04","name":"Pub","amount":"-20.00","currency":"GBP"}
        {"date":"2024-07-01","name":"Ramen","amount":"-1500","currency":"JPY"}

        """.write(toFile: rows, atomically: true, encoding: .utf8)
        try "P 2024-05-01 GBP 1.1690 EUR\n".write(toFile: prices, atomically: true, encoding: .utf8)
        let may = try PfinProcess.run(["report", rows, "--convert-to", "EUR", "--prices", prices, "--month", "2024-05", "--format", "csv"])
        #expect(may.status == 0, "\(may.stderr)")
        #expect(may.stdout.contains("2024-05,EUR,"))
        let all = try PfinProcess.run(["report", rows, "--convert-to", "EUR", "--prices", prices])
        #expect(all.status == 1)
        #expect(all.stderr.contains("no price converts JPY into EUR on or before 2024-07-01"), "\(all.stderr)")
    }

    @Test func theOptionsAreCheckedTogether() throws {
        let pricesAlone = try PfinProcess.run(["report", Self.inputs[0], "--prices", Repository.sample("prices.journal")])
        #expect(pricesAlone.status == 2)
        #expect(pricesAlone.stderr.contains("--prices is for --convert-to CODE"))
        let both = try PfinProcess.run(["report", Self.inputs[0], "--convert-to", "EUR", "--currency", "CHF"])
        #expect(both.status == 2)
        let bad = try PfinProcess.run(["report", Self.inputs[0], "--convert-to", "euro"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--convert-to expects an ISO 4217 code"))
        let broken = try PfinProcess.run(["report", Self.inputs[0], "--convert-to", "EUR", "--prices", Repository.sample("rules.pfin")])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("Samples/rules.pfin:"))
    }
}
