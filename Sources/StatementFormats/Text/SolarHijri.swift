import FinanceCore

/// The Solar Hijri calendar, Iran's and Afghanistan's civil calendar, in which Iranian banks date
/// their exports (`1402/12/24` is 14 March 2024).
///
/// Years begin at Nowruz, the March equinox: months 1 to 6 have 31 days, 7 to 11 have 30, and the
/// twelfth (Esfand) 29, or 30 in a leap year. Leap years follow the 33-year arithmetic cycle, a
/// year `y` being leap when `(25 y + 11) mod 33 < 8` (years 1, 5, 9, 13, 17, 22, 26 and 30 of each
/// cycle), which agrees with the astronomical calendar over the years read here. Only the years
/// 1300 through 1499 (March 1921 to March 2121) are read: a bank's dates lie among them, and a year
/// outside them is no Solar Hijri date of a statement.
public enum SolarHijri {
    public static let years = 1300...1499

    /// Whether Esfand of `year` has 30 days.
    public static func isLeap(_ year: Int) -> Bool {
        (25 * year + 11) % 33 < 8
    }

    /// The days of `month` in `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        month <= 6 ? 31 : month <= 11 ? 30 : isLeap(year) ? 30 : 29
    }

    /// The Gregorian date of a Solar Hijri day, or `nil` when the day does not exist or its year
    /// is outside `years`.
    public static func gregorian(year: Int, month: Int, day: Int) -> LocalDate? {
        guard years.contains(year), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let dayOfYear = (month <= 7 ? (month - 1) * 31 : 186 + (month - 7) * 30) + day - 1
        return LocalDate(daysSinceEpoch: newYearsDays[year - years.lowerBound] + dayOfYear)
    }

    /// The Solar Hijri year, month and day of a Gregorian date, or `nil` outside `years`.
    public static func date(of date: LocalDate) -> (year: Int, month: Int, day: Int)? {
        let days = date.daysSinceEpoch
        guard let first = newYearsDays.first, days >= first, days < newYearsDays[newYearsDays.count - 1] + (isLeap(years.upperBound) ? 366 : 365)
        else { return nil }
        var k = newYearsDays.count - 1
        while newYearsDays[k] > days { k -= 1 }
        var rest = days - newYearsDays[k]
        let year = years.lowerBound + k
        var month = 1
        while rest >= daysIn(month: month, year: year) {
            rest -= daysIn(month: month, year: year)
            month += 1
        }
        return (year, month, rest + 1)
    }

    /// The day (since 1970-01-01) of 1 Farvardin of each year in `years`, counted from 1 Farvardin
    /// 1300, which was 21 March 1921.
    private static let newYearsDays: [Int] = {
        var days: [Int] = []
        var day = LocalDate(year: 1921, month: 3, day: 21)!.daysSinceEpoch
        for year in years {
            days.append(day)
            day += isLeap(year) ? 366 : 365
        }
        return days
    }()
}
