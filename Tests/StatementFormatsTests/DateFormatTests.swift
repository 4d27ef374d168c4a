import FinanceCore
import Testing

@testable import StatementFormats

@Suite struct DateFormatTests {
    static func date(_ year: Int, _ month: Int, _ day: Int) -> LocalDate { LocalDate(year: year, month: month, day: day)! }

    /// One matching example per detection candidate; every candidate must have one (see the test below).
    static let candidateExamples: [String: String] = [
        "yyyy-mm-dd": "2024-05-03", "yyyy/mm/dd": "2024/05/03", "yyyy.mm.dd": "2024.05.03", "yyyymmdd": "20240503",
        "dd.mm.yyyy": "03.05.2024", "dd.mm.yy": "03.05.24",
        "dd/mm/yyyy": "03/05/2024", "mm/dd/yyyy": "05/03/2024", "dd/mm/yy": "03/05/24", "mm/dd/yy": "05/03/24",
        "dd-mm-yyyy": "03-05-2024", "mm-dd-yyyy": "05-03-2024", "dd-mm-yy": "03-05-24", "mm-dd-yy": "05-03-24",
        "dd mmm yyyy": "03 May 2024", "dd-mmm-yyyy": "03-May-2024", "dd-mmm-yy": "03-May-24", "dd mmm yy": "03 May 24",
        "dd/mmm/yyyy": "03/May/2024", "dd. mmm yyyy": "3. Mai 2024", "dd.mmm.yyyy": "03.May.2024",
        "mmm dd, yyyy": "May 3, 2024", "mmm dd yyyy": "May 03 2024", "dd mmm, yyyy": "3 May, 2024",
    ]

    @Test func everyCandidateHasAnExample() {
        #expect(Set(DateFormat.candidates.map(\.pattern)) == Set(Self.candidateExamples.keys))
        #expect(DateFormat.candidates.count == Self.candidateExamples.count, "no candidate twice")
    }

    @Test(arguments: DateFormat.candidates)
    func candidateParsesItsExample(_ format: DateFormat) throws {
        let example = try #require(Self.candidateExamples[format.pattern])
        #expect(format.parse(example) == Self.date(2024, 5, 3), "\(format) on \(example)")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let pattern: String
        let text: String
        let expected: LocalDate?
        init(_ name: String, _ pattern: String, _ text: String, _ expected: LocalDate?) {
            self.name = name; self.pattern = pattern; self.text = text; self.expected = expected
        }
        var testDescription: String { name }
    }

