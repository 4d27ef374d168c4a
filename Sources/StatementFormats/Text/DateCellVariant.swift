/// Date cells that some banks, apps and locales write around a layout's own text: rewritten into
/// what the layout reads, when the cell as written does not fit it (`DateFormat.parse` tries the
/// cell first, so a cell that fits is never rewritten).
///
/// - A weekday before the date is dropped: `Fri, 15 Mar 2024`, `Friday, March 15, 2024`,
///   `Mo., 15.03.2024`, `lun. 15/03/2024`, `segunda-feira, 15/03/2024`.
/// - Arabic-Indic and Persian digits become ASCII digits and the direction marks Arabic locales put
///   around separators are dropped: `١٥/٠٣/٢٠٢٤`, `15\u{200F}/03\u{200F}/2024`.
/// - Chinese and Japanese `2024年3月15日` and Korean `2024년 3월 15일` become `2024-3-15`; Korean
///   `2024. 03. 15.` becomes `2024.03.15`.
/// - A Japanese era becomes its Gregorian year (`R6.03.15`, `令和6年3月15日`: 2024; Heisei from
///   1989, Showa from 1926; `令和元年` is 2019), and a weekday in brackets after the date goes
///   (`2024/03/15(金)`).
enum DateCellVariant {
    /// The cell rewritten, or `nil` when none of the above applies. Detection asks this of every
    /// cell of a column that no layout reads (names, memos) for every layout it tries: a cell that
    /// has nothing to rewrite is told so without an allocation.
    static func rewrite(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let first = bytes.first else { return nil }
        let weekday = first >= 0x80 || first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z") ? weekdayLength(bytes) : 0
        // Korean dates start `2024. `.
        let korean = bytes.count >= 8 && bytes[4] == UInt8(ascii: ".") && bytes[5] == 0x20 && bytes[..<4].allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
        let era = japaneseEra(bytes, at: weekday)
        let tail = japaneseWeekdayLength(bytes)
        guard weekday > 0 || korean || era != nil || tail > 0 || hasMarkOrUnit(bytes) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var changed = weekday > 0 || tail > 0
        var i = weekday
        if let era {
            out.append(contentsOf: String(era.year).utf8)
            i += era.length
            changed = true
        }
        let n = bytes.count - tail
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                out.append(b)
                i += 1
                continue
            }
            let rest = n - i
            if rest >= 2, let digit = ArabicDigit.value(lead: b, next: bytes[i + 1]) {
                out.append(UInt8(ascii: "0") + digit)
                i += 2
            } else if rest >= 2, b == 0xD8, bytes[i + 1] == 0x9C {
                i += 2  // U+061C ARABIC LETTER MARK
            } else if rest >= 3, b == 0xE2, bytes[i + 1] == 0x80, bytes[i + 2] == 0x8E || bytes[i + 2] == 0x8F {
                i += 3  // U+200E, U+200F
            } else if rest >= 3, let unit = dateUnit(bytes[i], bytes[i + 1], bytes[i + 2]) {
                // 年 月 日, 년 월 일: the year and the month end with a dash, the day with nothing;
                // the spaces Korean puts after each go.
                while out.last == 0x20 { out.removeLast() }
                i += 3
                if unit != .day {
                    out.append(UInt8(ascii: "-"))
                    while i < n && bytes[i] == 0x20 { i += 1 }
                }
            } else {
                out.append(b)
                i += 1
                continue
            }
            changed = true
        }
        if koreanDots(&out) { changed = true }
        return changed ? out : nil
    }

    /// Whether the cell holds an Arabic-Indic or Persian digit, a direction mark, or 年 月 日 년 월 일.
    private static func hasMarkOrUnit(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        var i = 0
        while i + 1 < n {
            let b = bytes[i]
            if b >= 0xD8 {
                let c = bytes[i + 1]
                if ArabicDigit.value(lead: b, next: c) != nil || (b == 0xD8 && c == 0x9C) {
                    return true
                }
                if i + 2 < n && ((b == 0xE2 && c == 0x80 && (bytes[i + 2] == 0x8E || bytes[i + 2] == 0x8F)) || dateUnit(b, c, bytes[i + 2]) != nil) {
                    return true
                }
            }
            i += 1
        }
        return false
    }

    private enum Unit { case year, month, day }

    /// A Japanese era and its year at `i`, before `.`, `/`, `-` or 年: `R6.`, `H31/`, `令和6年`,
    /// `令和元年` (the era's first year). The Gregorian year, and the bytes era and year take.
    private static func japaneseEra(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (year: Int, length: Int)? {
        let n = bytes.count
        guard i + 3 <= n else { return nil }
        var base: Int
        var k: Int
        switch bytes[i] {
        case UInt8(ascii: "R"): (base, k) = (2018, i + 1)
        case UInt8(ascii: "H"): (base, k) = (1988, i + 1)
        case UInt8(ascii: "S"): (base, k) = (1925, i + 1)
        case 0xE4, 0xE5, 0xE6:
            guard i + 7 <= n else { return nil }
            switch (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3], bytes[i + 4], bytes[i + 5]) {
            case (0xE4, 0xBB, 0xA4, 0xE5, 0x92, 0x8C): base = 2018  // 令和
            case (0xE5, 0xB9, 0xB3, 0xE6, 0x88, 0x90): base = 1988  // 平成
            case (0xE6, 0x98, 0xAD, 0xE5, 0x92, 0x8C): base = 1925  // 昭和
            default: return nil
            }
            k = i + 6
            while k < n && bytes[k] == 0x20 { k += 1 }
            // 元年: the first year.
            if k + 6 <= n, bytes[k] == 0xE5, bytes[k + 1] == 0x85, bytes[k + 2] == 0x83, dateUnit(bytes[k + 3], bytes[k + 4], bytes[k + 5]) == .year {
                return (base + 1, k + 3 - i)
            }
        default: return nil
        }
        let digits = k
        var year = 0
        while k < n, k - digits < 3, bytes[k] &- UInt8(ascii: "0") < 10 {
            year = year * 10 + Int(bytes[k] &- UInt8(ascii: "0"))
            k += 1
        }
        guard (1...2).contains(k - digits), year > 0, k < n else { return nil }
        switch bytes[k] {
        case UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "-"): break
        default:
            guard k + 3 <= n, dateUnit(bytes[k], bytes[k + 1], bytes[k + 2]) == .year else { return nil }
        }
        return (base + year, k - i)
    }

    /// A Japanese weekday in brackets closing the cell, with the spaces before it: `(金)`, ` （金）`;
    /// the bytes it takes, or 0.
    private static func japaneseWeekdayLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let n = bytes.count
        var start: Int
        if n >= 6, bytes[n - 1] == UInt8(ascii: ")"), bytes[n - 5] == UInt8(ascii: "(") {
            start = n - 5
        } else if n >= 10, bytes[n - 3] == 0xEF, bytes[n - 2] == 0xBC, bytes[n - 1] == 0x89, bytes[n - 9] == 0xEF, bytes[n - 8] == 0xBC,
            bytes[n - 7] == 0x88
        {
            start = n - 9
        } else {
            return 0
        }
        let day = start + (bytes[start] == 0xEF ? 3 : 1)
        switch (bytes[day], bytes[day + 1], bytes[day + 2]) {
        // 月 火 水 木 金 土 日
        case (0xE6, 0x9C, 0x88), (0xE7, 0x81, 0xAB), (0xE6, 0xB0, 0xB4), (0xE6, 0x9C, 0xA8), (0xE9, 0x87, 0x91), (0xE5, 0x9C, 0x9F), (0xE6, 0x97, 0xA5):
            break
        default: return 0
        }
        while start > 0 && bytes[start - 1] == 0x20 { start -= 1 }
        return n - start
    }

    private static func dateUnit(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Unit? {
        switch (a, b, c) {
        case (0xE5, 0xB9, 0xB4), (0xEB, 0x85, 0x84): return .year  // 年 년
        case (0xE6, 0x9C, 0x88), (0xEC, 0x9B, 0x94): return .month  // 月 월
        case (0xE6, 0x97, 0xA5), (0xEC, 0x9D, 0xBC): return .day  // 日 일
        default: return nil
        }
    }

    /// `2024. 03. 15.` → `2024.03.15`: a dot, spaces, then a digit lose the spaces, and a dot
    /// ending the date (after its last digit, before a time or the end) goes.
    private static func koreanDots(_ text: inout [UInt8]) -> Bool {
        guard text.count >= 8, text[4] == UInt8(ascii: "."), text[5] == 0x20, text[..<4].allSatisfy({ (0x30...0x39).contains($0) }) else {
            return false
        }
        var out: [UInt8] = []
        var i = 0
        var dots = 0
        while i < text.count {
            let b = text[i]
            out.append(b)
            i += 1
            guard b == UInt8(ascii: ".") else { continue }
            dots += 1
            var j = i
            while j < text.count && text[j] == 0x20 { j += 1 }
            if dots < 3, j < text.count, (0x30...0x39).contains(text[j]) { i = j } else if dots == 3 { out.removeLast() }
        }
        text = out
        return true
    }

    /// The bytes a weekday and what follows it take at the start of the cell (`Fri, `, `Mo. `,
    /// `segunda-feira, `), or 0.
    private static func weekdayLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let n = bytes.count
        var end = 0
        while end < n, bytes[end] >= 0x80 || (bytes[end] | 0x20 >= UInt8(ascii: "a") && bytes[end] | 0x20 <= UInt8(ascii: "z")) {
            end += 1
        }
        // A weekday is a short word followed by `.`, `,`, a space or `-feira`.
        guard end >= 2, end <= 13, end < n else { return 0 }
        switch bytes[end] {
        case UInt8(ascii: "."), UInt8(ascii: ","), 0x20, UInt8(ascii: "-"): break
        default: return 0
        }
        var word = TextFolding.fold(String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self))
        var i = end
        // Portuguese `segunda-feira`.
        if i + 6 <= n, bytes[i..<(i + 6)].elementsEqual("-feira".utf8) {
            i += 6
            word += "feira"
        }
        guard weekdays.contains(word) else { return 0 }
        if i < n && bytes[i] == UInt8(ascii: ".") { i += 1 }
        if i < n && bytes[i] == UInt8(ascii: ",") { i += 1 }
        let spaces = i
        while i < n && bytes[i] == 0x20 { i += 1 }
        // A separator is needed: `Fri15` is no weekday.
        guard i > end, i < n, i > spaces || bytes[i - 1] == UInt8(ascii: ",") || bytes[i - 1] == UInt8(ascii: ".") else { return 0 }
        return i
    }

    /// Weekdays, folded (`TextFolding.fold`), in full and abbreviated, in English, German, French,
    /// Spanish, Italian, Portuguese and Dutch.
    private static let weekdays: Set<String> = [
        "mon", "monday", "tue", "tues", "tuesday", "wed", "weds", "wednesday", "thu", "thur", "thurs", "thursday",
        "fri", "friday", "sat", "saturday", "sun", "sunday",
        "mo", "di", "mi", "do", "fr", "sa", "so", "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag",
        "sonntag",
        "lun", "lundi", "mar", "mardi", "mer", "mercredi", "jeu", "jeudi", "ven", "vendredi", "sam", "samedi", "dim",
        "dimanche",
        "lunes", "martes", "mie", "miercoles", "jue", "jueves", "vie", "viernes", "sab", "sabado", "dom", "domingo",
        "lunedi", "martedi", "mercoledi", "gio", "giovedi", "venerdi", "sabato", "domenica",
        "seg", "segunda", "segundafeira", "ter", "terca", "tercafeira", "qua", "quarta", "quartafeira", "qui", "quinta",
        "quintafeira", "sex", "sexta", "sextafeira",
        "ma", "maandag", "dinsdag", "wo", "woensdag", "donderdag", "vr", "vrijdag", "za", "zaterdag", "zo", "zondag",
    ]
}
