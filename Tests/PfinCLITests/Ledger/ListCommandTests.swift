import Foundation
import Testing

/// `pfin list`: each filter alone and combined, newest first, the three formats, usage errors.
struct ListCommandTests {
    /// The short ids `pfin list` prints, in order.
    static func ids(_ fixture: LedgerFixture, _ arguments: [String]) throws -> [String] {
        let result = try fixture.pfin(["list"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").dropFirst().map { String($0.prefix(8)) }
    }

    @Test func everythingNewestFirst() throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(["list"])
        #expect(result.status == 0)
        Golden.check(result.stdout, "ledger/list/all.txt")
        for line in result.stdout.split(separator: "\n") {
            #expect(line.count <= 80, "too wide: \(line)")
        }
    }

    @Test(
        "each filter on its own",
        arguments: [
            (["--type", "income"], ["d4000000", "7b1e04aa"]),
            (["--type", "TRANSFER"], ["9c010000", "9c000000"]),
            (["--from", "2024-06-01"], ["d4000000", "c3000000", "b2000000"]),
            (["--to", "2024-05-03"], ["3f2b0000", "3f2a9c0d", "a1000000"]),
            (["--category", "food"], ["b2000000", "3f2b0000", "3f2a9c0d"]),
            (["--category", "Food:Coffee"], ["b2000000", "3f2a9c0d"]),
            (["--account", "Card"], ["d4000000", "c3000000", "b2000000"]),
            (["--search", "BOOK"], ["d4000000", "c3000000"]),
            (["--search", "white"], ["3f2a9c0d"]),
            (["--search", "main st"], ["3f2a9c0d"]),
            (["--min", "500"], ["7b1e04aa", "9c010000", "9c000000"]),
            (["--max", "5"], ["b2000000", "3f2a9c0d"]),
            (["--limit", "2"], ["d4000000", "c3000000"]),
        ])
    func singleFilters(_ arguments: [String], _ expected: [String]) throws {
        let fixture = try LedgerFixture.standard()
        #expect(try Self.ids(fixture, arguments) == expected)
    }

    @Test func filtersCombine() throws {
        let fixture = try LedgerFixture.standard()
        #expect(
            try Self.ids(
                fixture,
                [
                    "--type", "expense", "--from", "2024-05-01", "--to", "2024-05-31", "--category", "Food",
                    "--account", "Checking", "--min", "10", "--max", "100",
                ]) == ["3f2b0000"])
        #expect(try Self.ids(fixture, ["--type", "expense", "--account", "Checking", "--limit", "1"]) == ["3f2b0000"])
        #expect(try Self.ids(fixture, ["--search", "transfer", "--account", "Savings"]) == ["9c010000"])
        #expect(try Self.ids(fixture, ["--min", "1,000", "--max", "5,000"]) == ["7b1e04aa"])
    }

    @Test func nothingMatches() throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(["list", "--search", "nowhere"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "pfin: no transactions match\n")
    }

    @Test func longNamesAreCutToFitEightyColumns() throws {
        let fixture = try LedgerFixture()
        #expect(
            try fixture.pfin([
                "add", "--name", String(repeating: "Very Long Payee Name ", count: 6), "--amount", "123,456.78",
                "--category", "Home:Furniture:Living Room:Sofas", "--date", "2024-05-03", "--currency", "USD",
            ]).status == 0)
        let result = try fixture.pfin(["list"])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.last?.contains("  Very Long Payee Name…  ") == true)
        #expect(lines.last?.contains("-$123,456.78  Home:Furniture:Livi…") == true)
    }

    @Test("CSV and JSON Lines read back through pfin convert unchanged", arguments: ["csv", "jsonl"])
    func formatsReadBack(_ format: String) throws {
        let fixture = try LedgerFixture.standard()
        let listed = try fixture.pfin(["list", "--format", format])
        #expect(listed.status == 0)
        Golden.check(listed.stdout, "ledger/list/all.\(format)")
        let file = fixture.directory.path("list.\(format)")
        try listed.stdoutBytes.write(to: URL(fileURLWithPath: file))
        let again = try PfinProcess.run(["convert", file, "--from", format, "--to", format])
        #expect(again.status == 0, "\(again.stderr)")
        if format == "csv" {
            // pfin's own CSV reads back with every column, the source included: the same bytes.
            #expect(again.stdout == listed.stdout)
        } else {
            // Only the source changes: convert names the file it read.
            let strip = { (text: String) in text.replacingOccurrences(of: #","source":"[^"]*"\}"#, with: "}", options: .regularExpression) }
            #expect(strip(again.stdout) == strip(listed.stdout))
        }
    }

    @Test(
        "usage errors name the option",
        arguments: [
            ("bad-type", ["--type", "incme"]),
            ("bad-from", ["--from", "2024-02-30"]),
            ("bad-to", ["--to", "May"]),
            ("from-after-to", ["--from", "2024-06-01", "--to", "2024-05-01"]),
            ("signed-min", ["--min", "-5"]),
            ("bad-max", ["--max", "lots"]),
            ("min-above-max", ["--min", "10", "--max", "5"]),
            ("bad-limit", ["--limit", "0"]),
            ("bad-format", ["--format", "json"]),
            ("positional", ["coffee"]),
            ("uncategorized-with-category", ["--uncategorized", "--category", "Food"]),
        ])
    func usageErrors(_ name: String, _ arguments: [String]) throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(["list"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        Golden.check(result.stderr, "ledger/list/usage/\(name).stderr")
    }
}
