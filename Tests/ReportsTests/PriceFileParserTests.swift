import FinanceCore
import Testing

@testable import Reports

/// Prices files: hledger `P` directives and CSV rows, and every error at its line and column.
@Suite struct PriceFileParserTests {
    static let eur = CurrencyCode("EUR")!, usd = CurrencyCode("USD")!, chf = CurrencyCode("CHF")!

    static func parse(_ text: String, quote: CurrencyCode? = eur) -> (PriceList, [Diagnostic]) {
        PriceFileParser.parse(text, file: "prices.journal", quote: quote)
    }

    static func rate(_ list: PriceList, _ base: CurrencyCode, _ date: String) -> String? {
        list.quote(base, in: eur, on: ReportTesting.date(date)).map { "\($0.price.rate)\($0.isReversed ? " reversed" : "")" }
    }

    @Test func readsDirectivesInHledgersForms() {
        let (list, errors) = Self.parse(
            """
            ; comment
            # another
            P 2024-05-01 USD 0.9225 EUR
            P 2024/05/02 12:30:00 CHF EUR 1.0240   ; the code first, and a time
            P 2024.05.03 GBP EUR1.169

            """)
        #expect(errors.isEmpty, "\(errors)")
        #expect(list.count == 3)
        #expect(Self.rate(list, Self.usd, "2024-05-01") == "0.9225")
        #expect(Self.rate(list, Self.chf, "2024-05-02") == "1.024")
        #expect(Self.rate(list, CurrencyCode("GBP")!, "2024-05-31") == "1.169")
    }

    @Test func readsCSVWithAndWithoutAHeader() {
        let (headed, errors) = Self.parse("date,currency,rate\n2024-05-01,USD,0.9225\n\"2024-05-02\",CHF,\"1,024\"\n")
        #expect(errors.isEmpty, "\(errors)")
        #expect(Self.rate(headed, Self.usd, "2024-05-01") == "0.9225")
        #expect(Self.rate(headed, Self.chf, "2024-05-02") == "1.024")
        // The quote column names the currency of the rate; without one it is the report's.
        let (bare, bareErrors) = Self.parse("2024-05-01;EUR;1.0840;USD\n", quote: nil)
        #expect(bareErrors.isEmpty, "\(bareErrors)")
        #expect(Self.rate(bare, Self.usd, "2024-05-01") == "1.084 reversed")
    }

    @Test func everyProblemIsAnErrorAtItsColumn() {
        let cases: [(String, String, String)] = [
            ("P 2024-13-01 USD 0.92 EUR", "prices.journal:1:3", "prices.bad-date"),
            ("P 2024-05-01 $ 0.92 EUR", "prices.journal:1:14", "prices.bad-currency"),
            ("P 2024-05-01 USD -0.92 EUR", "prices.journal:1:18", "prices.syntax"),
            ("P 2024-05-01 USD 0 EUR", "prices.journal:1:18", "prices.bad-rate"),
            ("P 2024-05-01 EUR 1 EUR", "prices.journal:1:14", "prices.same-currency"),
            ("P 2024-05-01 USD 0.92 EUR\n2024-05-01 * Coffee", "prices.journal:2:1", "prices.syntax"),
            ("p 2024-05-01 USD 0.92 EUR", "prices.journal:1:1", "prices.syntax"),
            ("2024-05-01,USD,abc", "prices.journal:1:16", "prices.bad-rate"),
            ("", "prices.journal", "prices.empty"),
        ]
        for (text, location, code) in cases {
            let (_, errors) = Self.parse(text)
            #expect(errors.count == 1, "\(text): \(errors)")
            #expect(errors.first?.location.description == location, "\(text): \(errors)")
            #expect(errors.first?.code == code, "\(text): \(errors)")
            #expect(errors.first?.notes.isEmpty == false)
        }
        let (_, unquoted) = Self.parse("2024-05-01,USD,0.92\n", quote: nil)
        #expect(unquoted.first?.message == "the row does not say which currency the rate is in")
    }

    @Test func theLatestPriceOnOrBeforeTheDateIsUsedNeverALaterOne() {
        let (list, errors) = Self.parse(
            """
            P 2024-05-01 USD 0.9200 EUR
            P 2024-05-10 USD 0.9300 EUR
            P 2024-05-10 USD 0.9310 EUR
            P 2024-05-20 EUR 1.0000 USD
            P 2024-05-25 USD 0.9500 EUR
            P 2024-05-25 EUR 1.0600 USD
            """)
        #expect(errors.isEmpty)
        #expect(Self.rate(list, Self.usd, "2024-04-30") == nil)
        #expect(Self.rate(list, Self.usd, "2024-05-09") == "0.92")
        // Of two prices on one day, the later line.
        #expect(Self.rate(list, Self.usd, "2024-05-10") == "0.931")
        // A price stated the other way round counts when it is the latest.
        #expect(Self.rate(list, Self.usd, "2024-05-24") == "1.00 reversed")
        // On the same day, the one stated in the direction of the conversion.
        #expect(Self.rate(list, Self.usd, "2024-06-30") == "0.95")
    }
}
