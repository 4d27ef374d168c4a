import FinanceCore
import Testing

@Suite struct LocalDateTests {
    struct Known: Sendable, CustomTestStringConvertible {
        let name: String
        let year: Int, month: Int, day: Int
        let days: Int
        /// ISO weekday, 1 Monday ... 7 Sunday.
        let weekday: Int
        var testDescription: String { name }
    }

    /// Days since the epoch and weekdays from Python's proleptic Gregorian `datetime.date`.
    static let known: [Known] = [
        .init(name: "the epoch, a Thursday", year: 1970, month: 1, day: 1, days: 0, weekday: 4),
        .init(name: "the day before the epoch (negative days)", year: 1969, month: 12, day: 31, days: -1, weekday: 3),
        .init(name: "first day of the range, a Monday", year: 1, month: 1, day: 1, days: -719_162, weekday: 1),
        .init(name: "last day of the range", year: 9999, month: 12, day: 31, days: 2_932_896, weekday: 5),
        .init(name: "1900 is not leap: 1 March follows 28 February", year: 1900, month: 3, day: 1, days: -25_508, weekday: 4),
        .init(name: "2000 is leap (divisible by 400)", year: 2000, month: 2, day: 29, days: 11_016, weekday: 2),
        .init(name: "day after the 2000 leap day", year: 2000, month: 3, day: 1, days: 11_017, weekday: 3),
        .init(name: "2024 leap day", year: 2024, month: 2, day: 29, days: 19_782, weekday: 4),
        .init(name: "32-bit time_t rollover day", year: 2038, month: 1, day: 19, days: 24_855, weekday: 2),
        .init(name: "1600 leap day, a negative era", year: 1600, month: 2, day: 29, days: -135_081, weekday: 2),
        .init(name: "first Gregorian day (proleptic calendar throughout)", year: 1582, month: 10, day: 15, days: -141_427, weekday: 5),
    ]

    @Test(arguments: known)
    func knownDates(_ c: Known) throws {
        let date = try #require(LocalDate(year: c.year, month: c.month, day: c.day))
        #expect(date.daysSinceEpoch == c.days)
        #expect(date.weekday == c.weekday)
        let back = LocalDate(daysSinceEpoch: c.days)
        #expect(back == date)
        #expect(back.year == c.year && back.month == c.month && back.day == c.day)
    }

    /// Walks every day of years 1...9999 in calendar order: each day is one after the previous one,
    /// and converting its day number back gives the same date.
    @Test func roundTripEveryDayOfTheRange() {
        var expectedDays = -719_162
        var mismatches: [String] = []
        for year in 1...9999 {
            for month in 1...12 {
                for day in 1...LocalDate.daysIn(month: month, year: year) {
                    guard let date = LocalDate(year: year, month: month, day: day) else {
                        mismatches.append("\(year)-\(month)-\(day) rejected"); continue
                    }
                    if date.daysSinceEpoch != expectedDays || LocalDate(daysSinceEpoch: expectedDays) != date {
                        mismatches.append(date.description)
                    }
                    expectedDays += 1
                }
            }
            if mismatches.count > 10 { break }
        }
        #expect(mismatches.isEmpty)
        #expect(expectedDays == 2_932_897)
    }

    @Test func weekdayCyclesThroughTheRange() {
        // Every seventh day from a known Monday is a Monday, before and after the epoch.
        for days in stride(from: -719_162, through: 2_932_896, by: 7) {
            guard LocalDate(daysSinceEpoch: days).weekday == 1 else {
                Issue.record("day \(days) is not a Monday"); return
            }
        }
    }

    @Test(arguments: [
        (1600, true), (1700, false), (1900, false), (2000, true), (2023, false), (2024, true), (2100, false), (2400, true),
    ])
    func leapYears(_ year: Int, isLeap: Bool) {
        #expect(LocalDate.isLeap(year) == isLeap)
        #expect(LocalDate.daysIn(month: 2, year: year) == (isLeap ? 29 : 28))
        #expect((LocalDate(year: year, month: 2, day: 29) != nil) == isLeap)
    }

