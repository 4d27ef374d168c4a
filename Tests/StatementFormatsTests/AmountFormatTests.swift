import FinanceCore
import Testing

@testable import StatementFormats

@Suite struct AmountFormatTests {
    static let point = UInt8(ascii: "."), comma = UInt8(ascii: ",")

    struct Vote: Sendable, CustomTestStringConvertible {
        let name: String
        let value: String
        let mark: UInt8?
        init(_ name: String, _ value: String, _ mark: UInt8?) { self.name = name; self.value = value; self.mark = mark }
        var testDescription: String { name }
    }

    static let votes: [Vote] = [
        .init("both marks, comma last: 1.234,56", "1.234,56", comma),
        .init("both marks, point last: 1,234.56", "1,234.56", point),
        .init("two decimals after a comma: 12,50", "12,50", comma),
        .init("one decimal after a comma: -3,5", "-3,5", comma),
        .init("two decimals after a point: 12.50", "12.50", point),
        .init("four decimals: 0,1234", "0,1234", comma),
        .init("repeated comma is grouping: 1,234,567", "1,234,567", point),
        .init("repeated point is grouping: 1.234.567", "1.234.567", comma),
        .init("Indian grouping with decimals: 1,23,456.00", "1,23,456.00", point),
        .init("lone 1,234 says nothing", "1,234", nil),
        .init("lone 1.234 says nothing", "1.234", nil),
        .init("integer says nothing", "1234", nil),
        .init("empty says nothing", "", nil),
        .init("space grouping then comma: 1 234,56", "1 234,56", comma),
        .init("currency and sign around: -€12,50", "-€12,50", comma),
        .init("leading decimal mark: .50", ".50", point),
        .init("trailing minus: 54,20-", "54,20-", comma),
        .init("a dot ending DR. is not a decimal mark: 54.20 DR.", "54.20 DR.", point),
        .init("a dot ending kr. is not a decimal mark: 12,50 kr.", "12,50 kr.", comma),
        .init("a dot ending Fr. is not a decimal mark: 12.50 Fr.", "12.50 Fr.", point),
        .init("a leading Fr. says nothing about 1,234: Fr. 1,234", "Fr. 1,234", nil),
        .init("a trailing mark after the number says nothing: 1,234.", "1,234.", nil),
        .init("the dots of an Arabic symbol are no marks: د.ا.93.210", "د.ا.93.210", point),
        .init("a dinar of three minor digits: د.ا.4.750 is 4 dinars 750 fils", "د.ا.4.750", point),
        .init("a code of three minor digits after: 1,250 KWD", "1,250 KWD", comma),
        .init("a dirham of two minor digits says nothing about 4.750: 4.750 د.إ", "4.750 د.إ", nil),
        .init("the dong has no minor unit: 125.000 ₫ groups thousands", "125.000 ₫", comma),
        .init("the won has none either: ₩12,500", "₩12,500", point),
        .init("the rupiah is written in whole rupiah: Rp 125.000", "Rp 125.000", comma),
        .init("a euro amount of three digits after the mark says nothing: €1.250", "€1.250", nil),
    ]

    @Test(arguments: votes)
    func vote(_ c: Vote) {
        #expect(AmountFormat.vote(c.value) == c.mark)
    }

    struct Column: Sendable, CustomTestStringConvertible {
        let name: String
        let values: [String]
        let mark: UInt8?
        init(_ name: String, _ values: [String], _ mark: UInt8?) { self.name = name; self.values = values; self.mark = mark }
        var testDescription: String { name }
    }

    @Test(arguments: [
        Column("empty column", [], nil),
        Column("only ambiguous values", ["1,234", "2,500", "100"], nil),
        Column("one decisive value among ambiguous ones", ["1,234", "12,50", "7"], comma),
        Column("decimal point column with a lone grouping", ["1,234", "12.50"], point),
        Column("German column", ["-1.234,56", "12,00", "3,5"], comma),
        Column("majority wins", ["12,50", "3,10", "1.5"], comma),
        Column("a tie falls to the point", ["12,50", "1.5"], point),
        Column("US column with grouping", ["1,234.56", "-12.00", "1,000,000"], point),
        Column("debit-marked column keeps the point", ["54.20 DR.", "12.00 CR.", "1.50 DR."], point),
        Column("non-numbers are ignored", ["n/a", "", "12,50"], comma),
    ])
    func detectDecimalMark(_ c: Column) {
        #expect(AmountFormat.detectDecimalMark(c.values) == c.mark)
    }

    /// A column's detected mark must let the parser read every value of it.
    @Test(arguments: [
        ["54.20 DR.", "12.00 CR.", "1.50 DR."],
        ["12,50 kr.", "1 234,00 kr."],
        ["1.234,56", "12,00", "-3,50"],
        ["(1,234.56)", "$12.00", "1,000,000.00"],
    ])
    func detectedMarkParsesTheColumn(_ values: [String]) throws {
        let mark = try #require(AmountFormat.detectDecimalMark(values))
        for value in values {
            guard case .success = AmountParser.parse(value, decimalMark: mark) else {
                Issue.record("\(value) not parsed with mark \(UnicodeScalar(mark))"); continue
            }
        }
    }

    @Test func aCurrencyWrittenInWholeUnitsGroupsWhatNoValueDecides() {
        let values = ["-125.000", "-50.000", "2.500"]
        #expect(AmountFormat.detectDecimalMark(values) == nil)
        #expect(AmountFormat.wholeUnitsDecimalMark(values, currency: CurrencyCode("VND")!) == Self.comma)
        #expect(AmountFormat.wholeUnitsDecimalMark(["125,000"], currency: CurrencyCode("IDR")!) == Self.point)
        #expect(AmountFormat.wholeUnitsDecimalMark(values, currency: CurrencyCode("EUR")!) == nil)
        #expect(AmountFormat.wholeUnitsDecimalMark(["125"], currency: CurrencyCode("JPY")!) == nil)
        #expect(AmountFormat.singleCurrency(["VND", "VND"]) == CurrencyCode("VND"))
        #expect(AmountFormat.singleCurrency(["VND", "USD"]) == nil)
    }
}
