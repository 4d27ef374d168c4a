import FinanceCore
import Testing

@testable import StatementFormats

/// Returns keep ids apart from the payments they return; batches book in the entry's currency and
/// split off the charges their entry amount has taken.
@Suite struct CAMTReturnsAndChargesTests {
    static let debit = CAMTDocument.transaction(
        "<Refs><EndToEndId>E2E-0042</EndToEndId></Refs><RltdPties><Cdtr><Nm>Stadtwerke</Nm></Cdtr></RltdPties>")

    @Test(
        "a return never takes the id of the payment it returns (SEPA R-transactions repeat its EndToEndId)",
        arguments: [
            ("RvslInd", "<RvslInd>true</RvslInd>", debit),
            ("RtrInf", "", debit.replacingOccurrences(of: "</TxDtls>", with: "<RtrInf><Rsn><Cd>AM04</Cd></Rsn></RtrInf></TxDtls>")),
            ("UPDD", "<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RDDT</Cd><SubFmlyCd>UPDD</SubFmlyCd></Fmly></Domn></BkTxCd>", debit),
        ])
    func returnsHaveTheirOwnIds(_ name: String, _ extra: String, _ details: String) throws {
        let payment = try readCAMT(CAMTDocument.statement([CAMTDocument.entry("49.99", reference: "B-1", details: Self.debit)]))
        let returned = try readCAMT(
            CAMTDocument.statement([CAMTDocument.entry("49.99", "CRDT", date: "2024-05-20", reference: "B-2", details: details, extra: extra)]))
        #expect(payment.activities.map(\.fitid) == ["E2E-0042"], "a payment's id is unchanged")
        #expect(returned.activities.map(\.fitid) == ["B-2"], "the return's own reference")
        #expect(returned.activities.map(\.name) == ["Stadtwerke"], "the counterparty of the payment it returns")
        #expect(returned.activities[0].id != payment.activities[0].id)
        // Without a reference of its own, the return still differs from the payment.
        let bare = try readCAMT(CAMTDocument.statement([CAMTDocument.entry("49.99", "CRDT", details: details, extra: extra)]))
        #expect(bare.activities[0].fitid == "E2E-0042")
        #expect(bare.activities[0].id != payment.activities[0].id)
    }

    @Test("a returned direct debit we collected (DBIT, RtrInf) is named by the payer, the debtor, not by us")
    func returnedCollectionNamesThePayer() throws {
        let details = CAMTDocument.transaction(
            "<Refs><EndToEndId>E2E-7</EndToEndId></Refs><RltdPties><Dbtr><Nm>Sven Schuldner</Nm></Dbtr>"
                + "<Cdtr><Nm>Erwin Einzieher</Nm></Cdtr></RltdPties><RtrInf><Rsn><Cd>MS03</Cd></Rsn></RtrInf>")
        let result = try readCAMT(CAMTDocument.statement([CAMTDocument.entry("53.00", details: details)]))
        #expect(result.activities.map { "\($0.name) \($0.amount.decimalString)" } == ["Sven Schuldner -53.00"])
    }

    @Test("a batch detail's TxDtls/Amt in the account's currency is booked, its TxAmt in another currency is the original")
    func batchInAccountCurrency() throws {
        func detail(_ eur: String, _ usd: String) -> String {
            CAMTDocument.transaction(
                "<Amt Ccy=\"EUR\">\(eur)</Amt><CdtDbtInd>CRDT</CdtDbtInd><AmtDtls><TxAmt><Amt Ccy=\"USD\">\(usd)</Amt>"
                    + "<CcyXchg><SrcCcy>USD</SrcCcy><TrgtCcy>EUR</TrgtCcy><UnitCcy>USD</UnitCcy><XchgRate>0.92</XchgRate></CcyXchg></TxAmt></AmtDtls>")
        }
        let entry = CAMTDocument.entry("138.00", "CRDT", details: detail("92.00", "100.00") + detail("46.00", "50.00"))
        let result = try readCAMT(CAMTDocument.statement([entry], closing: "238.00"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map { "\($0.amount.decimalString) \($0.amount.currency?.description ?? "")" } == ["92.00 EUR", "46.00 EUR"])
        #expect(result.activities.map { $0.original?.amount?.decimalString } == ["100.00", "50.00"])
        #expect(result.activities.map { $0.original?.rate?.description } == ["0.92", "0.92"])
    }

    @Test("a batch whose details state amounts only in another currency stays whole, with a warning")
    func batchOnlyInOtherCurrency() throws {
        let detail = CAMTDocument.transaction("<AmtDtls><TxAmt><Amt Ccy=\"USD\">100.00</Amt></TxAmt></AmtDtls>")
        let result = try readCAMT(CAMTDocument.statement([CAMTDocument.entry("184.00", "CRDT", details: detail + detail)], closing: "284.00"))
        #expect(result.diagnostics.map(\.code) == ["camt.batch-other-currency"])
        #expect(result.activities.map(\.amount.decimalString) == ["184.00"])
        #expect(result.activities[0].amount.currency == CurrencyCode("EUR"))
    }

    @Test(
        "charges the batch's entry amount has taken off become a transaction of their own",
        arguments: [
            // v04+: a record marked included; v02: Chrgs with its Amt; charges listed per detail.
            ("<Chrgs><Rcrd><Amt Ccy=\"EUR\">2.40</Amt><CdtDbtInd>DBIT</CdtDbtInd><ChrgInclInd>true</ChrgInclInd></Rcrd></Chrgs>", ""),
            ("<Chrgs><Amt Ccy=\"EUR\">2.40</Amt></Chrgs>", ""),
            ("", "<Chrgs><Rcrd><Amt Ccy=\"EUR\">1.20</Amt><CdtDbtInd>DBIT</CdtDbtInd></Rcrd></Chrgs>"),
        ])
    func includedCharges(_ entryCharges: String, _ detailCharges: String) throws {
        let detail = CAMTDocument.transaction("<Amt Ccy=\"EUR\">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>\(detailCharges)")
        let entry = CAMTDocument.entry("197.60", "CRDT", reference: "SAMMEL-7", details: detail + detail, extra: entryCharges)
        let result = try readCAMT(CAMTDocument.statement([entry], closing: "297.60"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map { "\($0.name) \($0.amount.decimalString)" } == [" 100.00", " 100.00", "Bank charges -2.40"])
        #expect(Set(result.activities.map(\.id)).count == 3)
    }

    @Test("charges that do not make the sum agree leave the batch-sum warning")
    func chargesThatDoNotFit() throws {
        let detail = CAMTDocument.transaction("<Amt Ccy=\"EUR\">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>")
        let charges = "<Chrgs><Rcrd><Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><ChrgInclInd>true</ChrgInclInd></Rcrd></Chrgs>"
        let entry = CAMTDocument.entry("197.60", "CRDT", details: detail + detail, extra: charges)
        let result = try readCAMT(CAMTDocument.statement([entry], closing: "297.60"))
        #expect(result.diagnostics.map(\.code) == ["camt.batch-sum"])
        #expect(result.activities.map(\.amount.decimalString) == ["100.00", "100.00", "-2.40"], "the rest keeps the total the bank's")
    }
}
