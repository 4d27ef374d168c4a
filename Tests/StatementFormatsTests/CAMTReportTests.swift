import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// CAMT.052 account reports and CAMT.054 notifications, read like CAMT.053 statements: where the
/// warnings stand, which balances reach `StatementInfo`, which are checked, and what sniffing says.
@Suite struct CAMTReportTests {
    static func quirk(_ name: String) -> String {
        Repository.fixtures.appendingPathComponent("quirks/camt").appendingPathComponent(name).path
    }

    static func read(_ name: String) throws -> StatementCollector {
        var collector = StatementCollector()
        try CAMTStatementReader().read(ByteInput(path: quirk(name)), options: ReadOptions(), into: &collector)
        return collector
    }

    /// A one-account camt.052 (or .054) document: `balances` and `entries` go inside the `Rpt`.
    static func report(_ balances: [String], _ entries: [String], message: CAMTMessage = .report, version: String = "08") -> String {
        let lines =
            [
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:\(message.code).001.\(version)\">",
                "<\(message.root.name)><GrpHdr><MsgId>T</MsgId></GrpHdr>",
                "<\(message.container.name)><Acct><Id><IBAN>DE75512108001245126199</IBAN></Id><Ccy>EUR</Ccy></Acct>",
            ] + balances.map { CAMTDocument.balance(String($0.split(separator: " ")[0]), String($0.split(separator: " ")[1]), "2024-05-14") }
            + entries + ["</\(message.container.name)></\(message.root.name)></Document>"]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("camt.052: pending entries warn at their <Ntry> line; the interim balances become the ledger and available balances")
    func intradayReport() throws {
        let result = try Self.read("052-intraday-booked-and-pending.xml")
        #expect(result.codes == ["camt.not-booked@52:7", "camt.not-booked@92:7"])
        #expect(
            result.rows == [
                "2024-06-12|Mobilfunk Nord GmbH|-89.90|EUR|DE12500105170648489890",
                "2024-06-12|Jonas Albrecht|125.00|EUR|DE12500105170648489890",
                "2024-06-12|Elektro Schäfer KG|-165.59|EUR|DE12500105170648489890",
            ])
        #expect(result.activities.map(\.fitid) == ["VF-2024-06-443812", "2024061200502", "2024061200538"], "EndToEndId before the entry's AcctSvcrRef")
        let info = try #require(result.statements.first)
        #expect(result.statements.count == 1)
        #expect(info.account.id == "DE12500105170648489890")
        #expect(info.openingBalance?.amount == CAMTReaderTests.money("2415.30", "EUR"))
        #expect(info.ledgerBalance == Balance(amount: CAMTReaderTests.money("2284.81", "EUR"), date: LocalDate(year: 2024, month: 6, day: 12)!))
        #expect(info.availableBalance?.amount == CAMTReaderTests.money("2196.81", "EUR"))
        #expect(info.start == LocalDate(year: 2024, month: 6, day: 12))
        #expect(info.end == LocalDate(year: 2024, month: 6, day: 12))
        #expect(info.source.line == 8)
    }

