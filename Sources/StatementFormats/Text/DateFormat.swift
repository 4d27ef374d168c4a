import FinanceCore

/// A date layout such as `dd.mm.yyyy`, `mm/dd/yy`, `yyyymmdd` or `dd mmm yyyy`, and its parser.
///
/// Pattern letters: `yyyy` four-digit year, `yy` two-digit year (69–99 → 19xx, 00–68 → 20xx, as
/// POSIX `strptime`), `mm`/`m` month number, `mmm` month name in English, German, French, Spanish,
/// Dutch or Italian (full or abbreviated, a trailing `.` allowed), `dd`/`d` day. Any other character
/// must appear as written; a space matches one or more spaces. Numbers take one or two digits unless
/// another number precedes or follows directly (`yyyymmdd`), then exactly two. A time after the date
/// (`2024-05-03 14:22`, `2024-05-03T14:22:01Z`) is ignored: the bank's calendar date is what counts.
///
/// A pattern may leave the year out (`dd mmm`, for FNB's `01 Mrt`): its dates are then read in the
/// leap year 2000, and the reader gives them the year of the statement period the file states
/// (`StatementPeriod.date(_:)`).
///
/// Two patterns are no layout: `excel-serial` and `excel-serial-1904` read Excel serial day numbers
/// (`45383` is 2024-04-01, `45383.5` its noon) in the 1900 or the 1904 date system, the dates a
/// spreadsheet holds in a column without a date format (`ExcelSerialDate`).
public struct DateFormat: Hashable, Sendable, CustomStringConvertible {
    enum Token: Hashable, Sendable {
        case day(fixed: Bool)
        case month(fixed: Bool)
        case monthName
        case year4
        case year2
        case space
        case literal(UInt8)
    }

    /// The pattern as written, e.g. `dd.mm.yyyy`.
    public let pattern: String
    let tokens: [Token]
    /// For layouts of two-digit days and months, a four-digit year and one-character separators
    /// (`mm/dd/yyyy`, `dd.mm.yyyy`, `yyyy-mm-dd`, `yyyymmdd`): where each part sits in a cell of
    /// exactly that width, read without walking the tokens. Other cells take the general path.
    private let fixed: FixedLayout?

    private struct FixedLayout: Hashable, Sendable {
        var width: Int
        var day: Int
        var month: Int
        var year: Int
        /// Separator positions and bytes.
        var separators: [(Int, UInt8)]

        static func == (a: FixedLayout, b: FixedLayout) -> Bool { a.width == b.width && a.day == b.day && a.month == b.month && a.year == b.year }
        func hash(into hasher: inout Hasher) { hasher.combine(width); hasher.combine(day); hasher.combine(month); hasher.combine(year) }
    }

    /// Whether the pattern has a year; without one, dates are read in the year 2000.
    public let hasYear: Bool
    /// The calendar the cells count in (`solar-hijri yyyy/mm/dd`: Iranian banks' `1402/12/24`),
    /// read as the Gregorian days they are.
    public let calendar: DateCalendar
    /// For `excel-serial` (`false`) and `excel-serial-1904` (`true`): whether serials count from
    /// 1904; `nil` for a layout.
    let serialDate1904: Bool?

    /// Whether cells are Excel serial day numbers (`excel-serial`, `excel-serial-1904`).
    public var isExcelSerial: Bool { serialDate1904 != nil }

    /// The pattern of Excel serial day numbers in a date system.
    static func excelSerial(date1904: Bool) -> DateFormat {
        DateFormat(date1904 ? "excel-serial-1904" : "excel-serial")!
    }

