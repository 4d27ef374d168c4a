import FinanceCore
import Reports

/// Building blocks of the fixture: amounts from text, category lines whose shares and changes
/// are computed the way the model documents them, and transactions.
extension ReportFixture {
    /// `"-54.20"` as money: the scale is the number of digits written after the point.
    static func money(_ text: String, _ currency: CurrencyCode?) -> Money {
        let negative = text.hasPrefix("-")
        let digits = negative ? String(text.dropFirst()) : text
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        let scale = parts.count > 1 ? parts[1].count : 0
        let units = Int64(parts.joined())!
        return Money(units: negative ? -units : units, scale: UInt8(scale), currency: currency)
    }

    static func eur(_ text: String) -> Money { money(text, eur) }
    static func yen(_ text: String) -> Money { money(text, jpy) }

    /// A category line; `of` is the month's total for the share.
    static func line(
        _ path: String, _ amount: String, _ count: Int, of total: String, previous: String? = nil,
        average: String? = nil, currency: CurrencyCode = eur
    ) -> CategoryLine {
        let value = money(amount, currency)
        let previousValue = previous.map { money($0, currency) }
        let averageValue = average.map { money($0, currency) }
        func change(_ base: Money?) -> Share? {
            guard let base, base.units != 0 else { return nil }
            return Share(part: value.units - base.units, of: base.units)
        }
        let components = path.split(separator: ":")
        return CategoryLine(
            path: path, name: String(components.last!), depth: components.count - 1, amount: value,
            count: count, share: Share(part: value.units, of: money(total, currency).units),
            previous: previousValue, changeFromPrevious: change(previousValue),
            trailingAverage: averageValue, changeFromAverage: change(averageValue),
            isUncategorized: path == MonthlySummary.uncategorizedName)
    }

    static func tx(
        _ month: YearMonth, _ day: Int, _ name: String, _ amount: String, _ type: PaymentType,
        _ category: String?, line: Int, currency: CurrencyCode = eur, memo: String? = nil,
        address: String? = nil, fitid: String? = nil, checkNumber: String? = nil
    ) -> PaymentActivity {
        PaymentActivity(
            id: ActivityID(value: UInt64(line) &* 0x9E37_79B9_7F4A_7C15), account: "Checking 1234",
            date: LocalDate(year: month.year, month: month.month, day: day)!, name: name,
            address: address, amount: money(amount, currency), memo: memo, type: type,
            category: category, fitid: fitid, checkNumber: checkNumber,
            source: SourceLocation(file: "statements/bank.csv", line: line))
    }
}
