import Foundation
import Testing

/// `pfin convert` end to end: outputs, stdin/stdout, atomic files, profiles.
struct ConvertTests {
    /// Keys a row has only when it needs them: a foreign payment's original amount, and the bank's
    /// text when the clean name differs from it.
    static let optionalKeys: Set<String> = ["originalAmount", "originalCurrency", "exchangeRate", "rawName"]

    @Test(arguments: Repository.samples)
    func everySampleConvertsWithNoFlags(_ sample: String) throws {
        let result = try PfinProcess.run(["convert", Repository.sample(sample)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("error"))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count >= 8)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(
                object.keys.filter { !Self.optionalKeys.contains($0) }.sorted() == [
                    "account", "address", "amount", "category", "checkNumber", "currency", "date",
                    "fitid", "id", "memo", "name", "source", "type",
                ])
            // Keys every row has come first, in the contract's order; `rawName` comes last.
            #expect(line.hasPrefix(#"{"id":""#))
            if object["rawName"] != nil { #expect(line.contains(#"","rawName":""#) && line.hasSuffix(#""}"#)) }
            #expect(line.range(of: #""source":"#)!.lowerBound < (line.range(of: #""rawName":"#)?.lowerBound ?? line.endIndex))
            // An original amount or rate comes with its currency.
            if object["originalAmount"] != nil || object["exchangeRate"] != nil { #expect(object["originalCurrency"] is String) }
            // The bank's text is kept only where the clean name differs from it.
            if let raw = object["rawName"] as? String { #expect(raw != object["name"] as? String) }
        }
    }

    @Test(arguments: Repository.csvSamples)
    func showDialectProfileReproducesTheOutputByteForByte(_ sample: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let profile = directory.appendingPathComponent("bank.profile").path
        let shown = try PfinProcess.run(["convert", Repository.sample(sample), "--show-dialect", "-o", profile])
        #expect(shown.status == 0)
        let detected = try PfinProcess.run(["convert", Repository.sample(sample)])
        let pinned = try PfinProcess.run(["convert", Repository.sample(sample), "--profile", profile])
        #expect(pinned.status == 0, "\(pinned.stderr)")
        #expect(pinned.stdoutBytes == detected.stdoutBytes)
        Golden.check(try String(contentsOfFile: profile, encoding: .utf8), "dialects/\(sample).profile")
    }

    @Test func jsonLinesOutputIsStable() throws {
        let result = try PfinProcess.run(["convert", Repository.sample("de-dkb-giro.csv")])
        Golden.check(result.stdout, "output/de-dkb-giro.jsonl")
    }

    @Test func csvOutputIsStableAndDefusesFormulas() throws {
        let result = try PfinProcess.run(["convert", Repository.fixture("hostile.csv"), "--to", "csv"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""'=HYPERLINK(""http://x"")""#))
        #expect(result.stdout.contains(",'+SUM(A1),"))
        #expect(result.stdout.contains(",-3.50,"), "plain numbers stay numbers")
        Golden.check(result.stdout, "output/hostile.csv")
    }

    @Test func standardInputWorksLikeAFile() throws {
        let bytes = try Data(contentsOf: Repository.root.appendingPathComponent("Samples/paypal-activity.csv"))
        let piped = try PfinProcess.run(["convert"], stdin: bytes)
        let dashed = try PfinProcess.run(["convert", "-"], stdin: bytes)
        let named = try PfinProcess.run(["convert", Repository.sample("paypal-activity.csv")])
        #expect(piped.status == 0)
        #expect(piped.stdout == dashed.stdout)
        #expect(piped.stdout.contains(#""source":"<stdin>:2""#))
        let ids = { (text: String) in text.split(separator: "\n").map { $0.prefix(30) } }
        #expect(ids(piped.stdout) == ids(named.stdout), "ids never depend on the file's name")
    }

    @Test func outputFileIsWrittenWhole() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.jsonl")
        let result = try PfinProcess.run(["convert", Repository.sample("nl-ing.csv"), "-o", output.path])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOf: output, encoding: .utf8).split(separator: "\n").count == 20)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.jsonl"])
    }

    @Test(arguments: ["csv", "ofx", "ofx1", "qif", "ledger", "beancount", "jsonl"])
    func inputsThatAllFailWriteNothingToStandardOutput(_ format: String) throws {
        let pdf = Data("%PDF-1.4\n%âãÏÓ\n1 0 obj\n".utf8)
        let failed = try PfinProcess.run(["convert", "--to", format], stdin: pdf)
        #expect(failed.status == 1)
        #expect(failed.stdout.isEmpty, "not even a header or an empty document")
        #expect(failed.stderr.contains("nothing was written"))
        // A file without transactions and without errors still gives the format's empty output
        // (a CSV header, an OFX document without transactions).
        let empty = try PfinProcess.run(["convert", "--from", "csv", "--to", format], stdin: Data("Date,Description,Amount\n".utf8))
        #expect(empty.status == 0)
        #expect(!["csv", "ofx", "ofx1"].contains(format) || !empty.stdout.isEmpty)
    }

    @Test func severalFilesGoToOneOutput() throws {
        let result = try PfinProcess.run(["convert", Repository.sample("nl-ing.csv"), Repository.sample("es-bbva.csv")])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 45)
    }

    @Test func accountFlagOverridesTheFile() throws {
        let result = try PfinProcess.run(["convert", Repository.sample("nl-ing.csv"), "--account", "Joint"])
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.contains(#""account":"Joint""#) })
    }

    @Test func currencyFlagFillsInWhereTheFileSaysNone() throws {
        let result = try PfinProcess.run(["convert", Repository.sample("us-checking-chase.csv"), "--currency", "USD"])
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.contains(#""currency":"USD""#) })
    }
}

/// OFX written by pfin reads back to the same activities: `convert --to ofx | convert`.
struct OFXRoundTripTests {
    @Test(arguments: Repository.samples, ["ofx", "ofx1"])
    func writingOFXAndReadingItBackKeepsTheTransactions(_ sample: String, _ format: String) throws {
        let direct = try PfinProcess.run(["convert", Repository.sample(sample)])
        let ofx = try PfinProcess.run(["convert", Repository.sample(sample), "--to", format])
        #expect(ofx.status == 0, "\(ofx.stderr)")
        let back = try PfinProcess.run(["convert", "-"], stdin: ofx.stdoutBytes)
        #expect(back.status == 0, "\(back.stderr)")
        func key(_ text: String) throws -> [String] {
            try text.split(separator: "\n").map { line in
                let row = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                return ["id", "date", "amount", "name", "memo", "type"].map { "\(row[$0] ?? "nil")" }.joined(separator: "|")
            }.sorted()
        }
        #expect(try key(back.stdout) == key(direct.stdout))
    }
}

/// `-o` naming something that is not a regular file writes into it instead of replacing it.
struct OutputTargetTests {
    @Test func aNamedPipeStaysAPipeAndReceivesTheOutput() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("out.pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = Box()
        let reader = Thread {
            // Opening a pipe for reading waits for the writer, then reads to its end.
            received.data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
            received.done.signal()
        }
        reader.start()
        let result = try PfinProcess.run(["convert", Repository.sample("nl-ing.csv"), "-o", fifo])
        received.done.wait()
        #expect(result.status == 0, "\(result.stderr)")
        var info = stat()
        #expect(stat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the pipe was not replaced by a file")
        #expect(String(decoding: received.data, as: UTF8.self).split(separator: "\n").count == 20)
    }

    private final class Box: @unchecked Sendable {
        var data = Data()
        let done = DispatchSemaphore(value: 0)
    }
}
