import FinanceCore
import ReportRendering
import Reports
import Testing

/// The shared formatting every renderer shows money, dates, shares and widths through.
@Suite struct FormattingTests {
    struct MoneyCase: Sendable, CustomTestStringConvertible {
        let name: String
        let units: Int64
        let scale: UInt8
        let currency: String?
        let plain: String
        let signed: String
        var testDescription: String { name }
    }

    static let moneyCases: [MoneyCase] = [
        .init(name: "dollars with grouping", units: 123_450, scale: 2, currency: "USD", plain: "1,234.50", signed: "+$1,234.50"),
        .init(name: "negative euros", units: -5420, scale: 2, currency: "EUR", plain: "-54.20", signed: "-€54.20"),
        .init(name: "zero has no sign", units: 0, scale: 0, currency: "GBP", plain: "0.00", signed: "£0.00"),
        .init(name: "below one keeps the zero", units: -5, scale: 2, currency: "USD", plain: "-0.05", signed: "-$0.05"),
        .init(name: "yen have no decimals", units: 1_234_567, scale: 0, currency: "JPY", plain: "1,234,567", signed: "+¥1,234,567"),
        .init(name: "whole euros padded", units: 1000, scale: 0, currency: "EUR", plain: "1,000.00", signed: "+€1,000.00"),
        .init(name: "exactly three digits, no comma", units: 99_999, scale: 2, currency: "INR", plain: "999.99", signed: "+₹999.99"),
        .init(name: "four digits, one comma", units: 100_000, scale: 2, currency: "INR", plain: "1,000.00", signed: "+₹1,000.00"),
        .init(name: "Swiss francs keep their code", units: -1200, scale: 2, currency: "CHF", plain: "-12.00", signed: "-CHF 12.00"),
        .init(name: "Australian dollars are told apart", units: 500, scale: 2, currency: "AUD", plain: "5.00", signed: "+A$5.00"),
        .init(name: "Canadian dollars are told apart", units: 500, scale: 2, currency: "CAD", plain: "5.00", signed: "+CA$5.00"),
        .init(name: "rand", units: 2_500_000, scale: 2, currency: "ZAR", plain: "25,000.00", signed: "+R25,000.00"),
        .init(name: "other currencies show the code", units: 1200, scale: 2, currency: "SEK", plain: "12.00", signed: "+SEK 12.00"),
        .init(name: "unknown currency shows no symbol", units: -700, scale: 2, currency: nil, plain: "-7.00", signed: "-7.00"),
        .init(name: "dinar pads to three digits", units: 1_234_500, scale: 3, currency: "BHD", plain: "1,234.500", signed: "+BHD 1,234.500"),
        .init(name: "more digits than the currency are kept", units: 123_456, scale: 3, currency: "USD", plain: "123.456", signed: "+$123.456"),
        .init(
            name: "Int64.min", units: .min, scale: 2, currency: "USD", plain: "-92,233,720,368,547,758.08",
            signed: "-$92,233,720,368,547,758.08"),
        .init(name: "maximum scale", units: 1, scale: 18, currency: nil, plain: "0.000000000000000001", signed: "+0.000000000000000001"),
    ]

    @Test(arguments: moneyCases)
    func money(_ c: MoneyCase) {
        let money = Money(units: c.units, scale: c.scale, currency: c.currency.flatMap { CurrencyCode($0) })
        #expect(MoneyText.plain(money) == c.plain)
        #expect(MoneyText.signed(money) == c.signed)
    }

    @Test func withSymbolAndPlusSign() {
        let dollars = Money(units: 123_450, scale: 2, currency: CurrencyCode("USD"))
        #expect(MoneyText.withSymbol(dollars) == "$1,234.50")
        #expect(MoneyText.withSymbol(dollars.negated!) == "-$1,234.50")
        #expect(MoneyText.plain(dollars, plusSign: true) == "+1,234.50")
        #expect(MoneyText.prefix(for: nil) == "")
        #expect(MoneyText.prefix(for: CurrencyCode("xyz")) == "XYZ ")
    }

    @Test(arguments: [
        (2024, 5, 3, "03 May 2024", "03 May"),
        (2024, 12, 31, "31 Dec 2024", "31 Dec"),
        (1999, 1, 1, "01 Jan 1999", "01 Jan"),
        (2024, 2, 29, "29 Feb 2024", "29 Feb"),
    ])
    func dates(_ year: Int, _ month: Int, _ day: Int, _ long: String, _ short: String) {
        let date = LocalDate(year: year, month: month, day: day)!
        #expect(DateText.long(date) == long)
        #expect(DateText.dayMonth(date) == short)
    }

    @Test(
        arguments: [
            (1234, "12.34", "+12%"),
            (-500, "-5.00", "-5%"),
            (0, "0.00", "0%"),
            (-49, "-0.49", "0%"),
            (25_000, "250.00", "+250%"),
            (10_000_000, "100000.00", ">+99999%"),
            (-10_000_000, "-100000.00", "<-99999%"),
        ] as [(Int64, String, String)])
    func percents(_ basisPoints: Int64, _ decimal: String, _ change: String) {
        let share = Share(basisPoints: basisPoints)
        #expect(PercentText.decimal(share) == decimal)
        #expect(PercentText.change(share) == change)
    }

    @Test(arguments: [
        ("Whole Foods", 11),
        ("Café Müller", 11),
        ("e\u{301}", 1),
        ("東京駅", 6),
        ("", 0),
    ])
    func widths(_ text: String, _ width: Int) {
        #expect(TextWidth.of(text) == width)
    }

    @Test func truncationEndsInAnEllipsisAndFits() {
        #expect(TextWidth.truncated("Whole Foods Market", to: 10) == "Whole Foo…")
        #expect(TextWidth.truncated("Whole Foods", to: 11) == "Whole Foods")
        #expect(TextWidth.truncated("東京駅前店", to: 6) == "東京…")
        #expect(TextWidth.of(TextWidth.truncated("東京駅前店", to: 6)) <= 6)
    }

    @Test func controlCharactersBecomeSpaces() {
        #expect(TextWidth.sanitized("a\u{1B}[31mb\nc\u{202E}d") == "a [31mb c d")
        #expect(TextWidth.sanitized("plain") == "plain")
    }
}
