import FinanceCore
import Testing

/// A rate whose direction the file leaves open, turned by the two amounts it stands between.
@Suite struct RateOrientationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let rate: String
        let booked: String
        let original: String
        /// Account units per original unit, or nil when the rate fits neither way.
        let expected: String?
    }

    static let cases: [Case] = [
        .init(testDescription: "account units per original unit, as pfin keeps it", rate: "0.9225", booked: "-11.07", original: "-12.00", expected: "0.9225"),
        .init(
            testDescription: "original units per account unit (Wise), turned", rate: "1.1651", booked: "-39.31", original: "-45.80", expected: "0.8582954253"),
        .init(testDescription: "fees on the booked side, within a tenth", rate: "1.1672", booked: "-413.47", original: "-478.18", expected: "0.8567511995"),
        .init(testDescription: "signs differ between the amounts", rate: "0.9225", booked: "11.07", original: "-12.00", expected: "0.9225"),
        .init(testDescription: "a rate that fits neither way", rate: "1.1651", booked: "-10.00", original: "-30.00", expected: nil),
        .init(testDescription: "a zero booked amount", rate: "1.1651", booked: "0.00", original: "-30.00", expected: nil),
        .init(testDescription: "JPY without decimals", rate: "0.0061", booked: "-11.29", original: "-1850", expected: "0.0061"),
    ]

    /// A plain decimal such as `-11.07` as exact `Money`.
    static func money(_ text: String) -> Money? {
        let parts = text.split(separator: ".")
        guard let units = Int64(parts.joined()) else { return nil }
        return Money(units: units, scale: UInt8(parts.count == 2 ? parts[1].count : 0))
    }

    @Test(arguments: cases)
    func orientation(_ c: Case) throws {
        let rate = try #require(Self.money(c.rate)), booked = try #require(Self.money(c.booked))
        let original = try #require(Self.money(c.original))
        #expect(RateOrientation.perOriginalUnit(rate, booked: booked, original: original)?.description == c.expected)
    }
}

/// An amount in another currency converted at a stated rate, as a bank charges it (OFX `CURRENCY`).
@Suite struct ExchangeRateConversionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let amount: String
        let rate: String
        let currency: String
        /// The charge, or nil when it does not fit.
        let expected: String?
    }

    static let cases: [Case] = [
        .init(testDescription: "exact", amount: "-10.00", rate: "1.08", currency: "USD", expected: "-10.80"),
        .init(testDescription: "half a cent away from zero, out", amount: "-10.00", rate: "1.0835", currency: "USD", expected: "-10.84"),
        .init(testDescription: "half a cent away from zero, in", amount: "10.00", rate: "1.0835", currency: "USD", expected: "10.84"),
        .init(testDescription: "under half a cent down", amount: "-10.00", rate: "1.08349", currency: "USD", expected: "-10.83"),
        .init(testDescription: "to whole yen", amount: "-10.00", rate: "161.55", currency: "JPY", expected: "-1616"),
        .init(testDescription: "from yen, to three-digit dinars", amount: "-1850", rate: "0.00205", currency: "KWD", expected: "-3.793"),
        .init(testDescription: "fewer digits than the currency's: padded", amount: "-3", rate: "2", currency: "EUR", expected: "-6.00"),
        .init(testDescription: "too large for any amount", amount: "-92233720368547758.07", rate: "100000", currency: "EUR", expected: nil),
    ]

    @Test(arguments: cases)
    func convert(_ c: Case) throws {
        let amount = try #require(RateOrientationTests.money(c.amount)), rate = try #require(RateOrientationTests.money(c.rate).flatMap(ExchangeRate.init))
        let charged = rate.convert(amount, to: CurrencyCode(c.currency)!)
        #expect(charged?.decimalString == c.expected)
        #expect(charged?.currency?.description == c.expected.map { _ in c.currency })
    }
}
