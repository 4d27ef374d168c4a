import Testing

@testable import FinanceCore

/// `Money` is exact: these tests pin rendering, equality across scales, hashing and overflow.
@Suite struct MoneyTests {
    struct Rendering: Sendable, CustomTestStringConvertible {
        let name: String
        let units: Int64
        let scale: UInt8
        let currency: String?
        let decimal: String
        var testDescription: String { name }
    }

    static let renderings: [Rendering] = [
        .init(name: "negative cents", units: -5420, scale: 2, currency: "USD", decimal: "-54.20"),
        .init(name: "whole amount padded to two digits", units: 5, scale: 0, currency: "EUR", decimal: "5.00"),
        .init(name: "one digit padded to two", units: -542, scale: 1, currency: "USD", decimal: "-54.20"),
        .init(name: "unknown currency pads to two", units: 7, scale: 0, currency: nil, decimal: "7.00"),
        .init(name: "zero without currency", units: 0, scale: 0, currency: nil, decimal: "0.00"),
        .init(name: "below one keeps leading zero", units: 5, scale: 2, currency: "USD", decimal: "0.05"),
        .init(name: "negative below one", units: -5, scale: 2, currency: "USD", decimal: "-0.05"),
        .init(name: "more digits than the currency are kept", units: 12345, scale: 3, currency: "USD", decimal: "12.345"),
        .init(name: "tiny value at scale 3", units: 5, scale: 3, currency: nil, decimal: "0.005"),
        .init(name: "yen has no minor digits", units: 1500, scale: 0, currency: "JPY", decimal: "1500"),
        .init(name: "negative yen", units: -5, scale: 0, currency: "JPY", decimal: "-5"),
        .init(name: "zero yen", units: 0, scale: 0, currency: "JPY", decimal: "0"),
        .init(name: "yen with a fraction keeps it", units: 15, scale: 1, currency: "JPY", decimal: "1.5"),
        .init(name: "Gulf dinar pads to three digits", units: 1234, scale: 2, currency: "BHD", decimal: "12.340"),
        .init(name: "CLF pads to four digits", units: 1, scale: 0, currency: "CLF", decimal: "1.0000"),
        .init(name: "no grouping for large values", units: 123_456_789, scale: 2, currency: "USD", decimal: "1234567.89"),
        .init(name: "Int64.max at scale 2", units: .max, scale: 2, currency: nil, decimal: "92233720368547758.07"),
        .init(
            name: "Int64.min at scale 2 (magnitude does not fit Int64)", units: .min, scale: 2, currency: nil,
            decimal: "-92233720368547758.08"),
        .init(name: "Int64.min at the maximum scale", units: .min, scale: 18, currency: nil, decimal: "-9.223372036854775808"),
        .init(name: "one unit at the maximum scale", units: 1, scale: 18, currency: nil, decimal: "0.000000000000000001"),
    ]

    @Test(arguments: renderings)
    func decimalString(_ c: Rendering) {
        let money = Money(units: c.units, scale: c.scale, currency: c.currency.flatMap { CurrencyCode($0) })
        #expect(money.decimalString == c.decimal)
        var bytes: [UInt8] = [0x41]
        money.appendDecimal(to: &bytes)
        #expect(bytes == [0x41] + Array(c.decimal.utf8), "appendDecimal appends after existing bytes")
        let expectedDescription = c.currency.map { "\(c.decimal) \($0)" } ?? c.decimal
        #expect(money.description == expectedDescription)
    }

    struct Comparison: Sendable, CustomTestStringConvertible {
        let name: String
        let a: Money
        let b: Money
        /// -1 when a < b, 0 when equal, 1 when a > b.
        let order: Int
        var testDescription: String { name }
    }

    static let usd = CurrencyCode("USD")!
    static let eur = CurrencyCode("EUR")!

