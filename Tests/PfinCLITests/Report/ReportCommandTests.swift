import Foundation
import TestSupport
import Testing

/// `pfin report` end to end over the samples: golden reports, batch files, usage and input errors.
struct ReportCommandTests {
    /// Every sample statement, categorised by the sample rules: the README's report.
    static let samplesArguments = Repository.samples.map(Repository.sample) + ["--rules", "Samples/rules.pfin"]

    @Test("the samples' report is stable in every format", arguments: ["text", "csv", "json"])
    func samplesReport(_ format: String) throws {
        let result = try PfinProcess.run(["report"] + Self.samplesArguments + ["--format", format])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.check(result.stdout, "report/samples.\(format == "text" ? "txt" : format)")
    }

    @Test func jsonListsTransactionsOnlyWhenAsked() throws {
        let plain = try PfinProcess.run(["report"] + Self.samplesArguments + ["--month", "2024-06", "--format", "json"])
        let listed = try PfinProcess.run(["report"] + Self.samplesArguments + ["--month", "2024-06", "--format", "json", "--transactions"])
        #expect(plain.stdout.contains("\"transactions\": []"))
        #expect(!listed.stdout.contains("\"transactions\": []"))
        Golden.check(listed.stdout, "report/2024-06-transactions.json")
    }

    @Test func oneMonthInOneCurrency() throws {
        let result = try PfinProcess.run(["report"] + Self.samplesArguments + ["--month", "2024-05", "--currency", "EUR"])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.check(result.stdout, "report/2024-05-eur.txt")
    }

    @Test func everyLineFitsEightyColumns() throws {
        let result = try PfinProcess.run(["report"] + Self.samplesArguments)
        for line in result.stdout.split(separator: "\n") {
            #expect(line.count <= 80, "too wide: \(line)")
        }
    }

    @Test func colourOnlyWhenAskedOfATerminal() throws {
        // Standard output is a file here, so no colour even without NO_COLOR.
        let result = try PfinProcess.run(["report"] + Self.samplesArguments, environment: ["NO_COLOR": ""])
        #expect(!result.stdout.contains("\u{1B}["))
    }

    @Test(
        "--out-dir writes one file per month of the range, empty months too, and nothing else",
        arguments: ["text", "csv", "json"])
    func batchFiles(_ format: String) throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("reports/2024")
        let result = try PfinProcess.run(
            ["report"] + Self.samplesArguments
                + ["--from", "2023-12", "--to", "2024-06", "--format", format, "--out-dir", out])
        #expect(result.status == 0, "\(result.stderr)")
        let ext = format == "text" ? "txt" : format
        let expected = ["2023-12", "2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06"].map { "\($0).\(ext)" }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("reports")) == ["2024"])
        // A month's file is the report of that month alone.
        let may = try PfinProcess.run(["report"] + Self.samplesArguments + ["--month", "2024-05", "--format", format])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/2024-05.\(ext)")) == may.stdoutBytes)
    }

    @Test func inputErrorsWriteNoReport() throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("out.txt")
        let result = try PfinProcess.run(["report", Repository.fixture("badamount.csv"), "-o", out])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no report was written"))
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test(
        "usage errors name the problem and exit 2",
        arguments: [
            ("month-and-from", ["--month", "2024-05", "--from", "2024-01"]),
            ("bad-month", ["--from", "2024-13"]),
            ("from-after-to", ["--from", "2024-06", "--to", "2024-01"]),
            ("unknown-format", ["--format", "htm"]),
            ("html-needs-out-dir", ["--format", "html"]),
            ("templates-without-html", ["--templates", "Templates"]),
            ("output-and-out-dir", ["-o", "x.txt", "--out-dir", "x"]),
            ("transactions-without-json", ["--transactions"]),
        ])
    func usageErrors(_ name: String, _ arguments: [String]) throws {
        let result = try PfinProcess.run(["report", "Samples/us-checking-chase.csv"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        Golden.check(result.stderr, "report/usage/\(name).stderr")
    }

    @Test func aDateIsTakenAsItsMonth() throws {
        let byDate = try PfinProcess.run(["report", "Samples/us-checking-chase.csv", "--month", "2024-05-17"])
        let byMonth = try PfinProcess.run(["report", "Samples/us-checking-chase.csv", "--month", "2024-05"])
        #expect(byDate.status == 0)
        #expect(byDate.stdout == byMonth.stdout)
    }
}

/// Payee names that try to run as a spreadsheet formula or as script stay inert text.
struct ReportHostileInputTests {
    @Test func csvDefusesFormulas() throws {
        let result = try PfinProcess.run(["report", Repository.fixture("hostile.csv"), "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("payee,\"'=HYPERLINK(\"\"http://x\"\")\",3.50,1"))
        #expect(result.stdout.contains("payee,'-minus start,0.99,1"))
        for line in result.stdout.split(separator: "\n") {
            for cell in line.split(separator: ",") {
                #expect(!cell.hasPrefix("=") && !cell.hasPrefix("\"="), "live formula in \(line)")
            }
        }
    }

    @Test func jsonKeepsTheTextExactly() throws {
        let result = try PfinProcess.run(["report", Repository.fixture("hostile.csv"), "--format", "json", "--transactions"])
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let month = try #require((document["months"] as? [[String: Any]])?.first)
        let summary = try #require((month["summaries"] as? [[String: Any]])?.first)
        let names = (summary["transactions"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(Set(names) == ["=HYPERLINK(\"http://x\")", "<script>alert(1)</script>", "-minus start"])
    }
}

/// Colour in the text report: on a terminal, unless `NO_COLOR` is set. `script` gives the run a
/// pseudo-terminal as its standard output.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1)"))
struct ReportColourTests {
    static func onTerminal(noColor: String?) throws -> String {
        let run = try PfinProcess.onTerminal(["report", "Samples/us-checking-chase.csv", "--month", "2024-05"], environment: ["NO_COLOR": noColor])
        #expect(run.status == 0)
        return run.text
    }

    @Test func colouredOnATerminal() throws {
        let text = try Self.onTerminal(noColor: nil)
        #expect(text.contains("May 2024"))
        #expect(text.contains("\u{1B}["))
    }

    @Test func noColorTurnsItOff() throws {
        let text = try Self.onTerminal(noColor: "1")
        #expect(text.contains("May 2024"))
        #expect(!text.contains("\u{1B}["))
    }
}
