import Foundation
import Testing

/// `pfin convert` on CAMT files (camt.053, camt.054), end to end: detection, output, diagnostics and exit status.
struct CAMTConvertTests {
    static let fixtures = "Tests/StatementFormatsTests/Fixtures/camt"

    @Test func theSampleIsDetectedAndConvertsToCSVWithNoDiagnostics() throws {
        let result = try PfinProcess.run(["convert", Repository.sample("de-sparkasse-camt053.xml"), "--to", "csv"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 26)
        #expect(
            lines.contains {
                $0.hasSuffix(
                    ",2024-05-16,Zahnarztpraxis Dr. Öztürk,,-126.50,EUR,Rechnung 2024-0815,expense,,SAMMLER-2024-05-2,,Samples/de-sparkasse-camt053.xml:770,,,,"
                )
            })
    }

    @Test func warningsKeepExitStatusZeroAndNameTheEntry() throws {
        let file = "\(Self.fixtures)/v08-pending-and-reversal.xml"
        let result = try PfinProcess.run(["convert", file, "--from", "camt"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(result.stderr.contains("\(file):55:7: warning: Document/BkToCstmrStmt/Stmt/Ntry[3] is information only (status INFO), not booked; not read"))
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
        #expect(
            result.stderr.contains(
                "\(file):54:9: error: Document/BkToCstmrStmt/Stmt/Ntry[2]/Amt: expected a decimal amount like 12.50, found \"93,45\""))
        #expect(result.stderr.contains("\(file):54:9: note: ISO 20022 amounts have a '.' before the decimals"))
    }

    @Test func aCamt054NotificationIsDetectedAndRead() throws {
        let notification =
            "<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.054.001.02\">"
            + "<BkToCstmrDbtCdtNtfctn><Ntfctn><Acct><Id><IBAN>DE12500105170648489890</IBAN></Id><Ccy>EUR</Ccy></Acct>"
            + "<Ntry><Amt Ccy=\"EUR\">12.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-06-12</Dt></BookgDt>"
            + "<AddtlNtryInf>Gebuehr</AddtlNtryInf></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>\n"
        let result = try PfinProcess.run(["convert", "-", "--to", "csv"], stdin: Data(notification.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains(",2024-06-12,Gebuehr,,-12.00,EUR,"))
    }
}
