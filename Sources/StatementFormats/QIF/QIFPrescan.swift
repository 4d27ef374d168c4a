import FinanceCore
import Glibc

/// What the first megabytes of a QIF file say about all of it: the order of day and month, and
/// the decimal mark.
///
/// QIF states neither (Quicken US writes `MM/DD'YY` and `1,234.56`; European programs write
/// `DD.MM.YYYY` and `1.234,56`), so, as for CSV, the dates and amounts themselves decide: the
/// order under which every date of the window is a calendar day, else the one most dates need
/// (with a warning naming a date of each kind); with nothing to tell, month first as Quicken US
/// does, or day first when the dates are written with dots or span less time day first (with a
/// warning). `!Option:DMY` / `!Option:MDY`, which
/// some exporters write, settle the order outright, and so does the user's `--date-format` (or a
/// profile's `date-format` and `decimal-mark`), which wins over everything in the file.
struct QIFPrescan: Equatable {
    /// How much of a file is scanned: dates and amounts repeat the same layout all the way through.
    static let window = 4 << 20

    var dateOrder: QIFDateOrder = .monthFirst
    var decimalMark: UInt8 = UInt8(ascii: ".")
    /// Lines of a date that reads only day-first and of one that reads only month-first, when the
    /// window has both.
    var contradiction: (dayFirstLine: Int, monthFirstLine: Int)?
    /// When every date reads both ways (`03/01/2024`) and they were read day first, as they then
    /// span less time: the first date and its line.
    var ambiguity: (text: String, parts: QIFDateParts, line: Int)?
    /// Income categories of the file's `!Type:Cat` list (an `I` line), by name.
    var incomeCategories: Set<String> = []

    /// `\r` when the text has carriage returns and no line feed at all (Quicken for classic Mac
    /// OS), else `\n` (a `\r` before it is trimmed with the line).
    static func lineBreak(_ prefix: UnsafeBufferPointer<UInt8>) -> UInt8 {
        guard let base = prefix.baseAddress, memchr(base, 0x0A, prefix.count) == nil, memchr(base, 0x0D, prefix.count) != nil else { return 0x0A }
        return 0x0D
    }

    static func == (a: QIFPrescan, b: QIFPrescan) -> Bool {
        a.dateOrder == b.dateOrder && a.decimalMark == b.decimalMark && a.contradiction?.dayFirstLine == b.contradiction?.dayFirstLine
            && a.contradiction?.monthFirstLine == b.contradiction?.monthFirstLine && a.ambiguity?.line == b.ambiguity?.line
            && a.ambiguity?.text == b.ambiguity?.text && a.incomeCategories == b.incomeCategories
    }

