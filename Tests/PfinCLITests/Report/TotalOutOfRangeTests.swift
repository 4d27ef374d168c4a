import Foundation
import TestSupport
import Testing

/// Totals beyond 64-bit amounts (18 digits beside cents): `report` and `summary` refuse to show a
/// clamped total, naming the month or ledger and the line of the largest amount, and exit 1.
struct TotalOutOfRangeTests {
    static let file = "Tests/Fixtures/fuzz-regressions/store/summary-of-an-18-digit-amount-beside-cents.jsonl"

    @Test(arguments: ["text", "json", "csv"])
    func reportRefusesAClampedTotal(_ format: String) throws {
        let result = try PfinProcess.run(["report", "--input-format", "jsonl", Self.file, "--format", format])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(Self.file):2: error: the totals of 2024-05 without a currency are beyond"), "\(result.stderr)")
        #expect(result.stderr.contains("note: the largest amount among them, 200000414112345678"))
        #expect(result.stderr.contains("no report was written"))
    }

    @Test func reportWritesNoPages() throws {
        let directory = try TemporaryDirectory()
        let result = try PfinProcess.run(["report", "--input-format", "jsonl", Self.file, "--format", "html", "--out-dir", directory.path("site")])
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.path("site/index.html")))
    }

    @Test func summaryRefusesAClampedTotal() throws {
        let fixture = try LedgerFixture()
        let imported = try fixture.pfin(["import", Self.file])
        #expect(imported.status == 0, "\(imported.stderr)")
        let result = try fixture.pfin(["summary", "--from", "2024-05-01", "--to", "2024-05-31"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(fixture.path): error: the ledger's totals without a currency are beyond"), "\(result.stderr)")
    }
}
