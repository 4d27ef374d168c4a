import FinanceCore
import Testing

@testable import StatementFormats

@Suite struct AmountParserTests {
    static let point = UInt8(ascii: "."), comma = UInt8(ascii: ",")

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let mark: UInt8
        let units: Int64
        let scale: UInt8
        let currency: String?
        let isSigned: Bool
        /// The sign is a debit/credit mark (`DR`, `Cr`, `S`, `H`).
        let hasDirectionMark: Bool
        /// The currency is a sign several currencies share (`$`, `¥`), and `currency` its guess.
        let shared: SharedCurrencySign?
        init(
            _ name: String, _ text: String, mark: UInt8 = AmountParserTests.point, _ units: Int64, scale: UInt8 = 2,
            currency: String? = nil, signed: Bool = false, marked: Bool = false, shared: SharedCurrencySign? = nil
        ) {
            self.name = name; self.text = text; self.mark = mark; self.units = units; self.scale = scale
            self.currency = currency; self.isSigned = signed; self.hasDirectionMark = marked; self.shared = shared
        }
        var testDescription: String { name }
    }

    static let accepted: [Case] = [
        // Grouping and decimal marks
        .init("minus with comma grouping: -1,234.56", "-1,234.56", -123_456, signed: true),
        .init("German 1.234,56", "1.234,56", mark: comma, 123_456),
        .init("French space grouping 1 234,56", "1 234,56", mark: comma, 123_456),
        .init("Swiss apostrophe 1'234.50", "1'234.50", 123_450),
        .init("Swiss typographic apostrophe 1’234.50", "1’234.50", 123_450),
        .init("NBSP thousands 1\u{A0}234,56", "1\u{A0}234,56", mark: comma, 123_456),
        .init("narrow NBSP thousands 1\u{202F}234,56", "1\u{202F}234,56", mark: comma, 123_456),
        .init("thin space thousands 1\u{2009}234,56", "1\u{2009}234,56", mark: comma, 123_456),
        .init("Indian grouping 1,23,456.00", "1,23,456.00", 12_345_600),
        .init("several groups 1,234,567.89", "1,234,567.89", 123_456_789),
        .init("several space groups 12 345 678,90", "12 345 678,90", mark: comma, 1_234_567_890),
        .init("grouping without decimals 1,234", "1,234", 1234, scale: 0),
        .init("point grouping without decimals under comma mark 1.234", "1.234", mark: comma, 1234, scale: 0),
        .init("no grouping 1234.5", "1234.5", 12_345, scale: 1),
        .init("integer", "42", 42, scale: 0),
        .init("three decimals kept", "1.234", 1234, scale: 3),
        .init("leading decimal mark .50", ".50", 50),
        .init("trailing decimal mark 5.", "5.", 5, scale: 0),
        .init("zero", "0.00", 0),
        .init("negative zero is zero but signed", "-0.00", 0, signed: true),
        .init("leading zeros are not significant", "0000000000000000000012.00", 1200),
        .init("18 significant digits fit", "999999999999999999", 999_999_999_999_999_999, scale: 0),
        .init("18 significant digits with decimals", "-9999999999999999.99", -999_999_999_999_999_999, signed: true),
        // Signs
        .init("parentheses (54.20)", "(54.20)", -5420, signed: true),
        .init("parentheses around a symbol ($54.20)", "($54.20)", -5420, currency: "USD", signed: true, shared: .dollar),
        .init("parentheses with spaces ( 54.20 )", "( 54.20 )", -5420, signed: true),
        .init("trailing minus 54.20-", "54.20-", -5420, signed: true),
        .init("trailing minus with decimal comma 54,20-", "54,20-", mark: comma, -5420, signed: true),
        .init("trailing minus after a space 54.20 -", "54.20 -", -5420, signed: true),
        .init("trailing plus 54.20+", "54.20+", 5420, signed: true),
        .init("DR suffix is a debit", "54.20 DR", -5420, signed: true, marked: true),
        .init("CR suffix is a credit", "54.20 CR", 5420, signed: true, marked: true),
        .init("lower-case dr with a dot", "54.20 dr.", -5420, signed: true, marked: true),
        .init("Cr mixed case", "54.20 Cr", 5420, signed: true, marked: true),
        .init("DR glued to the number", "54.20DR", -5420, signed: true, marked: true),
        .init("Dr glued, mixed case: 0.80Dr", "0.80Dr", -80, signed: true, marked: true),
        .init("dr after a space: 0.80 dr", "0.80 dr", -80, signed: true, marked: true),
        .init("DB is a debit", "12.00 DB", -1200, signed: true, marked: true),
        .init("DR before the number", "DR 1,234.00", -123_400, signed: true, marked: true),
        .init("Cr before the number", "Cr 15.00", 1500, signed: true, marked: true),
        .init("Haben H after a decimal comma: 12,00 H", "12,00 H", mark: comma, 1200, signed: true, marked: true),
        .init("Soll S after a grouped amount: 1.234,56 S", "1.234,56 S", mark: comma, -123_456, signed: true, marked: true),
        .init("lower-case soll glued: 3,00s", "3,00s", mark: comma, -300, signed: true, marked: true),
        .init("single D is a debit", "5.00 D", -500, signed: true, marked: true),
        .init("single C is a credit", "5.00 C", 500, signed: true, marked: true),
        .init("Haben after the euro sign: 12,00 € H", "12,00 € H", mark: comma, 1200, currency: "EUR", signed: true, marked: true),
        .init("CHF is a currency, not a C mark", "12.00 CHF", 1200, currency: "CHF"),
        .init("plus, space, pound sign: + £1,234.56", "+ £1,234.56", 123_456, currency: "GBP", signed: true),
        .init("minus, space, dollar sign: - $5.00", "- $5.00", -500, currency: "USD", signed: true, shared: .dollar),
        .init("minus, euro sign, decimal comma: -€12,00", "-€12,00", mark: comma, -1200, currency: "EUR", signed: true),
        .init("minus, space, euro sign, space: - € 3,50", "- € 3,50", mark: comma, -350, currency: "EUR", signed: true),
        .init("explicit plus +1,234.56", "+1,234.56", 123_456, signed: true),
        .init("Unicode minus sign −5.00", "\u{2212}5.00", -500, signed: true),
        .init("minus then a space", "- 5.00", -500, signed: true),
        .init("leading and trailing spaces", "  5.00  ", 500),
        .init("leading NBSP", "\u{A0}5.00", 500),
        // Currencies
        .init("dollar sign $54.20", "$54.20", 5420, currency: "USD", shared: .dollar),
        .init("minus before pound sign -£5.00", "-£5.00", -500, currency: "GBP", signed: true),
        .init("minus after pound sign £-5.00", "£-5.00", -500, currency: "GBP", signed: true),
        .init("euro sign after 12,00 €", "12,00 €", mark: comma, 1200, currency: "EUR"),
        .init("euro sign after NBSP 12,00\u{A0}€", "12,00\u{A0}€", mark: comma, 1200, currency: "EUR"),
        .init("grouped amount then euro sign 1 234,56 €", "1 234,56 €", mark: comma, 123_456, currency: "EUR"),
        .init("code before EUR 12.00", "EUR 12.00", 1200, currency: "EUR"),
        .init("code after 12.00 USD", "12.00 USD", 1200, currency: "USD"),
        .init("code glued EUR12.00", "EUR12.00", 1200, currency: "EUR"),
        .init("lower-case code usd", "12.00 usd", 1200, currency: "USD"),
        .init("US$ wins over $", "US$5.00", 500, currency: "USD"),
        .init("C$ is Canadian", "C$5.00", 500, currency: "CAD"),
        .init("Fr. with its own dot", "Fr. 12.50", 1250, currency: "CHF"),
        .init("kr names no single currency", "12,50 kr", mark: comma, 1250, currency: nil),
        .init("kr. with a dot", "12,50 kr.", mark: comma, 1250, currency: nil),
        .init("yen symbol", "¥1500", 1500, scale: 0, currency: "JPY", shared: .yen),
        .init("the yen sign with decimals is the yuan's (the yen has no minor unit): ¥15.90", "¥15.90", 1590, currency: "CNY", shared: .yen),
        .init("the full-width sign, Chinese style: -￥38.50", "-￥38.50", -3850, currency: "CNY", signed: true, shared: .yen),
        .init("the full-width sign, Japanese style: ￥1,200", "￥1,200", 1200, scale: 0, currency: "JPY", shared: .yen),
        .init("円 names the yen alone: 1,200円", "1,200円", 1200, scale: 0, currency: "JPY"),
        .init("A$ names one dollar: A$12.00", "A$12.00", 1200, currency: "AUD"),
        .init("rupee with Indian grouping", "₹1,23,456.00", 12_345_600, currency: "INR"),
        .init("symbol, parentheses and code order: $(5.00)", "$(5.00)", -500, currency: "USD", signed: true, shared: .dollar),
        .init("symbol then DR", "$54.20 DR", -5420, currency: "USD", signed: true, marked: true, shared: .dollar),
        .init("Jordanian dinar before, its dot glued to the number: د.ا.4.750", "د.ا.4.750", 4750, scale: 3, currency: "JOD"),
        .init("dinar with hamza and its trailing dot after: 4.750 د.أ.", "4.750 د.أ.", 4750, scale: 3, currency: "JOD"),
        .init("dirham after, a right-to-left mark around it: -12.50 د.إ.\u{200F}", "-12.50 د.إ.\u{200F}", -1250, currency: "AED", signed: true),
        .init("riyal before, with a space: ر.س 1,234.00", "ر.س 1,234.00", 123_400, currency: "SAR"),
        .init("Iraqi dinar in either order of its letters: 250 ع.د", "250 ع.د", 250, scale: 0, currency: "IQD"),
        .init("afghani sign after: 500 ؋", "500 ؋", 500, scale: 0, currency: "AFN"),
        .init("the rial sign names no single currency: ﷼ 1500", "\u{FDFC} 1500", 1500, scale: 0, currency: nil),
        .init("Malaysia's ringgit: RM 1,234.50", "RM 1,234.50", 123_450, currency: "MYR"),
        .init("Indonesia's rupiah, glued, dot grouping: Rp1.250.000,00", "Rp1.250.000,00", mark: comma, 125_000_000, currency: "IDR"),
        .init("the Kuwaiti dinar's three decimals, sign after: KD 12.345-", "KD 12.345-", -12_345, scale: 3, currency: "KWD", signed: true),
        .init("the Omani rial: RO 1.250", "RO 1.250", 1250, scale: 3, currency: "OMR"),
        .init("the Saudi riyal after: 12.50 SR (no Soll mark)", "12.50 SR", 1250, currency: "SAR"),
        .init("Hungary's forint after, space grouping: 12 500 Ft", "12 500 Ft", mark: comma, 12_500, scale: 0, currency: "HUF"),
        .init("Peru's sol with its dot: S/. 12.50", "S/. 12.50", 1250, currency: "PEN"),
        .init("Kenya's shilling: KSh 1,200.00", "KSh 1,200.00", 120_000, currency: "KES"),
        .init("Taiwan's dollar names one currency: NT$120", "NT$120", 120, scale: 0, currency: "TWD"),
        .init("the hryvnia sign: ₴12,50", "₴12,50", mark: comma, 1250, currency: "UAH"),
        .init("Israel's ש\"ח after: 12.50 ש\"ח", "12.50 ש\"ח", 1250, currency: "ILS"),
        .init("the rupee's Rs. names no single currency: Rs. 1,23,456.00", "Rs. 1,23,456.00", 12_345_600, currency: nil),
        .init("Rs. glued, then a debit mark: Rs.500.00 Dr", "Rs.500.00 Dr", -50_000, currency: nil, signed: true, marked: true),
        .init("the dirham's Dhs names no single currency: Dhs 75.00", "Dhs 75.00", 7500, currency: nil),
        .init("an en dash for the minus: –12.50", "–12.50", -1250, signed: true),
        .init("a trailing en dash: 12.50–", "12.50–", -1250, signed: true),
        .init("the full-width hyphen-minus of Japanese exports: －1,200", "－1,200", -1200, scale: 0, signed: true),
        .init("a hyphen before a currency: ‐€12.50", "‐€12.50", -1250, currency: "EUR", signed: true),
        .init("Thailand's baht after the number: -125.50 บาท", "-125.50 บาท", -12_550, currency: "THB", signed: true),
        .init("South Africa's R before the number: R 1,234.56", "R 1,234.56", 123_456, currency: "ZAR"),
        .init("R glued to the number: R1,234.56", "R1,234.56", 123_456, currency: "ZAR"),
        .init("Switzerland's SFr.: SFr. 12.50", "SFr. 12.50", 1250, currency: "CHF"),
        .init("元 names no single currency (yuan, Taiwan's and Hong Kong's dollars): 1,200.00元", "1,200.00元", 120_000, currency: nil),
        .init("Arabic-Indic digits, the Arabic decimal separator: ١٢٫٥٠", "١٢٫٥٠", 1250),
        .init("the Arabic separators whatever the column's mark: ١٬٢٣٤٫٥٠", "١٬٢٣٤٫٥٠", mark: comma, 123_450),
        .init("Persian digits and a minus: -۱۲۵٫۰۰", "-۱۲۵٫۰۰", -12_500, signed: true),
        .init("Arabic-Indic digits with ASCII marks and a riyal: ١,٢٣٤.٥٠ ر.س", "١,٢٣٤.٥٠ ر.س", 123_450, currency: "SAR"),
        .init("Arabic-Indic digits, a direction mark, a trailing minus: \u{200F}٢٥٠٫٠٠-", "\u{200F}٢٥٠٫٠٠-", -25_000, signed: true),
    ]

    @Test(arguments: accepted)
    func parses(_ c: Case) {
        let expected = ParsedAmount(
            units: c.units, scale: c.scale, currency: c.currency.flatMap { CurrencyCode($0) },
            isSigned: c.isSigned, hasDirectionMark: c.hasDirectionMark, sharedSign: c.shared)
        #expect(AmountParser.parse(c.text, decimalMark: c.mark) == .success(expected))
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let mark: UInt8
        let failure: AmountParseFailure
        init(_ name: String, _ text: String, mark: UInt8 = AmountParserTests.point, _ failure: AmountParseFailure) {
            self.name = name; self.text = text; self.mark = mark; self.failure = failure
        }
        var testDescription: String { name }
    }

    static let rejected: [Failure] = [
        .init("empty", "", .empty),
        .init("letters", "abc", .malformed),
        .init("12,50 with decimal mark '.' is never 1250", "12,50", .malformed),
        .init("12,50 € with decimal mark '.'", "12,50 €", .malformed),
        .init("1,2345.00: four digits in a group", "1,2345.00", .malformed),
        .init("1,23.00: two digits before the decimal mark", "1,23.00", .malformed),
        .init("1.234.5 with decimal comma: short last group", "1.234.5", mark: comma, .malformed),
        .init("1,234.56 with decimal comma: point after the fraction", "1,234.56", mark: comma, .malformed),
        .init("two numbers separated by a space", "12 34", .malformed),
        .init("19 significant digits", "1234567890123456789", .tooLarge),
        .init("19 significant digits across the decimal mark", "1234567890.123456789", .tooLarge),
        .init("19 digits from a one and trailing zeros", "0.1000000000000000000", .tooLarge),
        .init("19 decimal places of leading zeros exceed the maximum scale", "0.0000000000000000001", .tooLarge),
        .init("a letter R after the number is no rand: 12.50 R", "12.50 R", .malformed),
        .init("two Arabic decimal separators: ١٫٢٫٣", "١٫٢٫٣", .malformed),
        .init("an Arabic thousands separator before two digits: ١٬٢٣", "١٬٢٣", .malformed),
        .init("a lone Arabic decimal separator: ٫", "٫", .malformed),
        .init("300 decimal places", "0." + String(repeating: "0", count: 300) + "1", .tooLarge),
        .init("sign only", "-", .malformed),
        .init("symbol only", "$", .malformed),
        .init("double minus", "--5.00", .malformed),
        .init("minus at both ends", "-5.00-", .malformed),
        .init("minus inside parentheses", "(-5.00)", .malformed),
        .init("minus before parentheses", "-(5.00)", .malformed),
        .init("unclosed parenthesis", "(5.00", .malformed),
        .init("closing parenthesis without opening", "5.00)", .malformed),
        .init("sign and DR", "-54.20 DR", .malformed),
        .init("DR before and after", "DR 54.20 DR", .malformed),
        .init("a lone letter before the number", "C 54.20", .malformed),
        .init("DR followed by a letter", "54.20 DRX", .malformed),
        .init("a mark letter followed by another letter", "54.20 Ho", .malformed),
        .init("two marks", "54.20 S H", .malformed),
        .init("a sign and a Soll mark", "-54,20 S", mark: comma, .malformed),
        .init("two currencies", "$5.00 USD", .malformed),
        .init("two symbols", "$$5.00", .malformed),
        .init("unknown three-letter word", "5.00 ABC", .malformed),
        .init("currency code glued to a word", "5.00 EURO", .malformed),
        .init("an abbreviation glued to a word: RMS is no ringgit", "RMS 5.00", .malformed),
        .init("Rs starting a word", "Rsvp 5.00", .malformed),
        .init("an em dash stands for no value, not a minus", "—12.50", .malformed),
        .init("two minus signs, one a dash", "–-12.50", .malformed),
        .init("a lower-case abbreviation that is a word: le 5.00", "le 5.00", .malformed),
        .init("second decimal mark", "1.2.3", mark: comma, .malformed),
        .init("text after the number", "5.00 approx", .malformed),
        .init("spaces only", "   ", .malformed),
        .init("decimal mark only", ".", .malformed),
    ]

    @Test(arguments: rejected)
    func rejects(_ c: Failure) {
        #expect(AmountParser.parse(c.text, decimalMark: c.mark) == .failure(c.failure))
    }

    @Test func parsesFromAByteBuffer() {
        let bytes = Array("|(1.234,50 €)|".utf8)
        let result = bytes.withUnsafeBufferPointer {
            AmountParser.parse(UnsafeBufferPointer(rebasing: $0[1..<(bytes.count - 1)]), decimalMark: Self.comma)
        }
        #expect(result == .success(ParsedAmount(units: -123_450, scale: 2, currency: CurrencyCode("EUR"), isSigned: true)))
    }

    /// Every accepted amount fits `Money`: its scale is within `Money.maximumScale`.
    @Test(arguments: ["0.000000000000000001", "1.00000000000000000", "0." + String(repeating: "0", count: 17) + "5"])
    func acceptedScalesFitMoney(_ text: String) throws {
        let parsed = try AmountParser.parse(text, decimalMark: Self.point).get()
        #expect(parsed.scale <= Money.maximumScale)
        #expect(Money(units: parsed.units, scale: parsed.scale).decimalString == text)
    }
}
