import FinanceCore
import Glibc

/// Dates typed on the command line: `YYYY-MM-DD`, or the words `today` and `yesterday`.
enum DateArgument {
    /// The date `text` names, or `nil`.
    static func parse(_ text: String, today: LocalDate) -> LocalDate? {
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default: return LocalDate(iso: text)
        }
    }

    /// Why `text` is not a date, for a note: a day the calendar lacks, or another layout.
    static func problem(_ text: String) -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if text.utf8.count == 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), Int(parts[2]) != nil {
            if (1...12).contains(month), (1...9999).contains(year) {
                return "'\(text)' is not a day of the calendar: \(parts[0])-\(parts[1]) has \(LocalDate.daysIn(month: month, year: year)) days"
            }
            return "'\(text)' is not a day of the calendar: the month must be 01 to 12"
        }
        return "'\(text)' is not a date in the form YYYY-MM-DD, like 2024-05-03 (or 'today', 'yesterday')"
    }

    /// Today in the local time zone: the day a user means when they add a payment without a date.
    static func today() -> LocalDate {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil,
            let date = LocalDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return LocalDate(daysSinceEpoch: now / 86_400) }
        return date
    }
}
