import Foundation
import TestSupport
import Testing

/// Every sample that states a foreign payment's original amount or rate keeps it through JSON Lines,
/// pfin's CSV, the ledger and the journals (which post a stated amount at its total cost; CI has
/// hledger, ledger and bean-check read them: `.ci/interop/check_journals.py`).
@Suite struct OriginalAmountSamplesTests {
    static let keys = ["originalAmount", "originalCurrency", "exchangeRate"]

    /// Each activity's original fields by id, from JSON Lines text.
    static func originals(_ jsonl: String) throws -> [String: [String: String]] {
        var found: [String: [String: String]] = [:]
        for line in jsonl.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = try #require(object["id"] as? String)
            found[id] = Dictionary(uniqueKeysWithValues: keys.compactMap { key in (object[key] as? String).map { (key, $0) } })
        }
        return found
    }

    static let samples = Repository.samples.filter { sample in
        (try? String(contentsOfFile: Repository.root.appendingPathComponent(Repository.sample(sample)).path, encoding: .isoLatin1))
            .map { ["ORIGCURRENCY", "InstdAmt", "Exchange To Amount", "/OCMT/"].contains(where: $0.contains) } ?? false
    }

    @Test func theSamplesWithForeignPaymentsAreThere() {
        #expect(Set(Self.samples).isSuperset(of: ["ch-zkb-camt053-foreign.xml", "us-card-abroad.qfx", "wise-gbp-statement.csv"]))
    }

    @Test(arguments: samples)
    func keptEverywhere(_ sample: String) throws {
        let directory = try TemporaryDirectory()
        let input = Repository.sample(sample)
        let converted = try PfinProcess.run(["convert", input])
        #expect(converted.status == 0, "\(converted.stderr)")
        let read = try Self.originals(converted.stdout)
        let stated = read.filter { !$0.value.isEmpty }
        #expect(stated.count >= 3, "\(sample) states fewer original amounts than it has")

        // pfin's CSV and back.
        let csv = directory.path("listed.csv")
        #expect(try PfinProcess.run(["convert", input, "--to", "csv", "-o", csv]).status == 0)
        #expect(try Self.originals(PfinProcess.run(["convert", csv]).stdout) == read)

        // The ledger, listed as JSON Lines.
        let fixture = try LedgerFixture()
        #expect(try fixture.pfin(["import", input]).status == 0)
        let listed = try fixture.pfin(["list", "--all", "--format", "jsonl"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(try Self.originals(listed.stdout) == read)

        // The journals: one cost posting per stated original amount.
        let withAmount = read.values.filter { $0["originalAmount"] != nil }.count
        for format in ["ledger", "beancount"] {
            let journal = try PfinProcess.run(["convert", input, "--to", format])
            #expect(journal.status == 0, "\(journal.stderr)")
            #expect(journal.stdout.components(separatedBy: " @@ ").count - 1 == withAmount, "\(sample) --to \(format)")
        }
    }
}
