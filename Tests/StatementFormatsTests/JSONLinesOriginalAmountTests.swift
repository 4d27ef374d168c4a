import FinanceCore
import Testing

@testable import StatementFormats

/// A payment in another currency than the account's keeps what the bank said of it through JSON
/// Lines: `originalAmount`, `originalCurrency` and `exchangeRate`, after `source`, only when known.
@Suite struct JSONLinesOriginalAmountTests {
    static let usd = CurrencyCode("USD")!
    static let eur = CurrencyCode("EUR")!

    static func activity(_ original: OriginalAmount?) -> PaymentActivity {
        PaymentActivity(
            id: ActivityID(value: 0xA1), account: "Card", date: LocalDate(year: 2024, month: 5, day: 4)!, name: "NETFLIX.COM",
            amount: Money(units: -1107, scale: 2, currency: eur), source: SourceLocation(file: "card.ofx", line: 12),
            original: original)
    }

    static let originals: [OriginalAmount?] = [
        OriginalAmount(currency: usd, amount: Money(units: -1200, scale: 2), rate: ExchangeRate(Money(units: 9225, scale: 4))),
        OriginalAmount(currency: usd, rate: ExchangeRate(Money(units: 9225, scale: 4))),
        OriginalAmount(currency: usd, amount: Money(units: -1200, scale: 2)),
        OriginalAmount(currency: CurrencyCode("JPY")!, amount: Money(units: -1850, scale: 0)),
        nil,
    ]

    @Test func writtenAfterSourceOnlyWhenKnown() {
        #expect(
            JSONLinesWriter.object(Self.activity(Self.originals[0])).hasSuffix(
                #""source":"card.ofx:12","originalAmount":"-12.00","originalCurrency":"USD","exchangeRate":"0.9225"}"#))
        #expect(
            JSONLinesWriter.object(Self.activity(Self.originals[1])).hasSuffix(
                #""source":"card.ofx:12","originalCurrency":"USD","exchangeRate":"0.9225"}"#))
        #expect(JSONLinesWriter.object(Self.activity(Self.originals[3])).hasSuffix(#""originalAmount":"-1850","originalCurrency":"JPY"}"#))
        #expect(JSONLinesWriter.object(Self.activity(nil)).hasSuffix(#""source":"card.ofx:12"}"#))
    }

    @Test(arguments: 0..<originals.count)
    func readBackAsWritten(_ index: Int) throws {
        let written = Self.activity(Self.originals[index])
        let collector = try readJSONL(JSONLinesWriter.object(written) + "\n")
        #expect(collector.diagnostics.isEmpty)
        #expect(collector.activities == [written])
        #expect(collector.activities.first?.original?.amount?.currency == Self.originals[index]?.amount.map { _ in Self.originals[index]!.currency })
    }

    @Test func keysInAnyOrderAndNumbers() throws {
        let line = #"{"exchangeRate":0.9225,"date":"2024-05-04","originalCurrency":"usd","name":"x","originalAmount":-12,"amount":"-11.07"}"#
        let collector = try readJSONL(line + "\n")
        let original = try #require(collector.activities.first?.original)
        #expect(original.currency == Self.usd)
        #expect(original.amount == Money(units: -12, scale: 0, currency: Self.usd))
        #expect(original.rate == ExchangeRate(Money(units: 92250, scale: 5)))
    }

    @Test(arguments: [
        (#""originalAmount":"-12.00""#, "jsonl.missing-field", #""originalAmount" needs "originalCurrency""#),
        (#""exchangeRate":"0.92""#, "jsonl.missing-field", #""exchangeRate" needs "originalCurrency""#),
        (#""originalCurrency":"USD","exchangeRate":"0""#, "jsonl.bad-original-amount", "positive decimal rate"),
        (#""originalCurrency":"US","originalAmount":"-12""#, "jsonl.bad-original-amount", "in \"originalCurrency\""),
        (#""originalCurrency":"USD","originalAmount":"12,00""#, "jsonl.bad-original-amount", "in \"originalAmount\""),
    ])
    func badOriginalsAreErrorsOfTheirLine(_ keys: String, _ code: String, _ message: String) throws {
        let line = #"{"date":"2024-05-04","amount":"-11.07","name":"x","# + keys + "}"
        let collector = try readJSONL(line + "\n" + #"{"date":"2024-05-05","amount":"-1.00","name":"next"}"# + "\n")
        #expect(collector.activities.map(\.name) == ["next"])
        #expect(collector.diagnostics.map(\.code) == [code])
        #expect(collector.diagnostics.first?.message.contains(message) == true, "\(collector.diagnostics)")
    }
}