    static let comparisons: [Comparison] = [
        .init(name: "1.5 equals 1.50", a: Money(units: 15, scale: 1, currency: usd), b: Money(units: 150, scale: 2, currency: usd), order: 0),
        .init(name: "zero at any scale is zero", a: Money(units: 0, scale: 0), b: Money(units: 0, scale: 7), order: 0),
        .init(name: "-1.5 equals -1.500", a: Money(units: -15, scale: 1), b: Money(units: -1500, scale: 3), order: 0),
        .init(name: "1.49 below 1.5", a: Money(units: 149, scale: 2), b: Money(units: 15, scale: 1), order: -1),
        .init(name: "negative below positive", a: Money(units: -1, scale: 0), b: Money(units: 1, scale: 18), order: -1),
        .init(name: "-2 below -1.99", a: Money(units: -2, scale: 0), b: Money(units: -199, scale: 2), order: -1),
        .init(
            name: "rescaling overflows: huge whole number above tiny fraction",
            a: Money(units: .max, scale: 0), b: Money(units: 1, scale: 18), order: 1),
        .init(
            name: "rescaling overflows: integer parts differ by one",
            a: Money(units: 922_337_203_685_477_581, scale: 0), b: Money(units: .max, scale: 1), order: 1),
        .init(
            name: "rescaling overflows: equal integer parts, fraction .1 above .07",
            a: Money(units: 922_337_203_685_477_581, scale: 1), b: Money(units: .max, scale: 2), order: 1),
        .init(
            name: "rescaling overflows: negative, equal integer parts, fraction -.1 below -.07",
            a: Money(units: -922_337_203_685_477_581, scale: 1), b: Money(units: -.max, scale: 2), order: -1),
    ]

    @Test(arguments: comparisons)
    func compare(_ c: Comparison) {
        #expect((c.a == c.b) == (c.order == 0))
        #expect((c.a < c.b) == (c.order < 0))
        #expect((c.b < c.a) == (c.order > 0))
        if c.order == 0 {
            #expect(c.a.hashValue == c.b.hashValue, "equal values hash alike")
            #expect(Set([c.a, c.b]).count == 1)
        }
    }

    @Test func differentCurrenciesAreNeverEqual() {
        let a = Money(units: 100, scale: 2, currency: Self.usd)
        #expect(a != Money(units: 100, scale: 2, currency: Self.eur))
        #expect(a != Money(units: 100, scale: 2, currency: nil), "a known currency does not match an unknown one")
    }

    struct Sum: Sendable, CustomTestStringConvertible {
        let name: String
        let a: Money
        let b: Money
        let sum: Money?
        var testDescription: String { name }
    }

    static let sums: [Sum] = [
        .init(
            name: "mixed scales add at the larger scale", a: Money(units: 15, scale: 1, currency: usd),
            b: Money(units: 25, scale: 2, currency: usd), sum: Money(units: 175, scale: 2, currency: usd)),
        .init(
            name: "to zero", a: Money(units: -542, scale: 2, currency: eur), b: Money(units: 542, scale: 2, currency: eur),
            sum: Money(units: 0, scale: 2, currency: eur)),
        .init(name: "both unknown currency", a: Money(units: 1, scale: 0), b: Money(units: 1, scale: 0), sum: Money(units: 2, scale: 0)),
        .init(name: "currency mismatch", a: Money(units: 1, scale: 0, currency: usd), b: Money(units: 1, scale: 0, currency: eur), sum: nil),
        .init(name: "known plus unknown currency", a: Money(units: 1, scale: 0, currency: usd), b: Money(units: 1, scale: 0), sum: nil),
        .init(name: "units overflow", a: Money(units: .max, scale: 0), b: Money(units: 1, scale: 0), sum: nil),
        .init(name: "rescaling overflow", a: Money(units: .max, scale: 0), b: Money(units: 1, scale: 1), sum: nil),
    ]

    @Test(arguments: sums)
    func adding(_ c: Sum) {
        let result = c.a.adding(c.b)
        #expect(result == c.sum)
        if let result, let sum = c.sum {
            #expect(result.scale == sum.scale, "the sum carries the larger scale")
            #expect(result.units == sum.units)
        }
    }

