import FinanceCore
import Testing

@testable import StatementFormats

/// CSV columns for a payment in another currency: a bank's (named in six languages, found by
/// detection) and pfin's own (`originalAmount`, `originalCurrency`, `exchangeRate`).
@Suite struct CSVOriginalAmountTests {
    static func describe(_ a: PaymentActivity) -> String {
        guard let o = a.original else { return "\(a.amount)" }
        return "\(a.amount) = \(o.amount?.decimalString ?? "?") \(o.currency) @ \(o.rate?.description ?? "-")"
    }

    struct BankCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
    }

    static let banks: [BankCase] = [
        .init(
            testDescription: "English, unsigned original amounts",
            text: """
                Date,Description,Amount,Currency,Original amount,Original currency,Exchange rate
                2024-05-04,NETFLIX.COM,-11.07,EUR,12.00,USD,0.9225
                2024-05-05,Refund Shop,5.00,EUR,5.50,CHF,
                2024-05-06,Bakery,-3.20,EUR,,,

                """),
        .init(
            testDescription: "German, decimal commas and signed originals",
            text: """
                Buchungstag;Verwendungszweck;Betrag;Währung;Betrag in Fremdwährung;Fremdwährung;Wechselkurs
                04.05.2024;NETFLIX.COM;-11,07;EUR;-12,00;USD;0,9225
                05.05.2024;Refund Shop;5,00;EUR;5,50;CHF;
                06.05.2024;Bäckerei;-3,20;EUR;;;

                """),
        .init(
            testDescription: "French",
            text: """
                Date;Libellé;Montant;Devise;Montant d'origine;Devise d'origine;Taux de change
                14/05/2024;NETFLIX.COM;-11,07;EUR;12,00;USD;0,9225
                15/05/2024;Refund Shop;5,00;EUR;5,50;CHF;
                16/05/2024;Boulangerie;-3,20;EUR;;EUR;

                """),
    ]

    @Test(arguments: banks)
    func bankColumns(_ c: BankCase) throws {
        let back = try readCSV(c.text)
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        #expect(
            back.activities.map(Self.describe) == [
                "-11.07 EUR = -12.00 USD @ 0.9225", "5.00 EUR = 5.50 CHF @ -", "-3.20 EUR",
            ])
    }

    @Test func unreadableCellsAreOneWarningAndTheRowsStay() throws {
        let text = """
            Date,Description,Amount,Currency,Original amount,Original currency,Exchange rate
            2024-05-01,Good,-1.00,EUR,1.10,USD,0.91
            2024-05-02,Good,-1.00,EUR,1.10,USD,0.91
            2024-05-03,Good,-1.00,EUR,1.10,USD,0.91
            2024-05-04,A,-11.07,EUR,twelve,USD,0.9225
            2024-05-05,B,-5.00,EUR,5.50,XYZ,
            2024-05-06,C,-3.00,EUR,3.30,USD,-1
            2024-05-07,Good,-1.00,EUR,1.10,USD,0.91
            2024-05-08,Good,-1.00,EUR,1.10,USD,0.91
            2024-05-09,Good,-1.00,EUR,1.10,USD,0.91
            2024-05-10,Good,-1.00,EUR,1.10,USD,0.91
            2024-05-11,Good,-1.00,EUR,1.10,USD,0.91
            2024-05-12,Good,-1.00,EUR,1.10,USD,0.91

            """
        let back = try readCSV(text)
        let good = "-1.00 EUR = -1.10 USD @ 0.91"
        #expect(
            back.activities.map(Self.describe) == [good, good, good, "-11.07 EUR = ? USD @ 0.9225", "-5.00 EUR", "-3.00 EUR = -3.30 USD @ -"]
                + Array(repeating: good, count: 6))
        #expect(back.diagnostics.map(\.code) == ["csv.bad-original-amount"])
        #expect(back.diagnostics.first?.message.contains("lines 5, 6, 7") == true, "\(back.diagnostics)")
    }

    @Test func pfinsOwnCSVReadsBackWithTheOriginal() throws {
        var foreign = PfinCSVReadBackTests.activity("NETFLIX.COM")
        foreign.original = OriginalAmount(currency: CurrencyCode("JPY")!, amount: Money(units: -1850, scale: 0), rate: ExchangeRate(Money(units: 61, scale: 4)))
        var rateOnly = PfinCSVReadBackTests.activity("Rate only")
        rateOnly.original = OriginalAmount(currency: CurrencyCode("GBP")!, rate: ExchangeRate(Money(units: 117, scale: 2)))
        let plain = PfinCSVReadBackTests.activity("Plain")
        let bytes = try PfinCSVReadBackTests.csv([foreign, rateOnly, plain])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(",-1850,JPY,0.0061,\n") && text.contains(",,GBP,1.17,\n") && text.hasSuffix("May.csv:7\",,,,\n"))
        let back = try readCSV(bytes, name: "listed.csv")
        #expect(back.diagnostics.isEmpty)
        #expect(back.activities.map(\.original) == [foreign.original, rateOnly.original, nil])
    }

    @Test func olderHeadersStillRead() throws {
        let rows = [
            CSVActivityWriter.headerWithoutOriginal: "0000000000000001,,2024-05-01,Old,,1.00,USD,,income,,,,x.csv:1",
            CSVActivityWriter.headerWithoutSource: "0000000000000001,,2024-05-01,Old,,1.00,USD,,income,,,",
        ]
        for (header, row) in rows {
            let back = try readCSV(header + "\n" + row + "\n")
            #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
            #expect(back.activities.map(\.name) == ["Old"])
            #expect(back.activities.first?.id == ActivityID(value: 1), "read as pfin's own CSV")
        }
    }
}
