import FinanceCore
import Testing

@testable import Reports

/// Converting amounts into one currency, and the totals of a converted report.
@Suite struct CurrencyConversionTests {
    static let eur = CurrencyCode("EUR")!

    static func converter(_ prices: String) -> CurrencyConverter {
        let (list, errors) = PriceFileParser.parse(prices, file: "p.journal", quote: eur)
        precondition(errors.isEmpty, "\(errors)")
        return CurrencyConverter(target: eur, prices: list)
    }

    static func converted(_ converter: CurrencyConverter, _ activity: PaymentActivity) -> (String, CurrencyConverter.Basis)? {
        guard case .success((let result, let basis)) = converter.convert(activity) else { return nil }
        return ("\(result.amount.decimalString) \(result.amount.currency?.description ?? "-")", basis)
    }

    @Test func statedAmountsAndRatesComeBeforePrices() throws {
        let converter = Self.converter("P 2024-05-01 CHF 1.0215 EUR\n")
        var card = ReportTesting.activity("2024-05-03", "-12.35", currency: "CHF")
        card.original = OriginalAmount(currency: Self.eur, amount: ReportTesting.money("-12.50", "EUR"))
        #expect(Self.converted(converter, card)?.0 == "-12.50 EUR")
        #expect(Self.converted(converter, card)?.1 == .statedAmount)
        // Only the rate stated (EUR per CHF, as OFX's CURRATE): the booked amount divided by it.
        card.original = OriginalAmount(currency: Self.eur, rate: ExchangeRate(ReportTesting.money("0.5", nil)))
        #expect(Self.converted(converter, card)?.0 == "-24.70 EUR")
        #expect(Self.converted(converter, card)?.1 == .statedRate)
        // An original in a third currency is no statement about euros: the market price.
        card.original = OriginalAmount(currency: CurrencyCode("USD")!, amount: ReportTesting.money("-13.00"))
        let priced = try #require(Self.converted(converter, card))
        #expect(priced.0 == "-12.615525 EUR")
        // A euro amount stays as it is.
        let euro = ReportTesting.activity("2024-05-03", "-4.10", currency: "EUR")
        #expect(Self.converted(converter, euro)?.1 == .unchanged)
    }

    @Test func convertedAmountsAreExactAndTheBookedAmountIsKept() throws {
        let converter = Self.converter("P 2024-05-01 EUR 20.0645 ZAR\nP 2024-05-01 INR 0.011095 EUR\n")
        let rand = ReportTesting.activity("2024-05-03", "-100.00", currency: "ZAR")
        guard case .success((let fromRand, _)) = converter.convert(rand) else {
            Issue.record("not converted")
            return
        }
        // 100 / 20.0645 at 18 places, half to even there.
        #expect(fromRand.amount.decimalString == "-4.983926835954048195")
        #expect(fromRand.original == OriginalAmount(currency: CurrencyCode("ZAR")!, amount: ReportTesting.money("-100.00", "ZAR")))
        let rupees = ReportTesting.activity("2024-05-03", "123456.78", currency: "INR")
        #expect(Self.converted(converter, rupees)?.0 == "1369.7529741 EUR")
    }

    @Test func failuresNameTheCurrencyAndTheEarliestDate() {
        let converter = Self.converter("P 2024-05-10 USD 0.92 EUR\n")
        var failures = ConversionFailures()
        for (line, date) in [(3, "2024-05-09"), (4, "2024-05-02"), (5, "2024-05-11")] {
            let activity = ReportTesting.activity(date, "-1.00", currency: "USD", line: line)
            if case .failure(let failure) = converter.convert(activity) { failures.note(failure, for: activity) }
        }
        let noCurrency = ReportTesting.activity("2024-05-02", "-1.00", currency: nil, line: 9)
        if case .failure(let failure) = converter.convert(noCurrency) { failures.note(failure, for: noCurrency) }
        let errors = failures.diagnostics(target: Self.eur, pricesFile: "p.journal")
        #expect(failures.count == 3)
        #expect(errors.map(\.code) == ["report.no-price", "report.no-currency"])
        #expect(errors.first?.message == "no price converts USD into EUR on or before 2024-05-02")
        #expect(errors.first?.location.description == "test.csv:4")
        #expect(errors.first?.notes.first == "1 more payment needs it too, up to 2024-05-09")
        #expect(errors.first?.notes.last?.contains("'P 2024-05-02 USD RATE EUR'") == true)
    }

    @Test func totalsAreRoundedOnceFromExactSums() throws {
        // Ten payments of 0.07 CHF at 1.0215 are 0.071505 EUR each: 0.72 EUR together, where
        // rounding each to the cent first would give 0.70.
        let converter = Self.converter("P 2024-05-01 CHF 1.0215 EUR\n")
        var builder = ReportBuilder(options: ReportOptions(roundsTotals: true))
        for line in 1...10 {
            let activity = ReportTesting.activity("2024-05-03", "-0.07", category: "Food", currency: "CHF", line: line)
            guard case .success((let converted, _)) = converter.convert(activity) else { return }
            builder.add(converted)
        }
        let report = builder.finish()
        let summary = try #require(ReportTesting.summary(report, "2024-05", "EUR"))
        #expect(summary.expense.decimalString == "0.72")
        #expect(summary.expenseCategories.first?.amount.decimalString == "0.72")
        // Listed transactions are shown at the cent.
        #expect(summary.largest.first?.amount.decimalString == "-0.07")
        #expect(summary.transactions.allSatisfy { $0.amount.scale == 2 })
    }

    @Test func halfToEvenAtTheLastDigit() {
        var saturated = false
        let factor = ExactSum.factors[2]
        for (value, expected) in [(Int128(125), Int64(12)), (135, 14), (-125, -12), (126, 13), (-126, -13), (120, 12)] {
            // Hundredths at one decimal: 1.25 → 1.2, 1.35 → 1.4.
            let money = ExactSum.money(value * factor, scale: 1, currency: nil, saturated: &saturated)
            #expect(money.units == expected, "\(value)")
        }
        #expect(!saturated)
    }
}
