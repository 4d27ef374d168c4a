import Foundation
import Testing

/// `pfin convert` on CAMT.053 files, end to end: detection, output, diagnostics and exit status.
struct CAMTConvertTests {
    static let fixtures = "Tests/StatementFormatsTests/Fixtures/camt"

    @Test func theSampleIsDetectedAndConvertsToCSVWithNoDiagnostics() throws {
        let result = try PfinProcess.run(["convert", Repository.sample("de-sparkasse-camt053.xml"), "--to", "csv"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 26)
        #expect(lines.contains { $0.hasSuffix(",2024-05-16,Zahnarztpraxis Dr. Öztürk,,-126.50,EUR,Rechnung 2024-0815,expense,,SAMMLER-2024-05-2,") })
    }

    @Test func warningsKeepExitStatusZeroAndNameTheEntry() throws {
        let file = "\(Self.fixtures)/v08-pending-and-reversal.xml"
        let result = try PfinProcess.run(["convert", file, "--from", "camt"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(result.stderr.contains("\(file):55:7: warning: Document/BkToCstmrStmt/Stmt/Ntry[3] is not booked (status INFO); skipped"))
    }

    @Test func aBadAmountIsAnErrorWithPathLineAndColumn() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-camt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try String(contentsOfFile: Repository.root.appendingPathComponent("\(Self.fixtures)/v02-basic.xml").path, encoding: .utf8)
        let file = directory.appendingPathComponent("bad.xml").path
        try original.replacingOccurrences(of: ">93.45<", with: ">93,45<").write(toFile: file, atomically: true, encoding: .utf8)
        let result = try PfinProcess.run(["convert", file])
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").count == 1, "the good entry is still written")
        #expect(result.stderr.contains(
            "\(file):54:9: error: Document/BkToCstmrStmt/Stmt/Ntry[2]/Amt: expected a decimal amount like 12.50, found \"93,45\""))
        #expect(result.stderr.contains("\(file):54:9: note: ISO 20022 amounts have a '.' before the decimals"))
    }

    @Test func aCamt054NotificationIsRefusedClearly() throws {
        let notification = "<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.054.001.02\">"
            + "<BkToCstmrDbtCdtNtfctn/></Document>\n"
        let result = try PfinProcess.run(["convert", "-"], stdin: Data(notification.utf8))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("error: this is a camt.054 debit/credit notification, not a CAMT.053 bank-to-customer statement"))
    }
}
