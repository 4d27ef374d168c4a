/// A calendar date with no time and no time zone: the day the bank booked a transaction.
///
/// Banks state dates in their own time zone; converting them to an instant and back shifts
/// late-evening bookings to the next day. Keeping a plain (year, month, day) avoids that class of bug.
///
///     LocalDate(year: 2024, month: 2, day: 29)?.description == "2024-02-29"
///     LocalDate(year: 2023, month: 2, day: 29) == nil
public struct LocalDate: Hashable, Comparable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// `year << 9 | month << 5 | day`: orders like the date itself.
    public let packed: Int32

    public var year: Int { Int(packed >> 9) }
    public var month: Int { Int((packed >> 5) & 0xF) }
    public var day: Int { Int(packed & 0x1F) }

    /// A date, or `nil` if the day does not exist in that month (years 1...9999).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= LocalDate.daysIn(month: month, year: year)
        else { return nil }
        packed = Int32(year << 9 | month << 5 | day)
    }

    /// A date from its `packed` form.
    init(packed: Int32) {
        self.packed = packed
    }

    /// The date `days` after 1970-01-01 (negative for earlier).
    public init(daysSinceEpoch days: Int) {
        // Civil-from-days over 400-year eras of 146,097 days, with years starting in March so
        // that the leap day falls at the end of the year.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        packed = Int32(year << 9 | month << 5 | day)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` later (or earlier, when negative).
    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// ISO weekday: 1 is Monday, 7 is Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        let d = (daysSinceEpoch + 3) % 7
        return (d < 0 ? d + 7 : d) + 1
    }

    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.packed < rhs.packed }

    /// `YYYY-MM-DD`.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        appendISO(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DD` as UTF-8 without allocating beyond `out`.
    public func appendISO(to out: inout [UInt8]) {
        let y = year, m = month, d = day
        let zero = UInt8(ascii: "0")
        out.append(zero &+ UInt8(y / 1000)); out.append(zero &+ UInt8(y / 100 % 10))
        out.append(zero &+ UInt8(y / 10 % 10)); out.append(zero &+ UInt8(y % 10))
        out.append(UInt8(ascii: "-"))
        out.append(zero &+ UInt8(m / 10)); out.append(zero &+ UInt8(m % 10))
        out.append(UInt8(ascii: "-"))
        out.append(zero &+ UInt8(d / 10)); out.append(zero &+ UInt8(d % 10))
    }

    /// Parses exactly `YYYY-MM-DD`; `nil` for anything else or a day that does not exist.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                let digit = Int(bytes[i]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }
}