    @Test(arguments: [
        (Money(units: 15, scale: 1), UInt8(3), Int64(1500) as Int64?),
        (Money(units: -15, scale: 1), UInt8(1), Int64(-15)),
        (Money(units: 15, scale: 1), UInt8(0), nil),  // never loses digits
        (Money(units: 1, scale: 0), UInt8(18), Int64(1_000_000_000_000_000_000)),
        (Money(units: 10, scale: 0), UInt8(18), nil),  // 10^19 overflows
        (Money(units: 1, scale: 0), UInt8(19), nil),  // beyond maximumScale
    ])
    func rescaled(_ money: Money, to scale: UInt8, units: Int64?) {
        let result = money.rescaled(to: scale)
        #expect(result?.units == units)
        if units != nil { #expect(result?.scale == scale) }
    }

    @Test func signsAndNegation() {
        let m = Money(units: -5420, scale: 2, currency: Self.usd)
        #expect(m.isNegative && !m.isZero && m.signum == -1)
        #expect(m.negated?.units == 5420)
        #expect(m.negated?.currency == Self.usd)
        #expect(m.magnitude?.units == 5420)
        #expect(Money(units: 3, scale: 0).magnitude?.units == 3)
        #expect(Money.zero(Self.eur).isZero && Money.zero(Self.eur).signum == 0)
        #expect(Money.zero(Self.eur).currency == Self.eur)
        #expect(Money(units: 1, scale: 9).signum == 1)
        #expect(Money(units: .min, scale: 0).negated == nil, "Int64.min has no positive counterpart")
        #expect(Money(units: .min, scale: 0).magnitude == nil)
        #expect(Money(units: .max, scale: 0).negated?.units == -.max)
    }

    @Test(arguments: 0...18)
    func powerOfTen(_ exponent: Int) {
        var expected: Int64 = 1
        for _ in 0..<exponent { expected *= 10 }
        #expect(Money.powerOfTen(exponent) == expected)
    }

    @Test(arguments: [
        ("USD", 2), ("EUR", 2), ("JPY", 0), ("KRW", 0), ("ISK", 0), ("BHD", 3), ("KWD", 3), ("TND", 3),
        ("CLF", 4), ("XYZ", 2),
    ])
    func currencyMinorDigits(_ code: String, digits: Int) throws {
        let currency = try #require(CurrencyCode(code))
        #expect(currency.minorDigits == digits)
    }

    @Test(arguments: [
        ("eur", "EUR" as String?), ("Usd", "USD"), ("GBP", "GBP"),
        ("EU", nil), ("EURO", nil), ("E1R", nil), ("", nil), ("E R", nil),
        ("€", nil),  // three UTF-8 bytes, but not letters
    ])
    func currencyCodeParsing(_ text: String, expected: String?) {
        let code = CurrencyCode(text)
        #expect(code?.description == expected)
        if let code { #expect(code.utf8 == Array(expected!.utf8)) }
    }

    @Test func currencyCodeFromBytes() {
        #expect(CurrencyCode(bytes: 0x63, 0x68, 0x66)?.description == "CHF")
        #expect(CurrencyCode(bytes: 0x43, 0x48, 0x40) == nil, "@ is just below A")
        #expect(CurrencyCode(bytes: 0x43, 0x48, 0x5B) == nil, "[ is just above Z")
        #expect(CurrencyCode("AUD")! < CurrencyCode("USD")!)
    }

    @Test(arguments: [
        (Money(units: -1, scale: 2), PaymentType.expense),
        (Money(units: 1, scale: 2), PaymentType.income),
        (Money(units: 0, scale: 2), PaymentType.income),  // a waived fee never inflates spending
    ])
    func paymentTypeFromSign(_ amount: Money, expected: PaymentType) {
        #expect(PaymentType(sign: amount) == expected)
    }
}
