import FinanceCore
import Foundation
import Testing

/// `pfin report --db` and `pfin rules suggest --db`: the ledger as input gives exactly what the
/// same transactions give as a JSON Lines file.
struct LedgerInputTests {
    /// The samples, categorised by the sample rules, as JSON Lines; and a ledger holding the same
    /// transactions in the same order, minus the one deleted.
    static func history() throws -> (fixture: LedgerFixture, jsonl: String) {
        let fixture = try LedgerFixture()
        let converted = try PfinProcess.run(
            ["convert"] + Repository.samples.map(Repository.sample)
                + ["--rules", "Samples/rules.pfin", "--to", "jsonl"])
        #expect(converted.status == 0, "\(converted.stderr)")
        var lines = converted.stdout.split(separator: "\n").map(String.init)
        try fixture.store(lines.map(activity))
        // A deleted transaction leaves the ledger's reports: drop it from the file too.
        let deleted = try #require(lines.firstIndex { $0.contains("\"type\":\"expense\"") })
        let id = try activity(lines[deleted]).id.description
        #expect(try fixture.pfin(["delete", id]).status == 0)
        lines.remove(at: deleted)
        let path = fixture.directory.path("history.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (fixture, path)
    }

    /// A JSON Lines record as an activity, with its id, type and source as written.
    static func activity(_ line: String) throws -> PaymentActivity {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        func text(_ key: String) -> String? { object[key] as? String }
        let idText = try #require(text("id")), dateText = try #require(text("date"))
        let name = try #require(text("name")), amount = try #require(text("amount")), typeText = try #require(text("type"))
        let id = try #require(ActivityID(hex: idText))
        let date = try #require(LocalDate(iso: dateText))
        let source = try #require(text("source"))
        let colon = try #require(source.lastIndex(of: ":"))
        return PaymentActivity(
            id: id, account: text("account"), date: date, name: name, address: text("address"),
            amount: LedgerFixture.money(amount, text("currency")), memo: text("memo"),
            type: PaymentType(rawValue: typeText), category: text("category"), fitid: text("fitid"),
            checkNumber: text("checkNumber"),
            source: SourceLocation(file: String(source[..<colon]), line: Int(source[source.index(after: colon)...]) ?? 0))
    }

    @Test(
        "report --db equals the report of the same JSON Lines",
        arguments: [
            ["--format", "text"], ["--format", "csv"], ["--format", "json"], ["--month", "2024-05", "--format", "json", "--transactions"],
            ["--from", "2024-03", "--to", "2024-05", "--currency", "EUR"],
        ])
    func reportFromTheLedger(_ arguments: [String]) throws {
        let (fixture, jsonl) = try Self.history()
        let fromFile = try PfinProcess.run(["report", jsonl] + arguments)
        let fromLedger = try fixture.pfin(["report"] + arguments)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromLedger.status == 0, "\(fromLedger.stderr)")
        #expect(!fromLedger.stdout.isEmpty)
        #expect(fromLedger.stdoutBytes == fromFile.stdoutBytes)
    }

    @Test func rulesSuggestFromTheLedger() throws {
        let (fixture, jsonl) = try Self.history()
        let fromFile = try PfinProcess.run(["rules", "suggest", jsonl, "--min-support", "2"])
        let fromLedger = try fixture.pfin(["rules", "suggest", "--min-support", "2"])
        #expect(fromLedger.status == 0, "\(fromLedger.stderr)")
        #expect(fromLedger.stdout.contains("rule \""))
        #expect(fromLedger.stdout == fromFile.stdout)
    }

    @Test("files and --db together are a usage error", arguments: [["report"], ["rules", "suggest"]])
    func filesAndLedgerTogether(_ command: [String]) throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(command + ["Samples/us-checking-chase.csv"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("pfin: error: give statement files or --db, not both (found 'Samples/us-checking-chase.csv' and --db "))
    }

    @Test func aMissingLedgerWritesNoReport() throws {
        let fixture = try LedgerFixture()
        let result = try fixture.pfin(["report"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("there is no ledger at"))
        #expect(result.stdout.isEmpty)
    }
}
