import FinanceCore
import Testing

@testable import StatementFormats

/// `AmtDtls`: a payment instructed in another currency keeps its instructed amount and the rate,
/// oriented as account-currency units per unit of that currency.
@Suite struct CAMTOriginalAmountTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let details: String
        /// `amount currency @ rate`, or nil for no original.
        let expected: String?
        var batched = false
    }

    static func exchange(_ inner: String) -> String { "<CcyXchg>\(inner)</CcyXchg>" }

    static let cases: [Case] = [
        .init(
            testDescription: "InstdAmt in USD with a rate per USD (UnitCcy USD)",
            details: "<AmtDtls><InstdAmt><Amt Ccy=\"USD\">12.00</Amt>"
                + exchange("<SrcCcy>USD</SrcCcy><TrgtCcy>EUR</TrgtCcy><UnitCcy>USD</UnitCcy><XchgRate>0.9225</XchgRate>")
                + "</InstdAmt><TxAmt><Amt Ccy=\"EUR\">11.07</Amt></TxAmt></AmtDtls>",
            expected: "-12.00 USD @ 0.9225"),
        .init(
            testDescription: "no UnitCcy: the rate converts from SrcCcy",
            details: "<AmtDtls><InstdAmt><Amt Ccy=\"USD\">12.00</Amt>"
                + exchange("<SrcCcy>USD</SrcCcy><TrgtCcy>EUR</TrgtCcy><XchgRate>0.9225</XchgRate>") + "</InstdAmt></AmtDtls>",
            expected: "-12.00 USD @ 0.9225"),
        .init(
            testDescription: "a rate per EUR (the account's currency) is kept as its reciprocal",
            details: "<AmtDtls><InstdAmt><Amt Ccy=\"USD\">12.00</Amt>"
                + exchange("<SrcCcy>EUR</SrcCcy><TrgtCcy>USD</TrgtCcy><UnitCcy>EUR</UnitCcy><XchgRate>1.0840</XchgRate>")
                + "</InstdAmt></AmtDtls>",
            expected: "-12.00 USD @ 0.9225092251"),
        .init(
            testDescription: "the exchange under TxAmt counts as well",
            details: "<AmtDtls><InstdAmt><Amt Ccy=\"CHF\">50.00</Amt></InstdAmt><TxAmt><Amt Ccy=\"EUR\">10.00</Amt>"
                + exchange("<SrcCcy>CHF</SrcCcy><TrgtCcy>EUR</TrgtCcy><XchgRate>0.2</XchgRate>") + "</TxAmt></AmtDtls>",
            expected: "-50.00 CHF @ 0.20"),
        .init(
            testDescription: "InstdAmt without an exchange: the amount alone",
            details: "<AmtDtls><InstdAmt><Amt Ccy=\"JPY\">1850</Amt></InstdAmt></AmtDtls>", expected: "-1850 JPY @ -"),
        .init(
            testDescription: "InstdAmt of zero in another currency beside money that moved: nothing foreign",
            details: "<AmtDtls><InstdAmt><Amt Ccy=\"SEK\">0</Amt></InstdAmt></AmtDtls>", expected: nil),
        .init(
            testDescription: "InstdAmt in the account's own currency: nothing foreign",
            details: "<AmtDtls><InstdAmt><Amt Ccy=\"EUR\">10.00</Amt></InstdAmt></AmtDtls>", expected: nil),
        .init(
            testDescription: "a rate between two other currencies is not this payment's: the amount alone",
            details: "<AmtDtls><InstdAmt><Amt Ccy=\"USD\">12.00</Amt>"
                + exchange("<SrcCcy>GBP</SrcCcy><TrgtCcy>CHF</TrgtCcy><UnitCcy>GBP</UnitCcy><XchgRate>1.12</XchgRate>")
                + "</InstdAmt></AmtDtls>",
            expected: "-12.00 USD @ -"),
    ]

    static func describe(_ original: OriginalAmount?) -> String? {
        original.map { "\($0.amount?.decimalString ?? "?") \($0.currency) @ \($0.rate?.description ?? "-")" }
    }

    @Test(arguments: cases)
    func inTransactionDetails(_ c: Case) throws {
        let entry = CAMTDocument.entry("10.00", details: CAMTDocument.transaction(c.details))
        let result = try readCAMT(CAMTDocument.statement([entry]))
        #expect(result.errors.isEmpty)
        #expect(result.activities.map { Self.describe($0.original) } == [c.expected])
        #expect(result.activities.map(\.amount) == [Money(units: -1000, scale: 2, currency: CurrencyCode("EUR"))], "the booked amount stays")
    }

    @Test(arguments: cases)
    func onTheEntry(_ c: Case) throws {
        let result = try readCAMT(CAMTDocument.statement([CAMTDocument.entry("10.00", extra: c.details)]))
        #expect(result.activities.map { Self.describe($0.original) } == [c.expected])
    }

    @Test("a payment's TxDtls/Amt in another currency takes the rate from its entry's exchange (Credit Suisse)")
    func transactionAmountWithTheEntrysRate() throws {
        let exchange =
            "<AmtDtls><InstdAmt><Amt Ccy=\"EUR\">522.39</Amt></InstdAmt><TxAmt><Amt Ccy=\"EUR\">522.39</Amt></TxAmt>"
            + "<CntrValAmt><Amt Ccy=\"CHF\">579.21</Amt>"
            + Self.exchange("<SrcCcy>EUR</SrcCcy><TrgtCcy>CHF</TrgtCcy><XchgRate>1.1087693103</XchgRate>") + "</CntrValAmt></AmtDtls>"
        let entry = CAMTDocument.entry(
            "579.21", details: CAMTDocument.transaction("<Amt Ccy=\"EUR\">522.39</Amt><CdtDbtInd>DBIT</CdtDbtInd>"), extra: exchange)
        let text = CAMTDocument.statement([entry]).replacingOccurrences(of: "Ccy>EUR</Ccy></Acct>", with: "Ccy>CHF</Ccy></Acct>")
            .replacingOccurrences(of: "<Amt Ccy=\"EUR\">579.21", with: "<Amt Ccy=\"CHF\">579.21")
        let result = try readCAMT(text)
        #expect(result.activities.map { Self.describe($0.original) } == ["-522.39 EUR @ 1.1087693103"])
        #expect(result.activities.map(\.amount.decimalString) == ["-579.21"])
    }

    @Test func creditKeepsThePositiveSignAndBatchesTheirOwn() throws {
        let foreign = "<AmtDtls><InstdAmt><Amt Ccy=\"USD\">12.00</Amt></InstdAmt></AmtDtls>"
        let credit = CAMTDocument.entry("11.07", "CRDT", details: CAMTDocument.transaction(foreign))
        let batch = CAMTDocument.entry(
            "20.00", details: CAMTDocument.transaction("<Amt Ccy=\"EUR\">10.00</Amt>" + foreign) + CAMTDocument.transaction("<Amt Ccy=\"EUR\">10.00</Amt>"),
            extra: "<AmtDtls><InstdAmt><Amt Ccy=\"GBP\">17.00</Amt></InstdAmt></AmtDtls>")
        let result = try readCAMT(CAMTDocument.statement([credit, batch]))
        #expect(result.errors.isEmpty)
        #expect(result.activities.map { Self.describe($0.original) } == ["12.00 USD @ -", "-12.00 USD @ -", nil])
    }
}