    /// Compiles a pattern; `nil` unless it has exactly one day, one month and at most one year, or
    /// is `excel-serial` or `excel-serial-1904`.
    public init?(_ pattern: String) {
        var lower = Array(pattern.lowercased().utf8)
        if lower.elementsEqual("excel-serial".utf8) || lower.elementsEqual("excel-serial-1904".utf8) {
            self.pattern = String(decoding: lower, as: UTF8.self)
            tokens = []
            fixed = nil
            hasYear = true
            calendar = .gregorian
            serialDate1904 = lower.count > "excel-serial".utf8.count
            return
        }
        serialDate1904 = nil
        let written = String(decoding: lower, as: UTF8.self)
        (calendar, lower) = DateCalendar.split(lower)
        var raw: [Token] = []
        var i = 0
        func run(of letter: UInt8) -> Int {
            var j = i
            while j < lower.count && lower[j] == letter { j += 1 }
            return j - i
        }
        while i < lower.count {
            let c = lower[i]
            switch c {
            case UInt8(ascii: "y"):
                let n = run(of: c)
                guard n == 2 || n == 4 else { return nil }
                raw.append(n == 4 ? .year4 : .year2); i += n
            case UInt8(ascii: "m"):
                let n = run(of: c)
                guard n <= 3 else { return nil }
                raw.append(n == 3 ? .monthName : .month(fixed: false)); i += n
            case UInt8(ascii: "d"):
                let n = run(of: c)
                guard n <= 2 else { return nil }
                raw.append(.day(fixed: false)); i += n
            case UInt8(ascii: " "):
                raw.append(.space)
                while i < lower.count && lower[i] == UInt8(ascii: " ") { i += 1 }
            default:
                guard c < 0x80, !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) else { return nil }
                raw.append(.literal(c)); i += 1
            }
        }
        // Numbers next to another number are fixed-width: in `yyyymmdd` the day follows the month
        // directly, so `2024053` must not read as 3 May.
        var tokens = raw
        func isNumber(_ k: Int) -> Bool {
            guard tokens.indices.contains(k) else { return false }
            switch tokens[k] {
            case .day, .month, .year4, .year2: return true
            default: return false
            }
        }
        for k in tokens.indices {
            let adjacent = isNumber(k - 1) || isNumber(k + 1)
            if case .day = tokens[k] { tokens[k] = .day(fixed: adjacent) }
            if case .month = tokens[k] { tokens[k] = .month(fixed: adjacent) }
        }
        let days = tokens.filter { if case .day = $0 { return true } else { return false } }.count
        let months = tokens.filter {
            switch $0 {
            case .month, .monthName: return true;
            default: return false
            }
        }.count
        let years = tokens.filter { $0 == .year4 || $0 == .year2 }.count
        guard days == 1, months == 1, years <= 1 else { return nil }
        // Another calendar's dates have a full year and numbered months (their month names are
        // their own). (Thai statements also write two-digit Buddhist years, `15/03/67`.)
        if calendar != .gregorian {
            guard tokens.contains(.year4) || (calendar == .buddhistEra && tokens.contains(.year2)), !tokens.contains(.monthName) else { return nil }
        }
        hasYear = years == 1
        self.pattern = written
        self.tokens = tokens
        fixed = DateFormat.fixedLayout(lower)
    }

    public var description: String { pattern }

    /// Whether the pattern puts the day before the month (`dd/mm/yyyy`).
    public var dayFirst: Bool {
        for token in tokens {
            switch token {
            case .day: return true
            case .month, .monthName: return false
            default: continue
            }
        }
        return false
    }

    /// The same layout with day and month swapped (`dd/mm/yyyy` ↔ `mm/dd/yyyy`), for numeric months.
    public var swapped: DateFormat? {
        guard serialDate1904 == nil, !tokens.contains(.monthName) else { return nil }
        var text = calendar.prefix
        for token in tokens {
            switch token {
            case .day: text += "mm"
            case .month: text += "dd"
            case .monthName: text += "mmm"
            case .year4: text += "yyyy"
            case .year2: text += "yy"
            case .space: text += " "
            case .literal(let c): text += String(UnicodeScalar(c))
            }
        }
        return DateFormat(text)
    }

    /// Parses a trimmed cell; `nil` unless it fits the pattern and names a real day. A cell that
    /// does not fit as written is tried once more as `DateCellVariant` rewrites it (a weekday
    /// before the date, Arabic-Indic digits, `2024年3月15日`).
    public func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        if let date = parseAsWritten(bytes) { return date }
        guard serialDate1904 == nil, let variant = DateCellVariant.rewrite(bytes) else { return nil }
        return variant.withUnsafeBufferPointer { parseAsWritten($0) }
    }

    /// The cell as written, not rewritten (`DateLayoutHits` rewrites each cell once for all the
    /// layouts it tries).
    @inline(__always)
    func parseAsWritten(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        if let serialDate1904 { return ExcelSerialDate.parse(bytes, date1904: serialDate1904) }
        if let fixed,
            bytes.count == fixed.width
                || (bytes.count > fixed.width + 1 && (bytes[fixed.width] == 0x20 || bytes[fixed.width] == UInt8(ascii: "T"))
                    && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[fixed.width + 1]))
        {
            if let date = parseFixed(bytes, fixed) { return date }
        }
        return parseTokens(bytes)
    }

    @inline(__always)
    private func parseFixed(_ bytes: UnsafeBufferPointer<UInt8>, _ layout: FixedLayout) -> LocalDate? {
        for (position, separator) in layout.separators where bytes[position] != separator { return nil }
        @inline(__always) func number(_ at: Int, _ count: Int) -> Int? {
            var value = 0
            for i in at..<(at + count) {
                let d = Int(bytes[i]) &- 48
                guard d >= 0 && d <= 9 else { return nil }
                value = value &* 10 &+ d
            }
            return value
        }
        guard let day = number(layout.day, 2), let month = number(layout.month, 2), let year = number(layout.year, 4) else { return nil }
        return calendar.date(year: year, month: month, day: day)
    }

    /// The fixed-width reading of a pattern written `dd`, `mm`, `yyyy` and single separators.
    private static func fixedLayout(_ pattern: [UInt8]) -> FixedLayout? {
        let text = String(decoding: pattern, as: UTF8.self)
        var layout = FixedLayout(width: pattern.count, day: -1, month: -1, year: -1, separators: [])
        var i = 0
        while i < pattern.count {
            let rest = text.utf8.dropFirst(i)
            if rest.starts(with: "yyyy".utf8) { layout.year = i; i += 4; continue }
            if rest.starts(with: "mmm".utf8) { return nil }
            if rest.starts(with: "mm".utf8) { layout.month = i; i += 2; continue }
            if rest.starts(with: "dd".utf8) { layout.day = i; i += 2; continue }
            let c = pattern[i]
            guard c < 0x80, !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c), c != 0x20 else { return nil }
            layout.separators.append((i, c))
            i += 1
        }
        return layout.day >= 0 && layout.month >= 0 && layout.year >= 0 ? layout : nil
    }

    private func parseTokens(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        var i = 0
        let n = bytes.count
        // Without a year in the pattern, a leap year, so that 29 February reads.
        var day = 0, month = 0, year = 2000
        @inline(__always) func digits(min: Int, max: Int) -> Int? {
            var value = 0, count = 0
            while i < n && count < max {
                let d = Int(bytes[i]) &- 48
                guard d >= 0 && d <= 9 else { break }
                value = value * 10 + d; count += 1; i += 1
            }
            return count >= min ? value : nil
        }
        for (k, token) in tokens.enumerated() {
            switch token {
            case .day(let fixed):
                guard let v = digits(min: fixed ? 2 : 1, max: 2) else { return nil }
                day = v
            case .month(let fixed):
                guard let v = digits(min: fixed ? 2 : 1, max: 2) else { return nil }
                month = v
            case .year4:
                guard let v = digits(min: 4, max: 4) else { return nil }
                year = v
            case .year2:
                guard let v = digits(min: 2, max: 2) else { return nil }
                year = calendar == .buddhistEra ? DateCalendar.buddhistYear(twoDigits: v) : v >= 69 ? 1900 + v : 2000 + v
            case .monthName:
                let start = i
                while i < n, bytes[i] >= 0x80 || (bytes[i] | 0x20 >= UInt8(ascii: "a") && bytes[i] | 0x20 <= UInt8(ascii: "z")) {
                    i += 1
                }
                guard i - start >= 3,
                    let m = MonthNames.month(TextFolding.fold(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)))
                else { return nil }
                month = m
                // An abbreviation's dot (`févr.`), unless the pattern's next character is a dot
                // itself (`dd.mmm.yyyy` on `12.févr.2024`).
                let dotFollows = k + 1 < tokens.count && tokens[k + 1] == .literal(UInt8(ascii: "."))
                if !dotFollows && i < n && bytes[i] == UInt8(ascii: ".") { i += 1 }
            case .space:
                guard i < n && bytes[i] == 0x20 else { return nil }
                while i < n && bytes[i] == 0x20 { i += 1 }
                // Spanish and Portuguese join the parts with `de` (`15 de marzo de 2024`).
                if let joint = Self.jointWidth(bytes, i) {
                    i += joint
                    while i < n && bytes[i] == 0x20 { i += 1 }
                }
            case .literal(let c):
                guard i < n && bytes[i] == c else { return nil }
                i += 1
            }
        }
        // Russian `2024 г.`, Ukrainian `2024 р.` (year).
        if hasYear, let suffix = Self.yearWordLength(bytes, from: i) { i += suffix }
        if i < n {
            // Only a time may follow: `T14:22` or ` 14:22`.
            guard bytes[i] == UInt8(ascii: "T") || bytes[i] == 0x20 else { return nil }
            var j = i
            while j < n && bytes[j] == 0x20 { j += 1 }
            if bytes[i] == UInt8(ascii: "T") { j = i + 1 }
            guard j < n, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[j]) else { return nil }
        }
        return calendar.date(year: year, month: month, day: day)
    }

    /// The width of `de ` (3) or `del ` (4) at `i`, in any case, with more text after it; or `nil`.
    @inline(__always)
    private static func jointWidth(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        let n = bytes.count
        guard i + 3 < n, bytes[i] | 0x20 == UInt8(ascii: "d"), bytes[i + 1] | 0x20 == UInt8(ascii: "e") else { return nil }
        if bytes[i + 2] == 0x20 { return 3 }
        return i + 4 < n && bytes[i + 2] | 0x20 == UInt8(ascii: "l") && bytes[i + 3] == 0x20 ? 4 : nil
    }

    /// The length of ` г.`, `г.`, ` р.` or `р.` (the dot optional) at `from` ending the cell or
    /// followed by a space, or `nil`.
    private static func yearWordLength(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var i = from
        let n = bytes.count
        while i < n && bytes[i] == 0x20 { i += 1 }
        // г U+0433 (D0 B3), р U+0440 (D1 80).
        guard i + 1 < n, (bytes[i] == 0xD0 && bytes[i + 1] == 0xB3) || (bytes[i] == 0xD1 && bytes[i + 1] == 0x80) else { return nil }
        i += 2
        if i < n && bytes[i] == UInt8(ascii: ".") { i += 1 }
        guard i == n || bytes[i] == 0x20 else { return nil }
        return i - from
    }

    /// Parses a string (convenience for tests and profiles).
    public func parse(_ text: String) -> LocalDate? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// The layouts detection tries, most specific first.
    public static let candidates: [DateFormat] = [
        "yyyy-mm-dd", "yyyy/mm/dd", "yyyy.mm.dd", "yyyymmdd",
        "dd.mm.yyyy", "dd.mm.yy",
        "dd/mm/yyyy", "mm/dd/yyyy", "dd/mm/yy", "mm/dd/yy",
        "dd-mm-yyyy", "mm-dd-yyyy", "dd-mm-yy", "mm-dd-yy",
        "dd mmm yyyy", "dd-mmm-yyyy", "dd-mmm-yy", "dd mmm yy", "dd/mmm/yyyy", "dd. mmm yyyy", "dd.mmm.yyyy",
        "mmm dd, yyyy", "mmm dd yyyy", "dd mmm, yyyy",
    ].map { DateFormat($0)! }

    /// The layouts without a year detection tries, where the file states its statement period
    /// (FNB's `01 Mrt` under `Vanaf Datum`/`Tot Datum`).
    public static let yearlessCandidates: [DateFormat] = ["dd mmm", "mmm dd", "dd-mmm"].map { DateFormat($0)! }
}

extension DateFormat {
    /// `date` written in this layout, for messages (`03.05.2024` for `dd.mm.yyyy`, `45415` for
    /// `excel-serial`).
    public func render(_ date: LocalDate) -> String {
        if let serialDate1904 { return String(ExcelSerialDate.serial(of: date, date1904: serialDate1904)) }
        // Another calendar's layout writes the day in that calendar (`1402/12/24`).
        let (year, month, day) = calendar.written(date) ?? (date.year, date.month, date.day)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var text = ""
        for token in tokens {
            switch token {
            case .day: text += two(day)
            case .month: text += two(month)
            case .monthName: text += months[month - 1]
            case .year4: text += String(year)
            case .year2: text += two(year % 100)
            case .space: text += " "
            case .literal(let c): text += String(UnicodeScalar(c))
            }
        }
        return text
    }
}
