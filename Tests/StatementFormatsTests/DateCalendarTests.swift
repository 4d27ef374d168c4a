import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Dates of other calendars: Solar Hijri dates, as Iranian banks write them (the arithmetic
/// calendar against Foundation's (ICU's) Persian calendar, day by day), Thai banks' Buddhist Era
/// dates, and the layouts that read them.
struct DateCalendarTests {
    @Test func everyDayAgreesWithFoundationsPersianCalendar() throws {
        var persian = Calendar(identifier: .persian)
        persian.timeZone = try #require(TimeZone(identifier: "UTC"))
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = persian.timeZone
        var checked = 0
        for year in SolarHijri.years {
            for month in 1...12 {
                for day in 1...31 {
                    let ours = SolarHijri.gregorian(year: year, month: month, day: day)
                    #expect((ours != nil) == (day <= SolarHijri.daysIn(month: month, year: year)))
                    guard let ours else { continue }
                    let instant = try #require(persian.date(from: DateComponents(year: year, month: month, day: day)))
                    let theirs = gregorian.dateComponents([.year, .month, .day], from: instant)
                    #expect(LocalDate(year: theirs.year!, month: theirs.month!, day: theirs.day!) == ours, "\(year)/\(month)/\(day)")
                    let back = try #require(SolarHijri.date(of: ours))
                    #expect(back.year == year && back.month == month && back.day == day)
                    checked += 1
                }
            }
        }
        #expect(checked == 73_049)  // 200 years: 200 × 365 + 49 leap days
    }

    @Test func knownDays() {
        #expect(SolarHijri.gregorian(year: 1403, month: 1, day: 1)?.description == "2024-03-20")
        #expect(SolarHijri.gregorian(year: 1402, month: 12, day: 29)?.description == "2024-03-19")
        #expect(SolarHijri.gregorian(year: 1402, month: 12, day: 30) == nil)  // 1402 is no leap year
        #expect(SolarHijri.gregorian(year: 1403, month: 12, day: 30)?.description == "2025-03-20")
        #expect(SolarHijri.gregorian(year: 1299, month: 12, day: 29) == nil)
        #expect(SolarHijri.gregorian(year: 1403, month: 7, day: 31) == nil)
    }

    @Test func theLayoutReadsAndWritesSolarDates() throws {
        let format = try #require(DateFormat("solar-hijri yyyy/mm/dd"))
        #expect(format.calendar == .solarHijri)
        #expect(format.pattern == "solar-hijri yyyy/mm/dd")
        #expect(format.parse("1402/12/24")?.description == "2024-03-14")
        #expect(format.parse("1402/2/31")?.description == "2023-05-21")
        #expect(format.parse("۱۴۰۲/۱۲/۲۴")?.description == "2024-03-14")
        #expect(format.parse("2024/03/14") == nil)
        #expect(format.render(LocalDate(year: 2024, month: 3, day: 14)!) == "1402/12/24")
        #expect(format.swapped == nil || format.swapped?.calendar == .solarHijri)
        #expect(DateFormat("solar-hijri dd/mm/yyyy")?.swapped?.pattern == "solar-hijri mm/dd/yyyy")
        #expect(DateFormat("solar-hijri dd mmm yyyy") == nil)
        #expect(DateFormat("solar-hijri dd/mm") == nil)
    }

    @Test func aGregorianLayoutReadsNoYearBefore1900() throws {
        let format = try #require(DateFormat("yyyy/mm/dd"))
        #expect(format.parse("1402/12/24") == nil)
        #expect(format.parse("0001-01-01".replacingOccurrences(of: "-", with: "/")) == nil)
        #expect(format.parse("1900/01/01")?.description == "1900-01-01")
        #expect(DateFormat("dd.mm.yy")?.parse("01.02.69")?.description == "1969-02-01")
    }

    @Test func theLanguageSaysTheCalendar() {
        #expect(DateCalendarEvidence.calendar(of: "تاریخ") == .solarHijri)  // Persian yeh
        #expect(DateCalendarEvidence.calendar(of: "۱۴۰۲/۱۲/۲۴") == .solarHijri)
        // Written in letters Persian shares with Arabic: no evidence on its own.
        #expect(DateCalendarEvidence.calendar(of: "برداشت") == nil)
        #expect(DateCalendarEvidence.calendar(of: "التاريخ") == nil)
        #expect(DateCalendarEvidence.calendar(of: "١٤٤٥/٠٩/٠٥") == nil)
        #expect(DateCalendarEvidence.calendar(of: "วันที่") == .buddhistEra)
        #expect(DateCalendarEvidence.calendar(of: "Date") == nil)
    }

    @Test func buddhistEraYearsAreTheGregorianPlus543() throws {
        let format = try #require(DateFormat("buddhist-era dd/mm/yyyy"))
        #expect(format.calendar == .buddhistEra)
        #expect(format.parse("15/03/2567")?.description == "2024-03-15")
        #expect(format.parse("29/02/2567")?.description == "2024-02-29")  // 2024 is a leap year
        #expect(format.parse("29/02/2566") == nil)
        #expect(format.parse("15/03/2024") == nil)
        #expect(format.render(LocalDate(year: 2024, month: 3, day: 15)!) == "15/03/2567")
        #expect(DateFormat("dd/mm/yyyy")?.parse("15/03/2567") == nil)
        #expect(DateFormat("yyyy-mm-dd")?.parse("9999-12-31") == nil)
    }

    @Test func twoDigitBuddhistYearsFromFiftyOn() throws {
        let format = try #require(DateFormat("buddhist-era dd-mm-yy"))
        #expect(format.parse("15-03-67")?.description == "2024-03-15")
        #expect(format.parse("15-03-50")?.description == "2007-03-15")
        // Below 50, the Gregorian century's two digits, as some Thai exports write them.
        #expect(format.parse("15-03-24")?.description == "2024-03-15")
        #expect(DateFormat("dd-mm-yy")?.parse("15-03-67")?.description == "2067-03-15")
        #expect(DateFormat("solar-hijri yy/mm/dd") == nil)
    }
}
