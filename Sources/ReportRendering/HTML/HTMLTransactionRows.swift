import FinanceCore
import Mustache
import Reports

/// The view model of transaction rows: the part of a page that grows with the data (a month can
/// hold ten thousand rows), so it is built with as little work per row as possible.
///
/// What repeats across rows is made once and shared: type names, dates, and per payee name its
/// colour and initial, and per category its label, so a row costs two dictionary lookups, one
/// amount and one object. Every row carries its `type` so that the
/// page's Income/Expense tabs can hide the others with CSS alone: one list, not three copies.
struct HTMLTransactionRows {
    /// What a payee name's rows share.
    private struct Payee {
        var colour: MustacheValue
        var initial: MustacheValue
    }

    private var payees: [String: Payee] = [:]
    /// `Food › Groceries` by category path: cached apart from payees, since a payee's rows do not
    /// always share a category.
    private var labels: [String: MustacheValue] = [:]
    /// `03 May 2024` by day of the month last seen; rebuilt when a row falls in another month.
    private var dates: [MustacheValue?] = Array(repeating: nil, count: 32)
    private var datesMonth = 0
    /// Reused for every amount, so that formatting one allocates only its `String`, if that.
    private var scratch: [UInt8] = []

    /// The keys of every row, in the order `row` gives the values.
    private static let shape = MustacheObject.Shape(["type", "colour", "initial", "name", "fullName", "date", "amount", "category"])

    /// Names longer than this are shown cut in the middle (`Kauf/Dienstleistung vom 02.05.…
    /// Coop Genève`), the whole name in the row's title: the end of a bank's text is what tells
    /// four `Kauf/Dienstleistung…` rows apart, and 56 characters wrap to two lines on a phone.
    static let longestName = 56

    private static let income: MustacheValue = "income", expense: MustacheValue = "expense",
        transfer: MustacheValue = "transfer"

    /// One row: `type` (`income`, `expense`, `transfer`: the side `AccountingModel` counts it on), `colour` (`a0`…`a7`), `initial`, `name`
    /// (cut in the middle past `longestName`), `fullName` (the whole name when it was cut, else null),
    /// `date` (`03 May 2024`), `amount` (`+$1,234.50`) and `category` (`Food › Groceries`, or
    /// null when it has none).
    mutating func row(_ activity: PaymentActivity) -> MustacheValue {
        // The side the report counted it on (`AccountingModel`): a refund is listed with the spending.
        let type: MustacheValue
        switch AccountingModel.side(type: activity.type, category: activity.category) {
        case .income: type = Self.income
        case .spending: type = Self.expense
        case .transfer: type = Self.transfer
        }
        let payee: Payee
        if let known = payees[activity.name] {
            payee = known
        } else {
            payee = Payee(colour: .string(Avatar.colourClass(activity.name)), initial: .string(Avatar.initial(activity.name)))
            payees[activity.name] = payee
        }
        let category: MustacheValue
        if let path = activity.category {
            if let known = labels[path] {
                category = known
            } else {
                category = Self.label(path)
                labels[path] = category
            }
        } else {
            category = .null
        }
        scratch.removeAll(keepingCapacity: true)
        MoneyText.append(activity.amount, symbol: true, plusSign: true, to: &scratch)
        return .object(
            MustacheObject(
                Self.shape,
                [
                    type, payee.colour, payee.initial, .string(Self.shown(activity.name)),
                    activity.name.utf8.count > Self.longestName && activity.name.count > Self.longestName ? .string(activity.name) : .null,
                    date(activity.date),
                    .string(String(decoding: scratch, as: UTF8.self)), category,
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
        let month = date.year &* 12 &+ date.month
        if month != datesMonth {
            dates = Array(repeating: nil, count: 32)
            datesMonth = month
        }
        if let known = dates[date.day] { return known }
        let text = MustacheValue.string(DateText.long(date))
        dates[date.day] = text
        return text
    }

    /// `Food:Groceries` shown as `Food › Groceries`: the colon is the rules file's syntax, not
    /// something a reader of a report should have to know.
    private static func label(_ path: String) -> MustacheValue {
        .string(labelText(path))
    }

    /// `Food › Groceries` for `Food:Groceries`.
    static func labelText(_ path: String) -> String {
        path.split(separator: ":", omittingEmptySubsequences: false).joined(separator: " › ")
    }

    /// `name`, or its beginning and end around `…` when it is longer than `longestName`
    /// characters (whole characters: an accent or an emoji is never split).
    static func shown(_ name: String) -> String {
        guard name.utf8.count > longestName, name.count > longestName else { return name }
        let head = (longestName - 1) * 3 / 5, tail = longestName - 1 - head
        let start = name.prefix(head), end = name.suffix(tail)
        return start.trimmingSpaces + "…" + end.drop { $0 == " " }
    }
}

extension Substring {
    /// Without trailing spaces.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