    static let numeric: [Case] = [
        .init("dd.mm.yyyy with one-digit day and month", "dd.mm.yyyy", "3.5.2024", date(2024, 5, 3)),
        .init("d.m.yyyy pattern takes two digits too", "d.m.yyyy", "13.12.2024", date(2024, 12, 13)),
        .init("dd.mm.yy two-digit year 68 pivots to 2068", "dd.mm.yy", "01.01.68", date(2068, 1, 1)),
        .init("dd.mm.yy two-digit year 69 pivots to 1969", "dd.mm.yy", "01.01.69", date(1969, 1, 1)),
        .init("dd.mm.yy two-digit year 00 is 2000", "dd.mm.yy", "29.02.00", date(2000, 2, 29)),
        .init("dd.mm.yy two-digit year 99 is 1999", "dd.mm.yy", "31.12.99", date(1999, 12, 31)),
        .init("yy takes exactly two digits", "dd.mm.yy", "01.01.2024", nil),
        .init("yyyy rejects a two-digit year", "dd.mm.yyyy", "01.01.24", nil),
        .init("yyyy rejects a three-digit year", "dd.mm.yyyy", "01.01.202", nil),
        .init("mm/dd/yyyy reads month first", "mm/dd/yyyy", "12/31/2024", date(2024, 12, 31)),
        .init("mm/dd/yyyy rejects month 31", "mm/dd/yyyy", "31/12/2024", nil),
        .init("yyyymmdd compact", "yyyymmdd", "19991231", date(1999, 12, 31)),
        .init("yyyymmdd rejects seven digits (day must be two digits after the month)", "yyyymmdd", "2024053", nil),
        .init("yyyymmdd rejects nine digits", "yyyymmdd", "202405031", nil),
        .init("leap day in a leap year", "yyyy-mm-dd", "2024-02-29", date(2024, 2, 29)),
        .init("2024-02-30 rejected", "yyyy-mm-dd", "2024-02-30", nil),
        .init("29 February in a common year rejected", "dd.mm.yyyy", "29.02.2023", nil),
        .init("31 April rejected", "dd/mm/yyyy", "31/04/2024", nil),
        .init("day zero rejected", "dd.mm.yyyy", "00.05.2024", nil),
        .init("month zero rejected", "dd.mm.yyyy", "03.00.2024", nil),
        .init("month 13 rejected", "dd.mm.yyyy", "03.13.2024", nil),
        .init("wrong separator rejected", "dd.mm.yyyy", "03/05/2024", nil),
        .init("garbage after date rejected", "yyyy-mm-dd", "2024-05-03x", nil),
        .init("word after date rejected", "yyyy-mm-dd", "2024-05-03 abc", nil),
        .init("extra digits after date rejected", "yyyy-mm-dd", "2024-05-0312", nil),
        .init("trailing separator rejected", "dd.mm.yyyy", "03.05.2024.", nil),
        .init("bare T after date rejected", "yyyy-mm-dd", "2024-05-03T", nil),
        .init("trailing space only rejected (cells arrive trimmed)", "yyyy-mm-dd", "2024-05-03 ", nil),
        .init("truncated date rejected", "yyyy-mm-dd", "2024-05", nil),
        .init("empty cell rejected", "yyyy-mm-dd", "", nil),
        .init("leading space rejected (cells arrive trimmed)", "yyyy-mm-dd", " 2024-05-03", nil),
        .init("trailing time with seconds", "yyyy-mm-dd", "2024-05-03 14:22:01", date(2024, 5, 3)),
        .init("trailing ISO time with T and Z", "yyyy-mm-dd", "2024-05-03T14:22:01Z", date(2024, 5, 3)),
        .init("trailing time without seconds", "yyyy-mm-dd", "2024-05-03 14:22", date(2024, 5, 3)),
        .init("trailing time after several spaces", "dd.mm.yyyy", "03.05.2024   09:00", date(2024, 5, 3)),
        .init("late-evening time keeps the bank's day", "dd/mm/yyyy", "31/12/2024 23:59:59", date(2024, 12, 31)),
        .init("trailing time after yyyymmdd", "yyyymmdd", "20240503 1422", date(2024, 5, 3)),
        .init("pattern letters in upper case", "DD.MM.YYYY", "03.05.2024", date(2024, 5, 3)),
    ]

    @Test(arguments: numeric)
    func numericLayouts(_ c: Case) throws {
        let format = try #require(DateFormat(c.pattern))
        #expect(format.parse(c.text) == c.expected)
    }

