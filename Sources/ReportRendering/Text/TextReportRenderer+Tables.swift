import FinanceCore
import Reports

/// The tables of a month: categories, payees, largest transactions.
extension TextReportRenderer {
    /// Columns of the category table after its two-space indent: 2 + 26 + 13 + 6 + 10 + 8 + 8 and
    /// the spaces between them make 78, inside 80 with room for a wider amount.
    private static let nameWidth = 26, amountWidth = 13, shareWidth = 6, barWidth = 10, changeWidth = 8

    /// The category tree, each level indented two more spaces (up to six levels deep).
    func categories(
        _ lines: [CategoryLine], title: String, style: TextStyle, previousName: String,
        on page: inout TextPage
    ) {
        // Without earlier data both change columns are empty, and so are their headings.
        let compares = lines.contains { $0.previous != nil || $0.trailingAverage != nil }
        page.line(
            indent: 2,
            [
                .left(title, Self.nameWidth, .heading, shrinks: true), .right("amount", Self.amountWidth, .note),
                .right("share", Self.shareWidth, .note), .left("", Self.barWidth),
                .right(compares ? "vs " + previousName : "", Self.changeWidth, .note),
                .right(compares ? "vs avg" : "", Self.changeWidth, .note),
            ])
        for line in lines {
            let indent = String(repeating: "  ", count: min(max(line.depth, 0), 6))
            page.line(
                indent: 2,
                [
                    .left(indent + line.name, Self.nameWidth, line.isUncategorized ? .note : nil, shrinks: true),
                    .right(MoneyText.withSymbol(line.amount), Self.amountWidth, style),
                    .right(line.share?.percentText(decimals: 1) ?? "", Self.shareWidth),
                    .left(Self.bar(line.share), Self.barWidth, style),
                    .right(Self.change(line.changeFromPrevious, base: line.previous, amount: line.amount), Self.changeWidth),
                    .right(
                        Self.change(line.changeFromAverage, base: line.trailingAverage, amount: line.amount),
                        Self.changeWidth),
                ])
        }
    }

    /// Payees by spending.
    func payees(_ payees: [PayeeLine], on page: inout TextPage) {
        page.line(
            indent: 2,
            [
                .left("Top payees", 44, .heading, shrinks: true), .right("spent", Self.amountWidth, .note),
                .right("count", 7, .note),
            ])
        for payee in payees {
            page.line(
                indent: 2,
                [
                    .left(payee.name, 44, shrinks: true),
                    .right(MoneyText.withSymbol(payee.amount), Self.amountWidth, .expense),
                    .right(String(payee.count), 7),
                ])
        }
    }

    /// The largest transactions: date, name, signed amount, category.
    func largest(_ activities: [PaymentActivity], on page: inout TextPage) {
        page.line("Largest transactions", indent: 2, style: .heading)
        for a in activities {
            let side = AccountingModel.side(type: a.type, category: a.category)
            let style: TextStyle? = side == .income ? .income : (side == .spending ? .expense : nil)
            page.line(
                indent: 2,
                [
                    .left(DateText.dayMonth(a.date), 6), .left(a.name, 32, shrinks: true),
                    .right(MoneyText.signed(a.amount), 14, style),
                    .left(a.category ?? "", 0, .note),
                ])
        }
    }

    /// A share as ten cells of block characters, in eighths: `██████▊`.
    static func bar(_ share: Share?) -> String {
        guard let share, share.basisPoints > 0 else { return "" }
        // 10,000 basis points fill 10 cells of 8 eighths: 125 basis points an eighth, rounded.
        let eighths = min(80, Int((share.basisPoints + 62) / 125))
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
    }

    /// A compact change: `+12%`; `new` when there was nothing to compare with, `gone` when there
    /// is nothing now; empty when the data does not reach back.
    static func change(_ change: Share?, base: Money?, amount: Money) -> String {
        if amount.isZero, let base, !base.isZero { return "gone" }
        if let change { return PercentText.change(change) }
        guard base != nil else { return "" }
        return amount.isZero ? "0%" : "new"
    }
}
