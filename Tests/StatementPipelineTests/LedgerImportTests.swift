import FinanceCore
import Foundation
import LedgerStore
import Rules
import StatementFormats
import StatementPipeline
import Testing

/// Importing a bank file into a ledger from an app: rules applied on the way, each file whole or
/// not at all, a second import adding nothing, problems handed to the caller.
@Suite struct LedgerImportTests {
    static let csv = """
        Date,Description,Amount
        2024-05-01,Coffee Shop,-3.50
        2024-05-01,Coffee Shop,-3.50
        2024-05-02,Salary,2000.00

        """

    static func file(_ text: String) throws -> (String, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("giro.csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, directory)
    }

    @Test func aFileLandsOnceWithItsRulesAndTwinRowsStayTwo() throws {
        let (path, directory) = try Self.file(Self.csv)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try Ledger(path: ":memory:")
        let rules = RuleEngine(
            try RulesParser.parse("rule \"Coffee\"\n  when name contains \"coffee\"\n  set category = \"Food:Coffee\"\n", file: "r.pfin").get())
        var problems: [Diagnostic] = []
        let first = LedgerImport.importFile(InputSource(path), into: ledger, rules: rules) { problems.append($0) }
        #expect(first.ledgerError == nil)
        #expect(first.result.inserted == 3)
        #expect(problems.isEmpty)
        #expect(try ledger.list().compactMap(\.category) == ["Food:Coffee", "Food:Coffee"])

        let again = LedgerImport.importFile(InputSource(path), into: ledger, rules: rules) { problems.append($0) }
        #expect(again.result.inserted == 0)
        #expect(again.result.skippedDuplicates == 3)
        #expect(try ledger.list().count == 3)
    }

    @Test func aFileWithAnErrorIsNotImportedAndTheErrorIsHandedOver() throws {
        let (path, directory) = try Self.file(Self.csv + "2024-05-03,Lunch,lots\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try Ledger(path: ":memory:")
        var problems: [Diagnostic] = []
        let outcome = LedgerImport.importFile(InputSource(path), into: ledger) { problems.append($0) }
        #expect(outcome.result.errors == 1)
        #expect(outcome.result.inserted == 0)
        #expect(problems.map(\.location.line) == [5])
        #expect(try ledger.list().isEmpty, "nothing of the file landed")
    }

    @Test func aDryRunWritesNothing() throws {
        let (path, directory) = try Self.file(Self.csv)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try Ledger(path: ":memory:")
        let outcome = LedgerImport.importFile(InputSource(path), into: ledger, options: ImportOptions(dryRun: true)) { _ in }
        #expect(outcome.result.inserted == 3)
        #expect(outcome.result.dryRun)
        #expect(try ledger.list().isEmpty)
    }
}