    static let names: [Case] = [
        // English
        .init("EN abbreviated", "dd mmm yyyy", "03 Sep 2024", date(2024, 9, 3)),
        .init("EN Sept with a dot", "dd mmm yyyy", "03 Sept. 2024", date(2024, 9, 3)),
        .init("EN full name", "dd mmm yyyy", "03 September 2024", date(2024, 9, 3)),
        .init("EN upper case", "dd-mmm-yy", "03-DEC-24", date(2024, 12, 3)),
        .init("EN month first with comma", "mmm dd, yyyy", "Jan 15, 2024", date(2024, 1, 15)),
        // German
        .init("DE März with umlaut", "dd. mmm yyyy", "1. März 2024", date(2024, 3, 1)),
        .init("DE MÄRZ upper case umlaut", "dd. mmm yyyy", "1. MÄRZ 2024", date(2024, 3, 1)),
        .init("DE Maerz transliterated", "dd. mmm yyyy", "1. Maerz 2024", date(2024, 3, 1)),
        .init("DE Mrz abbreviation", "dd. mmm yyyy", "1. Mrz. 2024", date(2024, 3, 1)),
        .init("DE Dez.", "dd. mmm yyyy", "24. Dez. 2024", date(2024, 12, 24)),
        .init("DE Okt", "dd mmm yyyy", "03 Okt 2024", date(2024, 10, 3)),
        .init("DE Austrian Jänner", "dd. mmm yyyy", "2. Jänner 2024", date(2024, 1, 2)),
        // French
        .init("FR févr. with accent and dot", "dd mmm yyyy", "12 févr. 2024", date(2024, 2, 12)),
        .init("FR février in full", "dd mmm yyyy", "12 février 2024", date(2024, 2, 12)),
        .init("FR août", "dd mmm yyyy", "15 août 2024", date(2024, 8, 15)),
        .init("FR AOÛT upper case", "dd mmm yyyy", "15 AOÛT 2024", date(2024, 8, 15)),
        .init("FR juil.", "dd mmm yyyy", "14 juil. 2024", date(2024, 7, 14)),
        .init("FR déc.", "dd mmm yyyy", "25 déc. 2024", date(2024, 12, 25)),
        .init("FR mars is March", "dd mmm yyyy", "01 mars 2024", date(2024, 3, 1)),
        // Spanish
        .init("ES ene", "dd mmm yyyy", "05 ene 2024", date(2024, 1, 5)),
        .init("ES septiembre", "dd mmm yyyy", "05 septiembre 2024", date(2024, 9, 5)),
        .init("ES setiembre (Latin American spelling)", "dd mmm yyyy", "05 setiembre 2024", date(2024, 9, 5)),
        .init("ES dic", "dd-mmm-yyyy", "05-dic-2024", date(2024, 12, 5)),
        // Dutch
        .init("NL mrt", "dd mmm yyyy", "05 mrt 2024", date(2024, 3, 5)),
        .init("NL mei", "dd mmm yyyy", "05 mei 2024", date(2024, 5, 5)),
        .init("NL okt", "dd mmm yyyy", "05 okt 2024", date(2024, 10, 5)),
        // Italian
        .init("IT gen", "dd mmm yyyy", "05 gen 2024", date(2024, 1, 5)),
        .init("IT giu", "dd mmm yyyy", "05 giu 2024", date(2024, 6, 5)),
        .init("IT lug", "dd mmm yyyy", "05 lug 2024", date(2024, 7, 5)),
        .init("IT ott", "dd mmm yyyy", "05 ott 2024", date(2024, 10, 5)),
        .init("IT dicembre", "dd mmm yyyy", "05 dicembre 2024", date(2024, 12, 5)),
        // Layout quirks
        .init("dd.mmm.yyyy with an abbreviation dot that is also the separator", "dd.mmm.yyyy", "12.févr.2024", date(2024, 2, 12)),
        .init("dd-mmm-yyyy abbreviation dot before a dash", "dd-mmm-yyyy", "12-Feb.-2024", date(2024, 2, 12)),
        .init("space in the pattern matches several spaces", "dd mmm yyyy", "03  May   2024", date(2024, 5, 3)),
        .init("space in the pattern requires one", "dd mmm yyyy", "03May2024", nil),
        .init("month name with a trailing time", "dd mmm yyyy", "03 May 2024 14:22", date(2024, 5, 3)),
        .init("unknown month name rejected", "dd mmm yyyy", "03 Foo 2024", nil),
        .init("two-letter month name rejected", "dd mmm yyyy", "03 Ma 2024", nil),
        .init("month number where a name is expected rejected", "dd mmm yyyy", "03 05 2024", nil),
        .init("month name where a number is expected rejected", "dd.mm.yyyy", "03.May.2024", nil),
        .init("31 in a 30-day named month rejected", "dd mmm yyyy", "31 Apr 2024", nil),
    ]

