import FinanceCore

/// A QIF `D` field taken apart before its day/month order is known.
///
/// Quicken writes `MM/DD/YY` for the 1900s and `MM/DD'YY` for the 2000s, pads one-digit parts
/// with a space (` 1/ 5'24`), and other programs write `M/D/YYYY`, `DD/MM/YYYY`, `DD.MM.YYYY`,
/// ISO `YYYY-MM-DD`, `YYYYMMDD` or, set to, a month name (`15 Mar 2024`). The order of the first two numbers is a property of the whole file
/// (`QIFDateOrder`), so a field is first split into its numbers, then read under that order.
///
/// Two-digit years: after an apostrophe always 20YY (Quicken's convention, one digit allowed:
/// `1/ 5' 4` is 2004); after another separator 69–99 → 19YY and 00–68 → 20YY, as `DateFormat`
/// and POSIX `strptime` read them, since modern exporters write `01/05/24` for 2024.
struct QIFDateParts: Equatable {
    var first: Int
    var second: Int
    var year: Int
    /// `YYYY-MM-DD`, `YYYYMMDD` or a month name (`15 Mar 2024`): the order is fixed whatever the
    /// file does.
    var isFixedOrder: Bool
    /// Written with dots (`05.01.2024`), the day-first convention of German and Swiss exports.
    var isDotted: Bool

    /// Splits the trimmed field; `nil` unless it is three numbers with separators `/ - . '`, or a
    /// date whose order its form fixes: `20240315`, or a month name as some programs' QIF export
    /// writes it when set to (`15 Mar 2024`, `Mar 15, 2024`, `15-MAR-24`).
    static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> QIFDateParts? {
        if let numbers = splitNumbers(bytes) { return numbers }
        guard bytes.count >= 8, bytes.contains(where: { $0 >= 0x41 }) || bytes.count == 8 else { return nil }
        for format in fixedOrderFormats {
            if let date = format.parseAsWritten(bytes) {
                return QIFDateParts(first: date.month, second: date.day, year: date.year, isFixedOrder: true, isDotted: false)
            }
        }
        return nil
    }

    private static let fixedOrderFormats = ["yyyymmdd", "dd mmm yyyy", "mmm dd, yyyy", "mmm dd yyyy", "dd-mmm-yyyy", "dd-mmm-yy", "dd mmm yy"]
        .map { DateFormat($0)! }

    private static func splitNumbers(_ bytes: UnsafeBufferPointer<UInt8>) -> QIFDateParts? {
        var numbers = (0, 0, 0)
        var widths = (0, 0, 0)
        // How many numbers have ended, and whether a separator has come since the last one.
        var index = 0
        var inNumber = false
        var separated = true
        var separatorBeforeYear: UInt8 = 0
        var dotted = false
        for byte in bytes {
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                if !inNumber {
                    // ` 1/ 5` is padding; `1 5` (two numbers with no separator) is not a date.
                    guard index < 3, separated else { return nil }
                    inNumber = true
                    separated = false
                }
                switch index {
                case 0: numbers.0 = numbers.0 * 10 + Int(digit); widths.0 += 1
                case 1: numbers.1 = numbers.1 * 10 + Int(digit); widths.1 += 1
                default: numbers.2 = numbers.2 * 10 + Int(digit); widths.2 += 1
                }
                guard widths.0 <= 4, widths.1 <= 2, widths.2 <= 4 else { return nil }
                continue
            }
            if inNumber { inNumber = false; index += 1 }
            switch byte {
            case 0x20, 0x09:
                continue
            case UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "'"):
                guard !separated, index > 0, index < 3 else { return nil }
                separated = true
                if byte == UInt8(ascii: ".") { dotted = true }
                if index == 2 { separatorBeforeYear = byte }
            default:
                return nil
            }
        }
        if inNumber { index += 1 }
        guard index == 3 else { return nil }
        if widths.0 == 4 {
            guard widths.1 >= 1, widths.2 <= 2 else { return nil }
            return QIFDateParts(first: numbers.1, second: numbers.2, year: numbers.0, isFixedOrder: true, isDotted: false)
        }
        guard widths.0 <= 2 else { return nil }
        var year = numbers.2
        switch widths.2 {
        case 4: break
        case 1, 2:
            if separatorBeforeYear == UInt8(ascii: "'") { year += 2000 } else if widths.2 == 2 { year += year >= 69 ? 1900 : 2000 } else { return nil }
        default: return nil
        }
        return QIFDateParts(first: numbers.0, second: numbers.1, year: year, isFixedOrder: false, isDotted: dotted)
    }

    /// The day under `order` (`nil` when that is no calendar day).
    func date(_ order: QIFDateOrder) -> LocalDate? {
        if isFixedOrder { return LocalDate(year: year, month: first, day: second) }
        return order == .dayFirst ? LocalDate(year: year, month: second, day: first) : LocalDate(year: year, month: first, day: second)
    }

    /// Whether only day-first reading gives a calendar day.
    var onlyDayFirst: Bool { !isFixedOrder && date(.dayFirst) != nil && date(.monthFirst) == nil }
    /// Whether only month-first reading gives a calendar day.
    var onlyMonthFirst: Bool { !isFixedOrder && date(.monthFirst) != nil && date(.dayFirst) == nil }
}

/// Whether a file's non-ISO dates put the month (`MM/DD/YY`, Quicken US) or the day first.
enum QIFDateOrder: Equatable, Sendable {
    case monthFirst
    case dayFirst

    var pattern: String { self == .monthFirst ? "mm/dd/yyyy" : "dd/mm/yyyy" }
}
