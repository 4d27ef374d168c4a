import FinanceCore

/// A calendar month, `2024-05`: the unit every report is cut into.
///
///     YearMonth("2024-05")?.next.description == "2024-06"
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    /// 1...12.
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// The month a date falls in.
    public init(_ date: LocalDate) {
        year = date.year
        month = date.month
    }

    /// Parses `YYYY-MM`; `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-") else { return nil }
        var year = 0, month = 0
        for (i, byte) in bytes.enumerated() where i != 4 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            if i < 4 { year = year * 10 + Int(byte - UInt8(ascii: "0")) } else { month = month * 10 + Int(byte - UInt8(ascii: "0")) }
        }
        self.init(year: year, month: month)
    }

    /// Months since year 0, so that month arithmetic is plain integer arithmetic.
    public var ordinal: Int { year * 12 + month - 1 }

    public init(ordinal: Int) {
        year = ordinal / 12
        month = ordinal % 12 + 1
    }

    public var next: YearMonth { YearMonth(ordinal: ordinal + 1) }
    public var previous: YearMonth { YearMonth(ordinal: ordinal - 1) }

    public var firstDay: LocalDate { LocalDate(year: year, month: month, day: 1)! }
    public var lastDay: LocalDate { LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year))! }

    /// `2024-05`.
    public var description: String {
        let y = String(year), m = month < 10 ? "0\(month)" : String(month)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + m
    }

    /// `May 2024`.
    public var title: String { "\(YearMonth.monthNames[month - 1]) \(year)" }

    /// English month names, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool { lhs.ordinal < rhs.ordinal }
}
