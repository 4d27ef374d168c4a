import FinanceCore

/// Excel's serial dates (ECMA-376 §18.17.4.1): a day as the count of days from the epoch of the
/// workbook's date system, its fraction the time of day. A cell styled as a date shows one as a
/// date; a cell in General format shows the bare number (`45383` for 2024-04-01), and so does a
/// CSV saved from such a sheet.
enum ExcelSerialDate {
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
}
