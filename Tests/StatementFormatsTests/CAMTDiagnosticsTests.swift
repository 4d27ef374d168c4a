import FinanceCore
import Testing

@testable import StatementFormats

/// What the CAMT reader says about bad entries, wrong messages and unbalanced statements:
/// exact codes, locations (`line:column` of the element's `<`) and texts.
@Suite struct CAMTDiagnosticsTests {
    typealias Doc = CAMTDocument
    static let notCAMT = "not a CAMT bank-to-customer statement, report or notification"

    @Test("a decimal comma: camt.bad-amount at the Amt element, with its path; the entry skipped, the next read")
    func decimalComma() throws {
        let result = try readCAMT(Doc.statement([Doc.entry("5.00"), Doc.entry("5.00"), Doc.entry("5.00"), Doc.entry("12,50"), Doc.entry("7.00")]))
        #expect(result.codes == ["camt.bad-amount@14:11"])
        let error = try #require(result.errors.first)
        #expect(error.message == "Document/BkToCstmrStmt/Stmt/Ntry[4]/Amt: expected a decimal amount like 12.50, found \"12,50\"")
        #expect(error.notes == ["ISO 20022 amounts have a '.' before the decimals, no sign and no grouping; the entry was skipped"])
        #expect(error.description.hasPrefix("t.xml:14:11: error: Document/BkToCstmrStmt/Stmt/Ntry[4]/Amt"))
        #expect(result.activities.map(\.amount.decimalString) == ["-5.00", "-5.00", "-5.00", "-7.00"])
    }

