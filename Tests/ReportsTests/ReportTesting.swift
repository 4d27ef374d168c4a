import FinanceCore
import Reports

/// Small constructors that keep the report tests readable: amounts and dates as the text a
/// statement would show.
enum ReportTesting {
    /// `"-54.200"` as money of that exact scale.
    static func money(_ text: String, _ currency: String? = "USD") -> Money {
        var units: Int64 = 0, scale: UInt8 = 0, seenPoint = false, negative = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): seenPoint = true
            default:
                units = units * 10 + Int64(byte - UInt8(ascii: "0"))
                if seenPoint { scale += 1 }
            }
        }
        return Money(units: negative ? -units : units, scale: scale, currency: currency.flatMap { CurrencyCode($0) })
    }

    static func date(_ text: String) -> LocalDate {
        LocalDate(iso: text) ?? LocalDate(year: 1970, month: 1, day: 1)!
    }

    static func month(_ text: String) -> YearMonth {
        YearMonth(text) ?? YearMonth(year: 1970, month: 1)!
    }

    /// An activity; the type follows the sign unless given. `line` tells activities apart.
    static func activity(
        _ date: String, _ amount: String, _ type: PaymentType? = nil, category: String? = nil,
        name: String = "Shop", currency: String? = "USD", line: Int = 1
    ) -> PaymentActivity {
        PaymentActivity(
            id: ActivityID(value: UInt64(line)), account: "checking", date: Self.date(date), name: name,
            amount: money(amount, currency), type: type, category: category,
            source: SourceLocation(file: "test.csv", line: line))
    }

    /// Numbers the activities' source lines 1, 2, … in order, so tests can name them by line.
    static func numbered(_ activities: [PaymentActivity]) -> [PaymentActivity] {
        activities.enumerated().map { i, activity in
            var numbered = activity
            numbered.source.line = i + 1
            return numbered
        }
    }

    static func report(_ activities: [PaymentActivity], _ options: ReportOptions = ReportOptions()) -> MonthlyReport {
        var builder = ReportBuilder(options: options)
        for activity in activities { builder.add(activity) }
        return builder.finish()
    }

    /// The one summary of a month in a currency, if any.
    static func summary(_ report: MonthlyReport, _ month: String, _ currency: String? = "USD") -> MonthlySummary? {
        report.summaries.first { $0.month == Self.month(month) && $0.currency == currency.flatMap { CurrencyCode($0) } }
    }

    /// Money as `"12.30 USD"`-free plain text, for compact expectations.
    static func text(_ money: Money?) -> String? { money?.decimalString }

    /// Category lines as `"path amount"`, indented two spaces per level.
    static func outline(_ lines: [CategoryLine]) -> [String] {
        lines.map { String(repeating: "  ", count: $0.depth) + "\($0.path) \($0.amount.decimalString)" }
    }
}
