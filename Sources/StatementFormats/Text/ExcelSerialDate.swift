import FinanceCore

/// Excel's serial dates (ECMA-376 §18.17.4.1): a day as the count of days from the epoch of the
/// workbook's date system, its fraction the time of day. A cell styled as a date shows one as a
/// date; a cell in General format shows the bare number (`45383` for 2024-04-01), and so does a
/// CSV saved from such a sheet.
enum ExcelSerialDate {
    /// The days a serial may stand for when detection reads a column of numbers as dates, and when
    /// `date-format excel-serial` reads a cell: 1970-01-01 through 2099-12-31 (serials 25569 to
    /// 73050 in the 1900 system). Outside it a number is far likelier an amount or a count than a
    /// statement's day.
    static let plausible = LocalDate(year: 1970, month: 1, day: 1)!...LocalDate(year: 2099, month: 12, day: 31)!

    /// The calendar date of a serial's whole days: in the 1900 system serial 1 is 1900-01-01 and
    /// serial 60 the 29 February 1900 that Lotus 1-2-3 believed in (and Excel keeps for
    /// compatibility), so serials from 61 on are one day ahead of a plain count; in the 1904 system
    /// (`workbookPr/@date1904`) serial 0 is 1904-01-01. `nil` for serial 60 (no such day), 0, and
    /// dates past 9999.
    static func date(serialDays days: Int, date1904: Bool) -> LocalDate? {
        if date1904 {
            guard days >= 0, days <= 2_957_003 else { return nil }
            return LocalDate(year: 1904, month: 1, day: 1)!.adding(days: days)
        }
        guard days >= 1, days != 60, days <= 2_958_465 else { return nil }
        let base = LocalDate(year: 1899, month: 12, day: 31)!
        return base.adding(days: days < 60 ? days : days - 1)
    }

    /// The day of a serial written as text (`45383`, `45383.5` with its time of day), when that
    /// day is `plausible`; `nil` for anything else: a sign, an exponent, a leading zero (`045383`
    /// is no number Excel writes, and a `ddmmyy` day looks like it), a thousands separator. The
    /// time is dropped as Excel shows a date, rounded to the second: `45383.99999999` is the
    /// next day, as a date format would show it.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, date1904: Bool) -> LocalDate? {
        let n = bytes.count
        // Whole days: five digits for any plausible day; seven at most before the range check.
        var i = 0
        var days = 0
        while i < n, i < 8 {
            let digit = Int(bytes[i]) &- 48
            guard digit >= 0 && digit <= 9 else { break }
            days = days &* 10 &+ digit
            i += 1
        }
        guard i > 0, i <= 7, bytes[0] != UInt8(ascii: "0") else { return nil }
        if i < n {
            guard bytes[i] == UInt8(ascii: "."), i + 1 < n else { return nil }
            i += 1
            // Twelve fraction digits are far finer than a second and keep the arithmetic in Int.
            var fraction = 0
            var scale = 1
            while i < n {
                let digit = Int(bytes[i]) &- 48
                guard digit >= 0 && digit <= 9 else { return nil }
                if scale < 1_000_000_000_000 {
                    fraction = fraction * 10 + digit
                    scale *= 10
                }
                i += 1
            }
            if (fraction * 86_400 + scale / 2) / scale >= 86_400 { days += 1 }
        }
        guard let date = date(serialDays: days, date1904: date1904), plausible.contains(date) else { return nil }
        return date
    }

    /// The serial of a day from March 1900 on: what `date-format excel-serial` writes for a date.
    static func serial(of date: LocalDate, date1904: Bool) -> Int {
        let epoch = date1904 ? LocalDate(year: 1904, month: 1, day: 1)! : LocalDate(year: 1899, month: 12, day: 30)!
        return date.daysSinceEpoch - epoch.daysSinceEpoch
    }
}
