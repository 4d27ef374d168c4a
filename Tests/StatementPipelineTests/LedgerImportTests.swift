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

/// A returned direct debit lands beside the debit it returns, not as its duplicate: SEPA returns
/// repeat the original's EndToEndId.
@Suite struct LedgerImportReturnTests {
    static func statement(_ entry: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
        <Acct><Id><IBAN>DE02120300000000202051</IBAN></Id><Ccy>EUR</Ccy></Acct>
        \(entry)
        </Stmt></BkToCstmrStmt></Document>

        """
    }

    static let details = """
        <NtryDtls><TxDtls><Refs><EndToEndId>SW-77</EndToEndId></Refs>
        <RltdPties><Cdtr><Nm>Stadtwerke</Nm></Cdtr></RltdPties></TxDtls></NtryDtls>
        """

    @Test func aReturnedDebitIsImportedBesideTheDebit() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let debit = directory.appendingPathComponent("may.xml").path
        let returned = directory.appendingPathComponent("june.xml").path
        try Self.statement(
            "<Ntry><Amt Ccy=\"EUR\">49.99</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-05-10</Dt></BookgDt>"
                + "<AcctSvcrRef>B-1</AcctSvcrRef>\(Self.details)</Ntry>"
        ).write(toFile: debit, atomically: true, encoding: .utf8)
        try Self.statement(
            "<Ntry><Amt Ccy=\"EUR\">49.99</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>true</RvslInd><Sts>BOOK</Sts>"
                + "<BookgDt><Dt>2024-06-03</Dt></BookgDt><AcctSvcrRef>B-2</AcctSvcrRef>\(Self.details)</Ntry>"
        ).write(toFile: returned, atomically: true, encoding: .utf8)
        let ledger = try Ledger(path: ":memory:")
        #expect(LedgerImport.importFile(InputSource(debit), into: ledger) { _ in }.result.inserted == 1)
        let second = LedgerImport.importFile(InputSource(returned), into: ledger) { _ in }
        #expect(second.result.inserted == 1 && second.result.skippedDuplicates == 0)
        #expect(try ledger.list().map(\.amount.decimalString).sorted() == ["-49.99", "49.99"])
        #expect(LedgerImport.importFile(InputSource(returned), into: ledger) { _ in }.result.skippedDuplicates == 1)
    }
}
