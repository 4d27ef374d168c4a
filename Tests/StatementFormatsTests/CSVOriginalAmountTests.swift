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

    /// Wise writes the rate as units of the original currency per unit of the account's: with both
    /// amounts stated, the amounts turn it round; a rate that fits neither way is left out.
    @Test func aRateWrittenTheOtherWayRoundIsTurnedByTheAmounts() throws {
        let text = """
            TransferWise ID,Date,Amount,Currency,Description,Payee Name,Merchant,Note,Exchange From,Exchange To,Exchange Rate,Exchange To Amount
            CARD-1,03-05-2024,-39.31,GBP,Card transaction of 45.80 EUR issued by Monoprix,,Monoprix,,GBP,EUR,1.16510,45.80
            CARD-2,04-05-2024,-10.00,GBP,Card transaction of 11.65 EUR issued by Café,,Café,,GBP,EUR,0.8584,11.65
            CARD-3,05-05-2024,-10.00,GBP,Card transaction of 30.00 EUR issued by Bar,,Bar,,GBP,EUR,1.1651,30.00
            TRANSFER-4,06-05-2024,-950.00,GBP,Sent money to Flat 4 Lettings Ltd,Flat 4 Lettings Ltd,,,,,,
            CARD-5,17-05-2024,-6.45,GBP,Card transaction of 6.45 GBP issued by Pret,,Pret,,,,,

            """
        let back = try readCSV(text)
        #expect(
            back.activities.map(Self.describe) == [
                "-39.31 GBP = -45.80 EUR @ 0.8582954253", "-10.00 GBP = -11.65 EUR @ 0.8584", "-10.00 GBP = -30.00 EUR @ -",
                "-950.00 GBP", "-6.45 GBP",
            ])
        #expect(back.diagnostics.map(\.code) == ["csv.unfitting-exchange-rate"])
        #expect(back.diagnostics.first?.location.line == 4, "\(back.diagnostics)")
        // The payee is the merchant, else the description; the always-empty note is not the memo.
        #expect(back.activities.map(\.name) == ["Monoprix", "Café", "Bar", "Sent money to Flat 4 Lettings Ltd", "Pret"])
        #expect(back.activities.first?.memo == "Card transaction of 45.80 EUR issued by Monoprix")
        #expect(back.activities.first?.fitid == "CARD-1")
    }

    /// Deutsche Bank's card statement names two columns `Betrag`: the one after `Fremdwährung`,
    /// empty on domestic rows, is the original amount; the one beside `Währung` the account's.
    @Test func twoAmountColumnsUnderOneNameTheFilledOneIsTheAmount() throws {
        let text = """
            Belegdatum;Eingangstag;Verwendungszweck;Fremdwährung;Betrag;Kurs;Betrag;Währung
            03.02.2023;06.02.2023;REWE Markt;;;;- 45,80;EUR
            12.02.2023;14.02.2023;HOTEL BEISPIEL NEW YORK;USD;- 210,00;1,07500;- 195,35;EUR
            20.02.2023;21.02.2023;Gutschrift;;;;19,99;EUR

            """
        let back = try readCSV(text)
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        #expect(back.activities.map(Self.describe) == ["-45.80 EUR", "-195.35 EUR = -210.00 USD @ -", "19.99 EUR"])
    }

    /// VTB states each payment in its own currency and in the account's: the account's is the
    /// amount, the other the original; the processing date (`Дата обработки`) is the booking date,
    /// and a row still `В обработке` is not booked yet.
    @Test func vtbsAmountInTheAccountsCurrencyIsTheAmount() throws {
        let text = """
            Номер карты/счета/договора;Дата операции;Дата обработки;Сумма операции;Валюта операции;Сумма пересчитанная в валюту счета;Валюта счета;Основание;Статус
            '400000******1111;2024-05-03 00:00:00;2024-05-06;-12,00;USD;-1 096,80;RUB;Карта *1111 NETFLIX.COM;Исполнено
            '400000******1111;2024-05-04 00:00:00;2024-05-06;-250,00;RUB;-250,00;RUB;Карта *1111 ПЯТЕРОЧКА 1234;Исполнено
            '400000******1111;2024-05-09 12:30:00;;-99,00;RUB;-99,00;RUB;Карта *1111 TAXI 77;В обработке

            """
        let back = try readCSV(text)
        #expect(back.activities.map(Self.describe) == ["-1096.80 RUB = -12.00 USD @ -", "-250.00 RUB"])
        #expect(back.activities.map(\.date.description) == ["2024-05-06", "2024-05-06"])
        #expect(back.diagnostics.map(\.code) == ["csv.pending-row"], "\(back.diagnostics)")
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
