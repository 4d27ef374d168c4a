import Foundation
import Testing

/// pfin reads its own JSON Lines back, end to end: pipelines reproduce the output byte for byte,
/// ids and sources included, and bad records are reported like bad CSV rows.
struct JSONLinesInputTests {
    @Test(arguments: Repository.samples)
    func pipelineReproducesTheOutputByteForByte(_ sample: String) throws {
        let direct = try PfinProcess.run(["convert", Repository.sample(sample)])
        #expect(direct.status == 0, "\(direct.stderr)")
        let named = try PfinProcess.run(["convert", "--from", "jsonl"], stdin: direct.stdoutBytes)
        let detected = try PfinProcess.run(["convert"], stdin: direct.stdoutBytes)
        for piped in [named, detected] {
            #expect(piped.status == 0)
            #expect(piped.stderr.isEmpty, "\(piped.stderr)")
            #expect(piped.stdoutBytes == direct.stdoutBytes)
        }
        #expect(direct.stdout.contains(#""source":"Samples/\#(sample):"#), "sources still name the sample, not <stdin>")
    }

    @Test func allSamplesAtOnceSurviveTwoPipelines() throws {
        let direct = try PfinProcess.run(["convert"] + Repository.samples.map(Repository.sample))
        #expect(direct.status == 0)
        let once = try PfinProcess.run(["convert"], stdin: direct.stdoutBytes)
        let twice = try PfinProcess.run(["convert", "--from", "jsonl"], stdin: once.stdoutBytes)
        #expect(twice.stdoutBytes == direct.stdoutBytes)
        #expect(direct.stdout.split(separator: "\n").count > 300)
    }

    @Test(arguments: Repository.csvSamples)
    func csvThroughJSONLinesMatchesDirectCSV(_ sample: String) throws {
        let direct = try PfinProcess.run(["convert", Repository.sample(sample), "--to", "csv"])
        let jsonl = try PfinProcess.run(["convert", Repository.sample(sample)])
        let piped = try PfinProcess.run(["convert", "--to", "csv"], stdin: jsonl.stdoutBytes)
        #expect(piped.status == 0)
        #expect(piped.stdoutBytes == direct.stdoutBytes)
    }

    @Test func aJSONLinesFileIsDetectedByContentAndConvertsToOFX() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-jsonl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = directory.appendingPathComponent("history.txt")
        let jsonl = try PfinProcess.run(["convert", Repository.sample("us-checking-chase.csv")])
        try jsonl.stdoutBytes.write(to: history)

        let again = try PfinProcess.run(["convert", history.path])
        #expect(again.status == 0)
        #expect(again.stdoutBytes == jsonl.stdoutBytes)
        let ofx = try PfinProcess.run(["convert", history.path, "--to", "ofx"])
        #expect(ofx.status == 0, "\(ofx.stderr)")
        #expect(ofx.stdout.components(separatedBy: "<STMTTRN>").count - 1 == jsonl.stdout.split(separator: "\n").count)
        #expect(ofx.stdout.contains("<TRNAMT>-54.20</TRNAMT>") || ofx.stdout.contains("<TRNAMT>-54.2</TRNAMT>"))
    }

    static let mixed = """
        {"date":"2024-05-03","amount":"-3.50","name":"Coffee"}
        {"date":"03/05/2024","amount":"-3.50","name":"Coffee"}
        {"date":"2024-05-04","amount":-7.25,"name":"Lunch","currency":"EUR"}

        """

    @Test func badRecordsAreReportedAndTheOthersWritten() throws {
        let result = try PfinProcess.run(["convert", "--from", "jsonl"], stdin: Data(Self.mixed.utf8))
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(result.stdout.contains(#""amount":"-7.25","currency":"EUR""#))
        #expect(result.stdout.contains(#""source":"<stdin>:3""#))
        #expect(
            result.stderr == """
                <stdin>:2:9: error: expected a date YYYY-MM-DD in "date", found '03/05/2024'
                <stdin>:2:9: note: write the date as year-month-day with leading zeros, e.g. "2024-05-03"
                pfin: 1 error; skipped the bad rows and wrote the other 2 transactions to standard output

                """)
    }

    @Test func strictStopsAtTheFirstBadRecord() throws {
        let result = try PfinProcess.run(["convert", "--strict"], stdin: Data(Self.mixed.utf8))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.components(separatedBy: ": error: ").count == 2)
    }

    @Test func optionsApplyToJSONLinesInput() throws {
        let result = try PfinProcess.run(
            ["convert", "--account", "Joint", "--currency", "GBP", "--to", "csv"],
            stdin: Data(Self.mixed.utf8))
        let rows = result.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.contains(",Joint,") })
        #expect(rows.first?.contains(",-3.50,GBP,") == true, "--currency where the record has none")
        #expect(rows.last?.contains(",-7.25,EUR,") == true, "the record's own currency kept")
    }
}
