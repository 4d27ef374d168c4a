import FinanceCore

/// What to say when detection finds no date column: the header's column that is named as one,
/// for the profile's example, and why its values are no dates when they are days without a year
/// (`September 15`, as Revolut's 2019 exports write them).
enum MissingDateColumn {
    /// Header words that name a date column, folded to lower case.
    private static let dateWords = ["date", "datum", "fecha", "data", "дата", "день", "日付", "日期", "날짜", "päivä", "dato", "تاريخ", "تاریخ", "תאריך", "วันที่"]

    /// The header's first column named as a date, if any.
    static func namedColumn(_ header: [String]?) -> Int? {
        header?.firstIndex { name in
            let folded = name.lowercased()
            return dateWords.contains { folded.contains($0) }
        }
    }

    /// The column's first day without a year when every sampled value is a month's name and a day
    /// (`September 15`, `15 Sep`), some with a year before them (`2018 August 28`).
    static func yearless(_ column: Int, rows: [SampleRecord]) -> String? {
        let values = rows.prefix(50).compactMap { column < $0.fields.count ? $0.fields[column].trimmingSpaces : nil }.filter { !$0.isEmpty }
        // Revolut wrote the year only for dates of earlier years (`2018 August 28`).
        guard let first = values.first(where: isDayWithoutYear), values.allSatisfy({ isDayWithoutYear($0) || isDayWithYear($0) }) else {
            return nil
        }
        return first
    }

    /// The column's first date of another calendar and that calendar, when most sampled values are
    /// dates whose year is one the Solar Hijri or Hijri calendar counts (`1402/12/24`, `1445/09/05`),
    /// or the Buddhist Era (`15/03/2567`).
    static func otherCalendar(_ column: Int, rows: [SampleRecord]) -> (value: String, calendar: DateCalendar)? {
        let values = rows.prefix(50).compactMap { column < $0.fields.count ? $0.fields[column].trimmingSpaces : nil }.filter { !$0.isEmpty }
        for calendar in [DateCalendar.solarHijri, .buddhistEra] {
            let dates = values.filter { value in calendar.candidates.contains { $0.parse(value) != nil } }
            if let first = dates.first, dates.count * 2 > values.count { return (first, calendar) }
        }
        return nil
    }

    /// Whether `fields` (a header, or the first row when none was found) name a budget's columns,
    /// not a register's: a category's `Budgeted`, `Activity` and `Available` (YNAB's budget export).
    static func isBudget(_ fields: [String]) -> Bool {
        let names = Set(fields.map { $0.lowercased().trimmingSpaces })
        return ["budgeted", "activity", "available"].allSatisfy(names.contains)
    }

    /// `2018 August 28`: a year first, then a day without a year.
    private static func isDayWithYear(_ text: String) -> Bool {
        let words = text.split(separator: " ", maxSplits: 1)
        guard words.count == 2, words[0].count == 4, Int(words[0]) != nil else { return false }
        return isDayWithoutYear(String(words[1]))
    }

    /// `September 15`, `Sep 15`, `15 September`: one word of letters and one number of a day.
    private static func isDayWithoutYear(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        guard words.count == 2 else { return false }
        func isDay(_ w: Substring) -> Bool { w.count <= 2 && Int(w).map { (1...31).contains($0) } == true }
        func isWord(_ w: Substring) -> Bool { w.count >= 3 && w.allSatisfy(\.isLetter) }
        return (isWord(words[0]) && isDay(words[1])) || (isDay(words[0]) && isWord(words[1]))
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
