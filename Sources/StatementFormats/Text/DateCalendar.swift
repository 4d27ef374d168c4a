import FinanceCore

/// The calendar a date layout's numbers count in. Banks date their exports in the Gregorian
/// calendar, except where the civil calendar is another: Iran's Solar Hijri (`1402/12/24`) and
/// Thailand's Buddhist Era (`15/03/2567`, the Gregorian year plus 543). A layout names another
/// calendar by its first word: `solar-hijri yyyy/mm/dd`, `buddhist-era dd/mm/yyyy`.
public enum DateCalendar: String, Hashable, Sendable {
    case gregorian
    case solarHijri = "solar-hijri"
    case buddhistEra = "buddhist-era"

    /// The Gregorian years a bank's dates lie in. A four-digit year outside them is another
    /// calendar's (a Buddhist `2567`, a Solar Hijri or Hijri `1402`) or a placeholder (`0001-01-01`,
    /// `9999-12-31`), never a statement's day.
    static let gregorianYears = 1900...2199

    /// The calendar a pattern opens with and the rest of it (`gregorian` and the whole pattern when
    /// it names none).
    static func split(_ pattern: [UInt8]) -> (DateCalendar, [UInt8]) {
        for calendar in [DateCalendar.solarHijri, .buddhistEra] {
            let prefix = Array(calendar.prefix.utf8)
            if pattern.starts(with: prefix) { return (calendar, Array(pattern.dropFirst(prefix.count))) }
        }
        return (.gregorian, pattern)
    }

    /// How a pattern names this calendar: `solar-hijri ` (empty for the Gregorian calendar).
    var prefix: String { self == .gregorian ? "" : rawValue + " " }

    /// The Gregorian day of a day counted in this calendar, or `nil` when there is no such day
    /// among the years read.
    @inline(__always)
    func date(year: Int, month: Int, day: Int) -> LocalDate? {
        guard self == .gregorian else { return Self.otherDate(self, year: year, month: month, day: day) }
        guard Self.gregorianYears.contains(year) else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// Out of line: the conversion stays off the path of every Gregorian cell.
    @inline(never)
    private static func otherDate(_ calendar: DateCalendar, year: Int, month: Int, day: Int) -> LocalDate? {
        switch calendar {
        case .gregorian: return nil
        case .solarHijri: return SolarHijri.gregorian(year: year, month: month, day: day)
        case .buddhistEra:
            // The Thai solar calendar: the Gregorian months and days, the year 543 more.
            guard gregorianYears.contains(year - 543) else { return nil }
            return LocalDate(year: year - 543, month: month, day: day)
        }
    }

    /// The Buddhist year a two-digit one stands for in a Thai statement: `67` is 2567 (2024), from
    /// `50` (2550, 2007) on; below that, the Gregorian century's years are meant (`24` is 2024,
    /// 2567 in the Buddhist Era), as some Thai exports write Gregorian two-digit years.
    static func buddhistYear(twoDigits v: Int) -> Int {
        v >= 50 ? 2500 + v : 2000 + v + 543
    }

    /// A Gregorian day's year, month and day in this calendar (for messages), or `nil` outside the
    /// years read.
    func written(_ date: LocalDate) -> (year: Int, month: Int, day: Int)? {
        switch self {
        case .gregorian: return (date.year, date.month, date.day)
        case .solarHijri: return SolarHijri.date(of: date)
        case .buddhistEra: return (date.year + 543, date.month, date.day)
        }
    }

    /// The calendar's name in messages.
    var name: String {
        switch self {
        case .gregorian: return "the Gregorian calendar"
        case .solarHijri: return "the Solar Hijri calendar (Iran's)"
        case .buddhistEra: return "the Buddhist Era (Thailand's calendar)"
        }
    }

    /// The layouts detection tries in this calendar, when no Gregorian layout reads a date column of
    /// a file whose language says the calendar (`DateCalendarEvidence`).
    var candidates: [DateFormat] {
        switch self {
        case .gregorian: return DateFormat.candidates
        case .solarHijri: return Self.solarHijriCandidates
        case .buddhistEra: return Self.buddhistEraCandidates
        }
    }

    private static let solarHijriCandidates: [DateFormat] = ["yyyy/mm/dd", "yyyy-mm-dd", "yyyy.mm.dd", "yyyymmdd", "dd/mm/yyyy"].map {
        DateFormat(DateCalendar.solarHijri.prefix + $0)!
    }

    private static let buddhistEraCandidates: [DateFormat] = ["dd/mm/yyyy", "dd-mm-yyyy", "dd.mm.yyyy", "yyyy-mm-dd", "yyyy/mm/dd"].map {
        DateFormat(DateCalendar.buddhistEra.prefix + $0)!
    }
}

/// What says a file's dates may be in another calendar: its language. Persian (a letter Persian
/// adds to the Arabic alphabet, `پ چ ژ گ`, or writes its own way, `ک ی`, or a Persian digit `۰`–`۹`)
/// says Solar Hijri; Thai script says the Buddhist Era. An Arabic bank's `1445/09/05` (a Hijri date,
/// a lunar calendar pfin does not read) has neither.
enum DateCalendarEvidence {
    static func calendar(of text: String) -> DateCalendar? {
        var text = text
        return text.withUTF8 { calendar(of: $0) }
    }

    static func calendar(of bytes: UnsafeBufferPointer<UInt8>) -> DateCalendar? {
        var i = 0
        while i + 1 < bytes.count {
            let (lead, next) = (bytes[i], bytes[i + 1])
            if lead == 0xDA, next == 0xBE || next == 0x86 || next == 0x98 || next == 0xA9 || next == 0xAF { return .solarHijri }  // پ چ ژ ک گ
            if lead == 0xDB, next == 0x8C || (next >= 0xB0 && next <= 0xB9) { return .solarHijri }  // ی, ۰–۹
            if lead == 0xE0, next == 0xB8 || next == 0xB9 { return .buddhistEra }  // U+0E00–U+0E7F, Thai
            i += 1
        }
        return nil
    }
}