    @Test(arguments: [(1, 31), (3, 31), (4, 30), (5, 31), (6, 30), (7, 31), (8, 31), (9, 30), (10, 31), (11, 30), (12, 31)])
    func monthLengths(_ month: Int, days: Int) {
        #expect(LocalDate.daysIn(month: month, year: 2023) == days)
        #expect(LocalDate(year: 2023, month: month, day: days) != nil)
        #expect(LocalDate(year: 2023, month: month, day: days + 1) == nil)
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        let name: String
        let year: Int, month: Int, day: Int
        var testDescription: String { name }
    }

    @Test(arguments: [
        Invalid(name: "29 February in a common year", year: 2023, month: 2, day: 29),
        Invalid(name: "29 February in a century year", year: 2100, month: 2, day: 29),
        Invalid(name: "30 February in a leap year", year: 2024, month: 2, day: 30),
        Invalid(name: "31 April", year: 2024, month: 4, day: 31),
        Invalid(name: "day zero", year: 2024, month: 1, day: 0),
        Invalid(name: "negative day", year: 2024, month: 1, day: -1),
        Invalid(name: "day 32", year: 2024, month: 1, day: 32),
        Invalid(name: "month zero", year: 2024, month: 0, day: 1),
        Invalid(name: "month 13", year: 2024, month: 13, day: 1),
        Invalid(name: "year zero", year: 0, month: 1, day: 1),
        Invalid(name: "year 10000", year: 10_000, month: 1, day: 1),
    ])
    func invalidDatesRejected(_ c: Invalid) {
        #expect(LocalDate(year: c.year, month: c.month, day: c.day) == nil)
    }

    @Test(arguments: [
        ("2024-02-29", "2024-02-29" as String?),
        ("0001-01-01", "0001-01-01"),
        ("9999-12-31", "9999-12-31"),
        ("0999-05-03", "0999-05-03"),  // years below 1000 keep four digits
        ("2023-02-29", nil),  // not a leap year
        ("2024-02-30", nil),
        ("2024-13-01", nil),
        ("0000-01-01", nil),
        ("2024-2-29", nil),  // month must have two digits
        ("2024-02-29 ", nil),  // nothing may follow
        ("2024/02/29", nil),
        ("2024-02-2x", nil),
        ("+024-02-29", nil),
        ("2024-02-29T00:00", nil),
        ("", nil),
    ])
    func isoParsing(_ text: String, expected: String?) {
        let date = LocalDate(iso: text)
        #expect(date?.description == expected)
        if let date { #expect(LocalDate(iso: date.description) == date, "description parses back") }
    }

    @Test func isoParsingAcceptsSubstrings() {
        let line = "date=2024-05-03;"
        let slice = line.dropFirst(5).prefix(10)
        #expect(LocalDate(iso: slice) == LocalDate(year: 2024, month: 5, day: 3))
    }

    @Test func appendISOAppends() {
        var bytes = Array("on ".utf8)
        LocalDate(year: 42, month: 7, day: 4)!.appendISO(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "on 0042-07-04")
    }

    @Test(arguments: [
        ("2023-12-31", 1, "2024-01-01"),  // over a year end
        ("2024-02-28", 1, "2024-02-29"),  // into a leap day
        ("2023-02-28", 1, "2023-03-01"),  // no leap day
        ("2024-03-01", -1, "2024-02-29"),
        ("1970-01-01", -1, "1969-12-31"),  // across the epoch
        ("2024-05-03", 365, "2025-05-03"),
        ("2024-05-03", 0, "2024-05-03"),
    ])
    func addingDays(_ start: String, days: Int, expected: String) throws {
        let date = try #require(LocalDate(iso: start))
        #expect(date.adding(days: days).description == expected)
    }

    @Test func orderingFollowsTheCalendar() throws {
        let dates = ["2024-01-31", "2023-12-31", "2024-02-01", "1999-12-31", "2024-01-01"].compactMap { LocalDate(iso: $0) }
        #expect(dates.count == 5)
        #expect(dates.sorted().map(\.description) == ["1999-12-31", "2023-12-31", "2024-01-01", "2024-01-31", "2024-02-01"])
        #expect(dates.sorted().map(\.daysSinceEpoch) == dates.map(\.daysSinceEpoch).sorted())
    }
}