    @Test(arguments: names)
    func monthNames(_ c: Case) throws {
        let format = try #require(DateFormat(c.pattern))
        #expect(format.parse(c.text) == c.expected)
    }

    @Test(arguments: [
        "yyy-mm-dd",  // three y
        "yyyyy-mm-dd",
        "mmmm dd yyyy",  // four m
        "ddd.mm.yyyy",
        "mm.yyyy",  // no day
        "dd.yyyy",  // no month
        "dd.mm.yyyy.yy",  // two years
        "dd.dd.mm.yyyy",  // two days
        "dd.mm.mmm.yyyy",  // two months
        "dd.mm.yyyy hh:mm",  // h is not a pattern letter
        "dd·mm·yyyy",  // non-ASCII literal
        "",
    ])
    func invalidPatternsRejected(_ pattern: String) {
        #expect(DateFormat(pattern) == nil)
    }

    @Test(arguments: [
        ("DD.MM.YYYY", "dd.mm.yyyy"),  // stored lower case
        ("dd  mmm yyyy", "dd  mmm yyyy"),  // kept as written
    ])
    func patternAsWritten(_ pattern: String, expected: String) throws {
        let format = try #require(DateFormat(pattern))
        #expect(format.pattern == expected)
        #expect(format.description == expected)
    }

    @Test func patternsThatDifferOnlyInCaseAreEqual() {
        #expect(DateFormat("DD.MM.YYYY") == DateFormat("dd.mm.yyyy"))
        #expect(DateFormat("dd.mm.yyyy") != DateFormat("mm.dd.yyyy"))
    }

    @Test(arguments: [
        ("dd.mm.yyyy", true), ("d/m/yy", true), ("dd mmm yyyy", true),
        ("mm/dd/yyyy", false), ("mmm dd, yyyy", false), ("yyyy-mm-dd", false), ("yyyymmdd", false),
    ])
    func dayFirst(_ pattern: String, expected: Bool) throws {
        #expect(try #require(DateFormat(pattern)).dayFirst == expected)
    }

    @Test(arguments: [
        ("dd/mm/yyyy", "mm/dd/yyyy" as String?, "05/03/2024", date(2024, 5, 3) as LocalDate?),
        ("mm/dd/yyyy", "dd/mm/yyyy", "03/05/2024", date(2024, 5, 3)),
        ("dd.mm.yy", "mm.dd.yy", "05.03.24", date(2024, 5, 3)),
        ("yyyy-mm-dd", "yyyy-dd-mm", "2024-03-05", date(2024, 5, 3)),
        ("yyyymmdd", "yyyyddmm", "20240305", date(2024, 5, 3)),
        ("d.m.yyyy", "mm.dd.yyyy", "5.3.2024", date(2024, 5, 3)),  // swapped numbers become two-letter
        ("dd mmm yyyy", nil, "", nil),  // a month name cannot swap
    ])
    func swapped(_ pattern: String, expected: String?, sample: String, parsed: LocalDate?) throws {
        let format = try #require(DateFormat(pattern))
        let swapped = format.swapped
        #expect(swapped?.pattern == expected)
        if let swapped {
            #expect(swapped.parse(sample) == parsed)
            #expect(swapped.dayFirst != format.dayFirst, "day and month trade places")
            #expect(swapped.swapped?.tokens == format.tokens, "swapping twice gives the layout back")
        }
    }

    @Test func parsesFromAByteBuffer() {
        let bytes = Array("xx03.05.2024yy".utf8)
        let parsed = bytes.withUnsafeBufferPointer { DateFormat("dd.mm.yyyy")!.parse(UnsafeBufferPointer(rebasing: $0[2..<12])) }
        #expect(parsed == Self.date(2024, 5, 3))
    }
}