    @Test("missing Amt, missing CdtDbtInd: an error for that entry, at the <Ntry>")
    func missingElements() throws {
        let result = try readCAMT(Doc.statement([Doc.entry(""), Doc.entry("1.00", ""), Doc.entry("2.00")]))
        #expect(result.codes == ["camt.missing-element@11:5", "camt.missing-element@12:5"])
        #expect(
            result.errors.map(\.message) == [
                "Document/BkToCstmrStmt/Stmt/Ntry[1] has no <Amt>",
                "Document/BkToCstmrStmt/Stmt/Ntry[2] has no <CdtDbtInd>",
            ])
        #expect(result.activities.count == 1)
    }

    @Test("bad indicator and bad date: errors naming the element")
    func badIndicatorAndDate() throws {
        let result = try readCAMT(Doc.statement([Doc.entry("1.00", "DEBIT"), Doc.entry(date: "14.05.2024")]))
        #expect(
            result.errors.map(\.message) == [
                "Document/BkToCstmrStmt/Stmt/Ntry[1]/CdtDbtInd: expected CRDT or DBIT, found \"DEBIT\"",
                "Document/BkToCstmrStmt/Stmt/Ntry[2]/BookgDt/Dt: expected a date like 2024-05-03, found \"14.05.2024\"",
            ])
        #expect(result.activities.isEmpty)
    }

    @Test("v02–v05 <Sts>PDNG</Sts> and v06+ <Sts><Cd>PDNG</Cd></Sts>: skipped, one warning each, not in the balance check")
    func pending() throws {
        let old = try readCAMT(Doc.statement([Doc.entry(status: "<Sts>PDNG</Sts>"), Doc.entry("1.00")], version: "02", closing: "99.00"))
        #expect(old.codes == ["camt.not-booked@11:5"])
        #expect(old.activities.count == 1)
        let new = try readCAMT(Doc.statement([Doc.entry(status: "<Sts><Cd>PDNG</Cd></Sts>")], closing: "100.00"))
        #expect(new.codes == ["camt.not-booked@11:5"])
        #expect(new.diagnostics.first?.severity == .warning)
    }

    @Test("closing balance that does not follow from opening + booked entries: a warning with both figures")
    func balanceMismatch() throws {
        let result = try readCAMT(Doc.statement([Doc.entry("10.00"), Doc.entry("2.50", "CRDT")], closing: "90.00"))
        #expect(result.codes == ["camt.balance-mismatch@5:3"])
        #expect(
            result.diagnostics.first?.message
                == "Document/BkToCstmrStmt/Stmt: opening balance 100.00 + booked entries -7.50 = 92.50, but the closing balance is 90.00")
        #expect(result.diagnostics.first?.notes == ["entries are missing from the file; compare with the bank's statement"])
        #expect(result.activities.count == 2)
        let skipped = try readCAMT(Doc.statement([Doc.entry("10.00"), Doc.entry("2,50", "CRDT")], closing: "92.50"))
        #expect(skipped.codes == ["camt.bad-amount@12:11", "camt.balance-mismatch@5:3"])
        #expect(skipped.diagnostics.last?.notes == ["1 entry was skipped for errors (see above); fix or re-download the file"])
        let balanced = try readCAMT(Doc.statement([Doc.entry("10.00"), Doc.entry("2.50", "CRDT")], closing: "92.50"))
        #expect(balanced.diagnostics.isEmpty)
    }

    @Test("a batched entry whose TxDtls do not add up: one activity each, the rest one of its own, and a warning")
    func batchSum() throws {
        let details =
            Doc.transaction("<Amt Ccy=\"EUR\">4.00</Amt><RltdPties><Cdtr><Nm>A</Nm></Cdtr></RltdPties>")
            + Doc.transaction("<AmtDtls><TxAmt><Amt Ccy=\"EUR\">5.00</Amt></TxAmt></AmtDtls><RltdPties><Cdtr><Nm>B</Nm></Cdtr></RltdPties>")
            + Doc.transaction("<RltdPties><Cdtr><Nm>C</Nm></Cdtr></RltdPties>")
        let result = try readCAMT(Doc.statement([Doc.entry("10.00", details: details)]))
        #expect(result.codes == ["camt.missing-element@11:346"])
        #expect(result.errors.first?.message == "Document/BkToCstmrStmt/Stmt/Ntry[1]/NtryDtls/TxDtls[3] has no <Amt>")
        #expect(result.activities.map(\.name) == ["A", "B"])
        let unequal = try readCAMT(
            Doc.statement([
                Doc.entry(
                    "10.00",
                    details: details.replacingOccurrences(
                        of: Doc.transaction("<RltdPties><Cdtr><Nm>C</Nm></Cdtr></RltdPties>"), with: ""))
            ]))
        #expect(unequal.codes == ["camt.batch-sum@11:5"])
        #expect(
            unequal.diagnostics.first?.message
                == "Document/BkToCstmrStmt/Stmt/Ntry[1]: the 2 <TxDtls> amounts add up to -9.00, but the entry amount is -10.00")
        #expect(unequal.activities.map { "\($0.name) \($0.amount.decimalString)" } == ["A -4.00", "B -5.00", "Rest of batch -1.00"])
        #expect(Set(unequal.activities.map(\.id)).count == 3)
    }

    @Test("a batch that lists its TxDtls without amounts: one activity with the entry amount, and a warning")
    func batchWithoutAmounts() throws {
        let details = Doc.transaction("<RltdPties><Cdtr><Nm>A</Nm></Cdtr></RltdPties>") + Doc.transaction("<RltdPties><Cdtr><Nm>B</Nm></Cdtr></RltdPties>")
        let result = try readCAMT(Doc.statement([Doc.entry("10.00", details: details, extra: "<AddtlNtryInf>SAMMLER</AddtlNtryInf>")], closing: "90.00"))
        #expect(result.codes == ["camt.batch-without-amounts@11:5"])
        #expect(
            result.diagnostics.first?.message
                == "Document/BkToCstmrStmt/Stmt/Ntry[1]: none of the 2 <TxDtls> of this batched entry has an amount; read as one activity")
        #expect(result.rows == ["2024-05-14|SAMMLER|-10.00|EUR|DE75512108001245126199"])
    }

    @Test("a single TxDtls takes the entry's amount even when its own differs")
    func singleTransactionUsesEntryAmount() throws {
        let result = try readCAMT(Doc.statement([Doc.entry("10.00", details: Doc.transaction("<Amt Ccy=\"USD\">11.00</Amt>"))]))
        #expect(result.diagnostics.isEmpty)
        #expect(result.rows == ["2024-05-14||-10.00|EUR|DE75512108001245126199"])
    }

    @Test(arguments: [
        ("camt.056.001.08", "this is an ISO 20022 camt.056.001.08 message, \(Self.notCAMT)"),
        ("pain.001.001.09", "this is a pain.001 credit transfer order, \(Self.notCAMT)"),
        ("pain.008.001.08", "this is a pain.008 direct debit order, \(Self.notCAMT)"),
    ])
    func otherISOMessages(_ namespace: String, _ message: String) throws {
        let text = "<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:\(namespace)\">\n<X><Ntry/></X></Document>\n"
        let result = try readCAMT(text)
        #expect(result.codes == ["camt.not-camt053@2:1"])
        #expect(result.errors.first?.message == message)
        #expect(result.activities.isEmpty && result.statements.isEmpty)
    }

    @Test("XML that is no ISO 20022 message at all: an error, nothing read")
    func notISO() throws {
        let result = try readCAMT("<?xml version=\"1.0\"?>\n<OFX><SIGNONMSGSRSV1/></OFX>\n")
        #expect(result.codes == ["camt.not-camt053@2:1"])
        #expect(result.errors.first?.message == "this is an XML document whose root is not <Document>, \(Self.notCAMT)")
    }

    @Test("not XML at all (a CSV read with --from camt): camt.not-camt053 at line 1")
    func notXML() throws {
        let result = try readCAMT("Datum;Betrag\n14.05.2024;-1,00\n")
        #expect(result.codes == ["camt.not-camt053@1:1"])
        #expect(result.errors.first?.message == "this is not XML, \(Self.notCAMT)")
    }

    @Test("a later camt.053 version: a warning, then read as usual")
    func unknownVersion() throws {
        let result = try readCAMT(Doc.statement([Doc.entry()], version: "15"))
        #expect(result.codes == ["camt.unknown-version@2:1"])
        #expect(result.diagnostics.first?.message.hasSuffix("; read as camt.053.001.14") == true)
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.activities.count == 1)
    }

    @Test("the versions of the last years (.09 to .14) and a national variant that names its version: no warning", arguments: ["09", "10", "13", "14"])
    func recentVersions(_ version: String) throws {
        let result = try readCAMT(Doc.statement([Doc.entry()], version: version))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.count == 1)
    }

    @Test("Austria's STUZZA namespace names camt.053.001.02: read as that, no warning")
    func nationalVariant() throws {
        let text = Doc.statement([Doc.entry()]).replacingOccurrences(
            of: "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08", with: "ISO:camt.053.001.02:APC:STUZZA:payments:003")
        #expect(text.contains("STUZZA"))
        let result = try readCAMT(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.count == 1)
    }

    @Test("a camt.053 inside an envelope with SWIFT's business application header: read as if it were the root")
    func envelope() throws {
        let document = Doc.statement([Doc.entry()]).replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", with: "")
        let header =
            "<AppHdr xmlns=\"urn:iso:std:iso:20022:tech:xsd:head.001.001.02\"><Fr><FIId><FinInstnId><BICFI>ABCDCHZZXXX</BICFI>"
            + "</FinInstnId></FIId></Fr><BizMsgIdr>M-1</BizMsgIdr><MsgDefIdr>camt.053.001.08</MsgDefIdr></AppHdr>"
        let result = try readCAMT("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<message>\(header)\n\(document)</message>\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.count == 1)
        #expect(result.statements.count == 1)
    }

    @Test("an empty file: camt.empty")
    func empty() throws {
        #expect(try readCAMT("").codes == ["camt.empty@1"])
        #expect(try readCAMT("  \n").codes == ["camt.empty@1"])
    }

    @Test("a camt.052 or camt.054 namespace over another message's element: named as not CAMT, at that element")
    func namespaceWithoutItsMessage() throws {
        let text = "<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.052.001.08\">\n<X><Ntry/></X></Document>\n"
        let result = try readCAMT(text)
        #expect(result.codes == ["camt.not-camt053@3:1"])
        #expect(
            result.errors.first?.message
                == "this is an XML document without <BkToCstmrStmt>, <BkToCstmrAcctRpt> or <BkToCstmrDbtCdtNtfctn>, \(Self.notCAMT)")
    }

    @Test("sniffing: camt.053 beats CSV and leaves OFX 2.x to OFX; other ISO 20022 messages come here to be named")
    func sniff() throws {
        let camt = Array(Doc.statement([Doc.entry()]).utf8)
        #expect(StatementReaders.detect(camt) == .camt)
        #expect(CAMTStatementReader.sniff(camt) == 95)
        let ofx = Array(OFXDocument.xmlBank("").utf8)
        #expect(CAMTStatementReader.sniff(ofx) == 0)
        #expect(StatementReaders.detect(ofx) == .ofx)
        let camt054 = Array("<?xml version=\"1.0\"?><Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.054.001.02\">".utf8)
        #expect(StatementReaders.detect(camt054) == .camt)
        #expect(CAMTStatementReader.sniff(Array("date,amount\n2024-05-14,1.00\n".utf8)) == 0)
    }
}
