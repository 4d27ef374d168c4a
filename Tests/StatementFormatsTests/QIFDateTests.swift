import FinanceCore
import Testing

@testable import StatementFormats

/// QIF `D` fields and the file-wide choice of day/month order.
@Suite struct QIFDateTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let monthFirst: String?
        let dayFirst: String?
    }

    static let cases: [Case] = [
        .init(testDescription: "Quicken US, apostrophe for the 2000s, space-padded", text: " 1/ 5'24", monthFirst: "2024-01-05", dayFirst: "2024-05-01"),
        .init(testDescription: "apostrophe and a one-digit year", text: "1/ 5' 4", monthFirst: "2004-01-05", dayFirst: "2004-05-01"),
        .init(testDescription: "slash and two digits: POSIX pivot", text: "12/25/99", monthFirst: "1999-12-25", dayFirst: nil),
        .init(testDescription: "slash and two digits in the 2000s", text: "05/13/24", monthFirst: "2024-05-13", dayFirst: nil),
        .init(testDescription: "M/D/YYYY", text: "5/3/2024", monthFirst: "2024-05-03", dayFirst: "2024-03-05"),
        .init(testDescription: "DD.MM.YYYY", text: "25.12.2024", monthFirst: nil, dayFirst: "2024-12-25"),
        .init(testDescription: "ISO ignores the file's order", text: "2024-05-03", monthFirst: "2024-05-03", dayFirst: "2024-05-03"),
        .init(testDescription: "YYYYMMDD ignores the file's order", text: "20240503", monthFirst: "2024-05-03", dayFirst: "2024-05-03"),
        .init(testDescription: "a month name fixes the order: 3 May 2024", text: "3 May 2024", monthFirst: "2024-05-03", dayFirst: "2024-05-03"),
        .init(testDescription: "a month name first: May 3, 2024", text: "May 3, 2024", monthFirst: "2024-05-03", dayFirst: "2024-05-03"),
        .init(testDescription: "a month name, two-digit year: 03-MAY-24", text: "03-MAY-24", monthFirst: "2024-05-03", dayFirst: "2024-05-03"),
        .init(testDescription: "eight digits that are no day", text: "20241332", monthFirst: nil, dayFirst: nil),
        .init(testDescription: "not a calendar day either way", text: "02/30/2024", monthFirst: nil, dayFirst: nil),
        .init(testDescription: "two numbers without a separator", text: "1 5 24", monthFirst: nil, dayFirst: nil),
        .init(testDescription: "two parts only", text: "05/03", monthFirst: nil, dayFirst: nil),
        .init(testDescription: "a word", text: "yesterday", monthFirst: nil, dayFirst: nil),
        .init(testDescription: "a doubled separator", text: "05//03/2024", monthFirst: nil, dayFirst: nil),
    ]

    @Test(arguments: cases)
    func fieldReadsUnderEitherOrder(_ c: Case) {
        var text = c.text
        let parts = text.withUTF8 { QIFDateParts.split($0) }
        #expect(parts?.date(.monthFirst)?.description == c.monthFirst)
        #expect(parts?.date(.dayFirst)?.description == c.dayFirst)
    }

    static func prescan(_ text: String) -> QIFPrescan {
        var text = text
        return text.withUTF8 { QIFPrescan($0) }
    }

    @Test func orderAndDecimalMarkFromTheWholeWindow() {
        #expect(Self.prescan("D05/04/2024\nD05/06/2024\n").dateOrder == .monthFirst, "ambiguous: month first, as Quicken US")
        #expect(Self.prescan("D05.04.2024\nD05.06.2024\n").dateOrder == .dayFirst, "ambiguous with dots: day first")
        #expect(Self.prescan("D05/04/2024\nD25/06/2024\n").dateOrder == .dayFirst)
        #expect(Self.prescan("!Option:MDY\nD25/06/2024\n").dateOrder == .monthFirst)
        let mixed = Self.prescan("D13/04/2024\nD04/13/2024\nD04/14/2024\n")
        #expect(mixed.dateOrder == .monthFirst)
        #expect(mixed.contradiction?.dayFirstLine == 1 && mixed.contradiction?.monthFirstLine == 2)
        #expect(Self.prescan("T-1.234,56\nT12,00\n").decimalMark == UInt8(ascii: ","))
        #expect(Self.prescan("T-1,234.56\nT1,234\n").decimalMark == UInt8(ascii: "."))
        #expect(Self.prescan("T1.234\n").decimalMark == UInt8(ascii: "."), "three digits after the mark say nothing")
    }
}
