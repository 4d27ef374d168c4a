import FinanceCore
import Mustache
import Reports

/// The view model of transaction rows: the part of a page that grows with the data (a month can
/// hold ten thousand rows), so it is built with as little work per row as possible.
///
/// Strings that repeat across rows (type names, dates, category labels) are made once and shared;
/// each row then costs one object holding eight values. Every row carries its `type` so that the
/// page's Income/Expense tabs can hide the others with CSS alone: one list, not three copies.
struct HTMLTransactionRows {
    private var dates: [Int: MustacheValue] = [:]
    private var categories: [String: MustacheValue] = [:]

    private static let typeNames: [PaymentType: MustacheValue] = [
        .income: "income", .expense: "expense", .transfer: "transfer",
    ]

    /// One row: `type` (`income`, `expense`, `transfer`), `colour` (`a0`…`a7`), `initial`, `name`,
    /// `date` (`03 May 2024`), `amount` (`+$1,234.50`), `category` (`Food › Groceries`, or null)
    /// and `uncategorised` (true when it has no category).
    mutating func row(_ activity: PaymentActivity) -> MustacheValue {
        .object(MustacheObject([
            ("type", Self.typeNames[activity.type] ?? "transfer"),
            ("colour", .string(Avatar.colourClass(activity.name))),
            ("initial", .string(Avatar.initial(activity.name))),
            ("name", .string(activity.name)),
            ("date", date(activity.date)),
            ("amount", .string(MoneyText.signed(activity.amount))),
            ("category", category(activity.category)),
            ("uncategorised", .bool(activity.category == nil)),
        ]))
    }

    /// Rows for every activity, in the order given.
    mutating func rows(_ activities: [PaymentActivity]) -> MustacheValue {
        var rows: [MustacheValue] = []
        rows.reserveCapacity(activities.count)
        for activity in activities { rows.append(row(activity)) }
        return .list(rows)
    }

    private mutating func date(_ date: LocalDate) -> MustacheValue {
        let key = date.year &* 10_000 &+ date.month &* 100 &+ date.day
        if let known = dates[key] { return known }
        let text = MustacheValue.string(DateText.long(date))
        dates[key] = text
        return text
    }

    /// `Food:Groceries` shown as `Food › Groceries`: the colon is the rules file's syntax, not
    /// something a reader of a report should have to know.
    private mutating func category(_ path: String?) -> MustacheValue {
        guard let path else { return .null }
        if let known = categories[path] { return known }
        let text = MustacheValue.string(path.split(separator: ":", omittingEmptySubsequences: false).joined(separator: " › "))
        categories[path] = text
        return text
    }
}