    @Test("camt.054: each Ntfctn is one account's statement info; Othr/Id names the second")
    func notification() throws {
        let result = try Self.read("054-debit-credit-notification.xml")
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.rows == [
                "2025-03-03|Bergbahnen Engelberg AG|4200.00|CHF|CH5604835012345678009",
                "2025-03-03|Immobilien Titlis GmbH|-1850.00|CHF|CH5604835012345678009",
                "2025-03-03|Kartenbezug Hotel Alpenrose Innsbruck|-312.45|EUR|0483-501234-99",
            ])
        #expect(result.activities.first?.address == "Dorfstrasse 34, 6390 Engelberg, CH")
        #expect(result.activities.map(\.memo) == ["Lohn Maerz 2025", "210000000003139471430009017", nil])
        #expect(result.statements.map(\.account.id) == ["CH5604835012345678009", "0483-501234-99"])
        #expect(result.statements.map(\.currency) == [CurrencyCode("CHF"), CurrencyCode("EUR")])
        #expect(result.statements.allSatisfy { $0.openingBalance == nil && $0.ledgerBalance == nil })
    }

    @Test("camt.052 with CLBD: checked like a statement, the warning names the Rpt")
    func reportClosingBalanceChecked() throws {
        let text = Self.report(["OPBD 100.00", "CLBD 80.00"], [CAMTDocument.entry("10.00")])
        let result = try readCAMT(text)
        #expect(result.codes == ["camt.balance-mismatch@4:1"])
        #expect(
            result.diagnostics.first?.message
                == "Document/BkToCstmrAcctRpt/Rpt: opening balance 100.00 + booked entries -10.00 = 90.00, but the closing balance is 80.00")
    }

    @Test("camt.052 whose interim balance follows earlier reports' entries too: ITBD is not checked")
    func interimBalanceNotChecked() throws {
        let text = Self.report(["OPBD 100.00", "ITBD 50.00"], [CAMTDocument.entry("10.00")])
        let result = try readCAMT(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.statements.first?.ledgerBalance?.amount == CAMTReaderTests.money("50.00", "EUR"))
    }

    @Test("camt.054 with a pending entry: warned like any pending entry, with the Ntfctn path; a second Ntfctn is numbered")
    func notificationPaths() throws {
        let one = "<Ntfctn><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>" + CAMTDocument.entry("1.00") + "</Ntfctn>"
        var text = Self.report([], [CAMTDocument.entry("5.00", status: "<Sts>PDNG</Sts>")], message: .notification, version: "02")
        text = text.replacingOccurrences(of: "</Ntfctn></BkToCstmrDbtCdtNtfctn>", with: "</Ntfctn>\n\(one)\n</BkToCstmrDbtCdtNtfctn>")
        let bad = text.replacingOccurrences(of: "<Amt Ccy=\"EUR\">1.00</Amt>", with: "<Amt Ccy=\"EUR\">1,00</Amt>")
        let result = try readCAMT(bad)
        #expect(
            result.diagnostics.map(\.message) == [
                "Document/BkToCstmrDbtCdtNtfctn/Ntfctn/Ntry[1] is pending (status PDNG), not booked yet; not read",
                "Document/BkToCstmrDbtCdtNtfctn/Ntfctn[2]/Ntry[1]/Amt: expected a decimal amount like 12.50, found \"1,00\"",
            ])
        #expect(result.activities.isEmpty)
        #expect(result.statements.map(\.account.id) == ["DE75512108001245126199", "DE02120300000000202051"])
    }

    @Test("a later camt.052 version: the warning names camt.052", arguments: [("052", "camt.052"), ("054", "camt.054")])
    func unknownVersion(_ type: String, _ code: String) throws {
        let message: CAMTMessage = type == "052" ? .report : .notification
        let result = try readCAMT(Self.report([], [CAMTDocument.entry()], message: message, version: "15"))
        #expect(
            result.diagnostics.map(\.message)
                == ["unknown \(code) namespace \"urn:iso:std:iso:20022:tech:xsd:\(code).001.15\"; read as \(code).001.14"])
        #expect(result.activities.count == 1)
    }

    @Test(
        "sniffing names the message type from the namespace, or from the element when there is none",
        arguments: [
            ("camt.052.001.02", "<BkToCstmrAcctRpt>", "message type camt.052 (intraday account report): 'camt.052.001.02' at line 2"),
            ("camt.053.001.08", "<BkToCstmrStmt>", "message type camt.053 (account statement): 'camt.053.001.08' at line 2"),
            ("camt.054.001.04", "<BkToCstmrDbtCdtNtfctn>", "message type camt.054 (debit/credit notification): 'camt.054.001.04' at line 2"),
            ("", "<BkToCstmrDbtCdtNtfctn>", "message type camt.054 (debit/credit notification): 'BkToCstmrDbtCdtNtfctn' at line 3"),
        ])
    func sniffEvidence(_ namespace: String, _ element: String, _ evidence: String) {
        let xmlns = namespace.isEmpty ? "" : " xmlns=\"urn:iso:std:iso:20022:tech:xsd:\(namespace)\""
        let text = "<?xml version=\"1.0\"?>\n<Document\(xmlns)>\n\(element)<GrpHdr/>"
        let sniff = CAMTStatementReader.sniff(SniffInput(Array(text.utf8)))
        #expect(sniff == Sniff(score: 95, evidence: [evidence]))
        #expect(StatementReaders.detect(Array(text.utf8)) == .camt)
    }
}
