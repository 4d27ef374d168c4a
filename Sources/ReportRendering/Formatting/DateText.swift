import FinanceCore

/// Dates as reports show them: `03 May 2024`, or `03 May` where the month is already known.
///
/// Day first and the month as a word, so that no reader mistakes 03/05 for March the fifth; the
/// day keeps two digits so that a column of dates lines up. English names only, like the rest of
/// pfin's output.
///
///     DateText.long(LocalDate(year: 2024, month: 5, day: 3)!) == "03 May 2024"
public enum DateText {
    /// `Jan` … `Dec`.
    public static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
        "Nov", "Dec",
    ]

    /// `03 May 2024`.
    public static func long(_ date: LocalDate) -> String {
        dayMonth(date) + " " + String(date.year)
    }

    /// `03 May`.
    public static func dayMonth(_ date: LocalDate) -> String {
        let day = date.day < 10 ? "0" + String(date.day) : String(date.day)
        return day + " " + monthAbbreviations[date.month - 1]
    }
}