    /// - Parameters:
    ///   - pinnedOrder: the order the user gave (`--date-format dd/mm/yyyy`), if any.
    ///   - pinnedDecimalMark: the decimal mark the user gave, if any.
    ///   - lineBreak: the byte that ends lines (`\n`, or `\r` in a classic Mac OS export).
    init(_ prefix: UnsafeBufferPointer<UInt8>, pinnedOrder: QIFDateOrder? = nil, pinnedDecimalMark: UInt8? = nil, lineBreak: UInt8 = 0x0A) {
        defer {
            if let pinnedOrder {
                dateOrder = pinnedOrder
                contradiction = nil
                ambiguity = nil
            }
            if let pinnedDecimalMark { decimalMark = pinnedDecimalMark }
        }
        var dayFirst = 0, monthFirst = 0, dotted = 0, slashed = 0
        var firstDayFirst: Int?, firstMonthFirst: Int?
        var commaVotes = 0, pointVotes = 0
        var explicit: QIFDateOrder?
        // Dates written with slashes, as parts, until the first that reads only one way.
        var slashedDates: [QIFDateParts] = []
        var firstSlashed: (text: String, parts: QIFDateParts, line: Int)?
        // In a `!Type:Cat` list: the category being read, and whether it is marked income.
        var inCategories = false
        var category: String?
        var isIncome = false
        var line = 1
        var start = 0
        let n = prefix.count
        guard let base = prefix.baseAddress else { return }
        while start < n {
            let end = memchr(base + start, Int32(lineBreak), n - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? n
            let text = QIFText.trimmed(UnsafeBufferPointer(start: base + start, count: end - start))
            if let letter = text.first {
                let value = UnsafeBufferPointer(rebasing: text[1...])
                switch letter {
                // `D` dates, and `/`, the date of an `!Account` block's balance (where `D` is a description).
                case UInt8(ascii: "D") where !inCategories, UInt8(ascii: "/") where !inCategories:
                    if let parts = QIFDateParts.split(QIFText.trimmed(value)) {
                        if parts.onlyDayFirst { dayFirst += 1; firstDayFirst = firstDayFirst ?? line }
                        if parts.onlyMonthFirst { monthFirst += 1; firstMonthFirst = firstMonthFirst ?? line }
                        if !parts.isFixedOrder {
                            if parts.isDotted {
                                dotted += 1
                            } else {
                                slashed += 1
                                if dayFirst + monthFirst == 0 {
                                    slashedDates.append(parts)
                                    if firstSlashed == nil { firstSlashed = (QIFText.string(QIFText.trimmed(value)), parts, line) }
                                }
                            }
                        }
                    }
                case UInt8(ascii: "N") where inCategories:
                    category = QIFText.string(QIFText.trimmed(value))
                case UInt8(ascii: "I") where inCategories:
                    isIncome = true
                case UInt8(ascii: "^") where inCategories:
                    if isIncome, let category, !category.isEmpty { incomeCategories.insert(category) }
                    category = nil
                    isIncome = false
                case UInt8(ascii: "T"), UInt8(ascii: "U"), UInt8(ascii: "$"):
                    switch Self.decimalMarkVote(QIFText.trimmed(value)) {
                    case UInt8(ascii: ","): commaVotes += 1
                    case UInt8(ascii: "."): pointVotes += 1
                    default: break
                    }
                case UInt8(ascii: "!"):
                    if QIFText.equalsIgnoringCase(text, "!Option:DMY") { explicit = .dayFirst }
                    if QIFText.equalsIgnoringCase(text, "!Option:MDY") { explicit = .monthFirst }
                    if !QIFText.hasPrefixIgnoringCase(text, "!Option:") && !QIFText.hasPrefixIgnoringCase(text, "!Clear:") {
                        inCategories = QIFText.equalsIgnoringCase(QIFText.trimmed(text), "!Type:Cat")
                        category = nil
                        isIncome = false
                    }
                default: break
                }
            }
            start = end + 1
            line += 1
        }
        if let explicit {
            dateOrder = explicit
        } else if dayFirst > 0 && monthFirst == 0 {
            dateOrder = .dayFirst
        } else if monthFirst > 0 && dayFirst == 0 {
            dateOrder = .monthFirst
        } else if dayFirst > 0, let d = firstDayFirst, let m = firstMonthFirst {
            dateOrder = dayFirst > monthFirst ? .dayFirst : .monthFirst
            contradiction = (d, m)
        } else if dotted > slashed {
            dateOrder = .dayFirst
        } else if let firstSlashed {
            // Every date reads both ways: month first, Quicken's order, unless the dates span less
            // time day first (five weeks of a British export are not eight months), which is then
            // said in a warning.
            if Self.span(slashedDates, .dayFirst) < Self.span(slashedDates, .monthFirst) {
                dateOrder = .dayFirst
                ambiguity = (firstSlashed.text, firstSlashed.parts, firstSlashed.line)
            }
        }
        decimalMark = commaVotes > pointVotes ? UInt8(ascii: ",") : UInt8(ascii: ".")
    }

    /// Days from the earliest to the latest of `dates` read under `order`.
    private static func span(_ dates: [QIFDateParts], _ order: QIFDateOrder) -> Int {
        var low = Int.max, high = Int.min
        for parts in dates {
            guard let day = parts.date(order)?.daysSinceEpoch else { continue }
            low = min(low, day)
            high = max(high, day)
        }
        return high >= low ? high - low : 0
    }

    /// The decimal mark an amount shows, if it shows one: the last `.` or `,` is the decimal mark
    /// unless exactly three digits follow it (`1,234` or `1.234` say nothing).
    static func decimalMarkVote(_ amount: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard let last = amount.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) else { return nil }
        let digits = amount[(last + 1)...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        guard digits > 0 else { return nil }
        if digits != 3 { return amount[last] }
        // `1.234,567` cannot be grouping on both sides: two different marks decide it.
        let other: UInt8 = amount[last] == UInt8(ascii: ".") ? UInt8(ascii: ",") : UInt8(ascii: ".")
        return amount[..<last].contains(other) ? amount[last] : nil
    }
}
