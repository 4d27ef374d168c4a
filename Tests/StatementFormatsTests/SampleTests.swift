import FinanceCore
import Foundation
import StatementFormats
import TestSupport
import Testing

/// Every sample converts with no flags and gives the transactions worked out independently in
/// `Fixtures/sample-expectations.json`: the row count, the first and last rows field by field, and
/// the exact sum per currency.
struct SampleTests {
    struct Expected: Decodable, CustomTestStringConvertible {
        struct Row: Decodable {
            var date: String
            var name: String
            var amount: String
            var currency: String?
            var memo: String?
            var account: String?
            var category: String?
            var fitid: String?
            var checkNumber: String?
            var type: String
        }

        var file: String
        var rows: Int
        var first: Row
        var last: Row
        var sums: [String: String]

        var testDescription: String { file }
    }

    static let expectations: [Expected] = {
        let url = Repository.fixtures.appendingPathComponent("sample-expectations.json")
        return (try? JSONDecoder().decode([Expected].self, from: Data(contentsOf: url))) ?? []
    }()

    @Test func everySampleHasExpectations() throws {
        let samples = SampleManifest.files
        #expect(Set(samples) == Set(Self.expectations.map(\.file)))
        #expect(samples.count >= 12)
    }

    /// `Samples/samples.tsv` names every statement in `Samples/` (the rules, the prices and the README aside),
    /// each with the format pfin identifies it as. `Samples/history/`, the generated history for
    /// budgets and recurring payments, is not a bank's layout and has tests of its own.
    @Test func theManifestListsEverySampleWithItsFormat() throws {
        let present = try FileManager.default.contentsOfDirectory(atPath: SampleManifest.samplesDirectory.path)
            .filter { !$0.hasSuffix(".md") && !$0.hasSuffix(".pfin") && $0 != "samples.tsv" && $0 != "prices.journal" && $0 != "history" }
        #expect(SampleManifest.files == present.sorted())
        for entry in SampleManifest.entries {
            let prefix = try ByteInput(path: Repository.sample(entry.file)).peek(upTo: 4096)
            #expect(StatementReaders.detect(prefix)?.name.hasPrefix(entry.format) == true, "\(entry.file)")
        }
    }

    @Test(arguments: expectations)
    func sampleConvertsAsExpected(_ expected: Expected) throws {
        let result = try readDetected(Repository.sample(expected.file))
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.activities.count == expected.rows)
        guard let first = result.activities.first, let last = result.activities.last else { return }
        check(first, expected.first, "first")
        check(last, expected.last, "last")
        #expect(sums(result.activities) == expected.sums)
    }

    static var csvExpectations: [Expected] {
        expectations.filter { SampleManifest.files(format: "csv").contains($0.file) }
    }

    @Test(arguments: csvExpectations)
    func detectedDialectAsProfileReproducesTheOutput(_ expected: Expected) throws {
        let path = Repository.sample(expected.file)
        let detected = try CSVStatementReader().detect(ByteInput(path: path), options: ReadOptions()).get()
        let text = detected.dialect.profileText(source: expected.file)
        let profile = try CSVProfile.parse(text, file: "detected.profile").get()
        #expect(profile == CSVProfile(detected.dialect), "the printed profile parses back to the same settings")
        let pinned = try readFile(path, options: ReadOptions(csvProfile: profile))
        let plain = try readFile(path)
        #expect(pinned.activities == plain.activities)
    }

    @Test(arguments: expectations)
    func readingTwiceGivesTheSameIDs(_ expected: Expected) throws {
        let path = Repository.sample(expected.file)
        let once = try readDetected(path).activities.map(\.id)
        let twice = try readDetected(path).activities.map(\.id)
        #expect(once == twice)
        #expect(Set(once).count == once.count, "ids are unique within a file")
    }

    private func check(_ actual: PaymentActivity, _ row: Expected.Row, _ which: String) {
        #expect(actual.date.description == row.date, "\(which) date")
        #expect(actual.name == row.name, "\(which) name")
        #expect(actual.amount.decimalString == row.amount, "\(which) amount")
        #expect(actual.currency?.description == row.currency, "\(which) currency")
        #expect(actual.memo == row.memo, "\(which) memo")
        #expect(actual.account == row.account, "\(which) account")
        #expect(actual.category == row.category, "\(which) category")
        #expect(actual.fitid == row.fitid, "\(which) fitid")
        #expect(actual.checkNumber == row.checkNumber, "\(which) checkNumber")
        #expect(actual.type.rawValue == row.type, "\(which) type")
    }
}
