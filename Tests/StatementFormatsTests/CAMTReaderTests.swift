import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// CAMT.053 fixtures of each namespace version the reader knows the shape of (.02, .04, .08) and
/// the sample: activities field by field, sums per account, statements and their balances.
@Suite struct CAMTReaderTests {
    static func money(_ text: String, _ currency: String) -> Money {
        let bytes = Array(text.trimmingCharacters(in: ["-"]).utf8)
        var money = bytes.withUnsafeBufferPointer { CAMTValues.amount($0) }!
        if text.hasPrefix("-") { money = money.negated! }
        money.currency = CurrencyCode(currency)
        return money
    }

    @Test("camt.053.001.02: salary credit with debtor name and address, direct debit with AdrLine address, pending entry skipped")
    func version02() throws {
        let result = try readCAMTFixture("v02-basic.xml")
        #expect(result.codes == ["camt.not-booked@72:7"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first?.message == "Document/BkToCstmrStmt/Stmt/Ntry[3] is pending (status PDNG), not booked yet; not read")
        #expect(
            result.rows == [
                "2024-05-15|Muster Maschinenbau GmbH|2500.00|EUR|DE02120300000000202051",
                "2024-05-20|Stadtwerke Beispielstadt|-93.45|EUR|DE02120300000000202051",
            ])
        let salary = try #require(result.activities.first)
        #expect(salary.address == "Industriestraße 7, 70173 Stuttgart, DE")
        #expect(salary.memo == "Lohn/Gehalt 05/2024")
        #expect(salary.fitid == "LOHN-2024-05", "Refs/EndToEndId when there is no Refs/AcctSvcrRef")
        #expect(salary.type == .income)
        #expect(salary.checkNumber == nil)
        #expect(salary.source.line == 33)
        let debit = result.activities[1]
        #expect(debit.address == "Am Werk 1, 12345 Beispielstadt")
        #expect(debit.memo == "RF18539007547034", "Strd/CdtrRefInf/Ref when there is no Ustrd")
        #expect(debit.fitid == "V02-0002", "EndToEndId NOTPROVIDED: the entry's AcctSvcrRef")
        #expect(debit.type == .expense)
        let statement = try #require(result.statements.first)
        #expect(result.statements.count == 1)
        #expect(statement.account.id == "DE02120300000000202051")
        #expect(statement.currency == CurrencyCode("EUR"))
        #expect(statement.openingBalance == Balance(amount: Self.money("1500.00", "EUR"), date: LocalDate(year: 2024, month: 4, day: 30)!))
        #expect(statement.ledgerBalance == Balance(amount: Self.money("3906.55", "EUR"), date: LocalDate(year: 2024, month: 5, day: 31)!))
        #expect(statement.start == LocalDate(year: 2024, month: 5, day: 1))
        #expect(statement.end == LocalDate(year: 2024, month: 5, day: 31))
    }

    @Test("camt.053.001.04: two statements (Othr/Id and IBAN), a batched entry with TxAmt and an unlisted rest, ChqNb, a DtTm booking date")
    func version04() throws {
        let result = try readCAMTFixture("v04-two-accounts.xml")
        #expect(result.codes == ["camt.batch-sum@40:7", "camt.balance-mismatch@62:5"])
        #expect(
            result.diagnostics.map(\.message) == [
                "Document/BkToCstmrStmt/Stmt/Ntry[2]: the 2 <TxDtls> amounts add up to -347.00, but the entry amount is -347.50",
                "Document/BkToCstmrStmt/Stmt[2]: opening balance 1000.00 + booked entries -5.00 = 995.00, but the closing balance is 990.00",
            ])
        #expect(
            result.rows == [
                "2025-02-14|Nachbar AG|450.00|CHF|0012345678",
                "2025-02-20|Vermieterin Frau Zürcher|-300.00|CHF|0012345678",
                "2025-02-20|Hilfswerk|-47.00|CHF|0012345678",
                "2025-02-20|Sammelauftrag|-0.50|CHF|0012345678",
                "2025-02-27|Kontoführung|-5.00|CHF|CH9300762011623852957",
            ])
        #expect(result.activities.map(\.fitid) == ["A-1-TX", "A-2", "A-2", nil, nil])
        #expect(result.activities.map(\.checkNumber) == ["000881", nil, nil, nil, nil])
        #expect(result.activities.map(\.memo) == [nil, "Miete", "Sammelauftrag", "the part of the batched entry its details do not list", nil])
        #expect(result.activities.map(\.source.line) == [23, 48, 54, 40, 80])
        #expect(Set(result.activities.map(\.id)).count == 5, "the batch's shared bank id still gives distinct ids")
        #expect(sums(result.activities) == ["CHF": "97.50"], "the batch's total is what the bank booked")
        #expect(result.statements.map(\.account.id) == ["0012345678", "CH9300762011623852957"])
        #expect(result.statements.first?.openingBalance?.amount == Self.money("-100.00", "CHF"))
    }

    @Test("camt.053.001.08: Sts/Cd, Pty/Nm, a reversal credited back (RvslInd keeps the CdtDbtInd sign), INFO skipped")
    func version08() throws {
        let result = try readCAMTFixture("v08-pending-and-reversal.xml")
        #expect(result.codes == ["camt.not-booked@55:7"])
        #expect(
            result.rows == [
                "2026-02-16|Fitnessstudio Kraftwerk|-29.99|EUR|DE89370400440532013000",
                "2026-02-18|Fitnessstudio Kraftwerk|29.99|EUR|DE89370400440532013000",
            ])
        #expect(result.activities.map(\.address) == ["Hafenstraße 3a, 20457 Hamburg, DE", nil])
        #expect(result.activities.map(\.memo) == ["Beitrag Februar", "Rücklastschrift"])
        #expect(result.activities.map(\.type) == [.expense, .income])
        #expect(result.activities[0].id != result.activities[1].id)
    }

    @Test("--account overrides the file's IBAN, in activities and statements")
    func accountOverride() throws {
        let result = try readCAMTFixture("v02-basic.xml", options: ReadOptions(account: "Giro"))
        #expect(result.activities.map(\.account) == ["Giro", "Giro"])
        #expect(result.statements.map(\.account.id) == ["Giro"])
    }

    @Test("reading the same file twice gives the same ids")
    func stableIDs() throws {
        let once = try readCAMTFixture("v04-two-accounts.xml"), twice = try readCAMTFixture("v04-two-accounts.xml")
        #expect(once.activities.map(\.id) == twice.activities.map(\.id))
    }

    @Test("the sample: 23 entries, the Sammelüberweisung expanded into 3, balances that match")
    func sample() throws {
        var result = StatementCollector()
        try CAMTStatementReader().read(ByteInput(path: Repository.sample("de-sparkasse-camt053.xml")), options: ReadOptions(), into: &result)
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.count == 25)
        #expect(sums(result.activities) == ["EUR": "447.53"])
        let batch = result.activities.filter { $0.date == LocalDate(year: 2024, month: 5, day: 16) }
        #expect(batch.map(\.name) == ["Hausverwaltung Schröder", "Zahnarztpraxis Dr. Öztürk", "Kita Sonnenblume e.V."])
        #expect(batch.map(\.amount.decimalString) == ["-310.00", "-126.50", "-84.00"])
        #expect(result.statements.first?.ledgerBalance?.amount == Self.money("3288.70", "EUR"))
    }

    @Test("two identical entries on one day without bank ids stay two activities with distinct ids")
    func identicalEntries() throws {
        let coffee = CAMTDocument.entry("3.20", details: CAMTDocument.transaction("<RltdPties><Cdtr><Nm>Kaffee</Nm></Cdtr></RltdPties>"))
        let result = try readCAMT(CAMTDocument.statement([coffee, coffee]))
        #expect(result.rows == ["2024-05-14|Kaffee|-3.20|EUR|DE75512108001245126199", "2024-05-14|Kaffee|-3.20|EUR|DE75512108001245126199"])
        #expect(result.activities[0].id != result.activities[1].id)
        #expect(result.activities.map(\.fitid) == [nil, nil])
    }

    @Test("RvslInd: CdtDbtInd is the reversal's own direction (ISO 20022), the counterparty the original one")
    func reversals() throws {
        let parties = CAMTDocument.transaction("<RltdPties><Dbtr><Nm>Zahler</Nm></Dbtr><Cdtr><Nm>Empfänger</Nm></Cdtr></RltdPties>")
        // A returned direct debit (original debit, booked back as a credit) and a returned
        // incoming transfer (original credit, booked back as a debit).
        let returnedDebit = CAMTDocument.entry("8.00", "CRDT", details: parties, extra: "<RvslInd>true</RvslInd>")
        let returnedCredit = CAMTDocument.entry("5.00", "DBIT", details: parties, extra: "<RvslInd>true</RvslInd>")
        let result = try readCAMT(CAMTDocument.statement([returnedDebit, returnedCredit], closing: "103.00"))
        #expect(result.diagnostics.isEmpty, "the balance check agrees with these signs")
        #expect(result.activities.map(\.amount.decimalString) == ["8.00", "-5.00"])
        #expect(result.activities.map(\.name) == ["Empfänger", "Zahler"])
    }

    @Test("name falls back to UltmtCdtr, then AddtlNtryInf; memo joins several Ustrd")
    func fallbacks() throws {
        let ultimate = CAMTDocument.entry(
            details: CAMTDocument.transaction(
                "<RltdPties><UltmtCdtr><Nm>Endempfänger</Nm></UltmtCdtr></RltdPties><RmtInf><Ustrd>eins</Ustrd><Ustrd>zwei</Ustrd></RmtInf>"))
        let info = CAMTDocument.entry(extra: "<AddtlNtryInf>Abschluss</AddtlNtryInf>")
        let result = try readCAMT(CAMTDocument.statement([ultimate, info]))
        #expect(result.activities.map(\.name) == ["Endempfänger", "Abschluss"])
        #expect(result.activities.map(\.memo) == ["eins zwei", nil])
    }

    @Test("a BOM and blank lines before the XML declaration: read, with the file's line numbers")
    func blankLinesAndBOM() throws {
        let text = "\n\n" + CAMTDocument.statement([CAMTDocument.entry()])
        let result = try readCAMT(Array(text.utf8))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.source.line) == [13])
        let bom = try readCAMT([0xEF, 0xBB, 0xBF] + Array(CAMTDocument.statement([CAMTDocument.entry()]).utf8))
        #expect(bom.diagnostics.isEmpty)
        #expect(bom.activities.count == 1)
    }
}
