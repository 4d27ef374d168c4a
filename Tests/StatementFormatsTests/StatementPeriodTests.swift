import FinanceCore
import Testing

@testable import StatementFormats

/// FNB's downloads write days without a year (`01 Mrt`) under a stated period; the period gives the year.
@Suite struct StatementPeriodTests {
    static func date(_ year: Int, _ month: Int, _ day: Int) -> LocalDate { LocalDate(year: year, month: month, day: day)! }

    static let overNewYear = StatementPeriod(start: date(2017, 12, 28), end: date(2018, 1, 28), line: 4)

    @Test(arguments: [
        ("December takes the from-date's year", "29 Des", date(2017, 12, 29)),
        ("January takes the to-date's year", "01 Jan", date(2018, 1, 1)),
        ("a day just before the period keeps the from-date's year", "20 Des", date(2017, 12, 20)),
        ("a day just after the period keeps the to-date's year", "02 Feb", date(2018, 2, 2)),
    ])
    func yearFromThePeriod(_ name: String, _ cell: String, _ expected: LocalDate) throws {
        let day = try #require(DateFormat("dd mmm")?.parse(cell), "\(name): reads as a day")
        #expect(Self.overNewYear.date(day) == expected, "\(name)")
    }

    @Test func leapDayOnlyInALeapYear() throws {
        let day = try #require(DateFormat("dd mmm")?.parse("29 Feb"))
        #expect(StatementPeriod(start: Self.date(2024, 2, 1), end: Self.date(2024, 2, 29), line: 1).date(day) == Self.date(2024, 2, 29))
        let inside2023 = StatementPeriod(start: Self.date(2023, 2, 1), end: Self.date(2023, 2, 28), line: 1).date(day)
        #expect(inside2023 == Self.date(2024, 2, 29), "the nearest leap year's, not a 29 February of 2023")
    }

    @Test func yearlessPatternHasNoYear() throws {
        let format = try #require(DateFormat("dd mmm"))
        #expect(!format.hasYear)
        #expect(DateFormat("dd mmm yyyy")?.hasYear == true)
        #expect(format.parse("01 Mrt") == Self.date(2000, 3, 1), "read in the leap year 2000 until the period gives the year")
        #expect(DateFormat("dd.mm")?.hasYear == false, "a pattern may leave the year out")
        #expect(DateFormat("dd") == nil, "a day alone is no date")
    }

    @Test(arguments: [
        ("labels over their dates, Afrikaans", [["3", "Staatnommer", "Vanaf Datum", "Tot Datum"], ["3", "75", "28 Februarie 2016", "28 Maart 2016"]], 2),
        ("each label beside its date, English", [["From Date", "01 May 2024", "To Date", "31 May 2024"]], 1),
    ])
    func findsThePeriod(_ name: String, _ rows: [[String]], _ line: Int) {
        let records = rows.enumerated().map { SampleRecord(line: $0.offset + 1, fields: $0.element) }
        let found = StatementPeriod.find(records)
        #expect(found?.line == line, "\(name)")
        #expect(found.map { $0.start < $0.end } == true, "\(name)")
    }

    @Test func noPeriodWithoutBothLabels() {
        let records = [SampleRecord(line: 1, fields: ["From Date", "01 May 2024"])]
        #expect(StatementPeriod.find(records) == nil)
    }
}
