import FinanceCore
import Mustache
import Reports

/// The view models of recurring payments on the HTML pages: a month's section
/// (`recurring.mustache`: the series paid in it, their total, and what changed in it) and the
/// index's card (what the active subscriptions and bills cost a year). Changes are flagged by
/// a labelled badge in words, not by colour alone.
enum HTMLRecurringSection {
    /// The section of `month`'s series (one currency), or null when none was paid or changed in
    /// it. `spending` is the month's spending in that currency, which the total is a share of.
    static func month(_ month: RecurringMonth, spending: Money) -> MustacheValue {
        guard !month.isEmpty else { return .null }
        // The spending series' total, or with none of them, the income series'.
        let figure: String, count: String
        if month.spending.isEmpty {
            figure = "+" + (month.received.map(MoneyText.withSymbol) ?? "—") + " received"
            count = series(month.income.filter { !$0.payments.isEmpty }.count) + " received"
        } else {
            figure = (month.spent.map(MoneyText.withSymbol) ?? "—") + " this month"
            var paid = series(month.spending.filter { !$0.payments.isEmpty }.count) + " paid"
            if let spent = month.spent, spending.units != 0, let share = MoneyMath.ratio(spent, of: spending) {
                paid += " · " + share.percentText(decimals: 0) + " of the month's spending"
            }
            count = paid
        }
        return .object(
            MustacheObject([
                ("spent", .string(figure)),
                ("count", .string(count)),
                ("hasSpending", .bool(!month.spending.isEmpty)),
                ("spending", .list(month.spending.map(entry))),
                ("hasIncome", .bool(!month.income.isEmpty)),
                ("income", .list(month.income.map(entry))),
            ]))
    }

    /// The index's card for `currency`: the active spending series' yearly total and each of
    /// them, the largest first, then the series that stopped; null when there are none.
    static func index(_ report: RecurringReport, currency: CurrencyCode?) -> MustacheValue {
        let active = report.activeSpending(in: currency)
        let stopped = report.series.filter { $0.currency == currency && $0.hasStopped && $0.side == .spending }
        guard !active.isEmpty || !stopped.isEmpty else { return .null }
        let rows: [MustacheValue] = active.map { s in
            var meta = RecurringText.interval(s.interval)
            if let category = s.category { meta += " · " + HTMLTransactionRows.labelText(category) }
            meta += " · usually " + MoneyText.withSymbol(s.usualAmount)
            if let next = s.nextExpected { meta += " · next " + DateText.long(next) }
            let latest = s.changes.last { $0.kind == .price || $0.kind == .missed || $0.kind == .new }
            return .object(
                MustacheObject(
                    row(s, meta: meta, amount: s.yearlyAmount.map(MoneyText.withSymbol) ?? "—") + [
                        ("flag", latest.map { .string(RecurringText.describe($0, in: s)) } ?? .null),
                        ("flagKind", .string(latest?.kind.rawValue ?? "")),
                    ]))
        }
        let ended: [MustacheValue] = stopped.map { s in
            .object(
                MustacheObject([
                    ("name", .string(s.payee)),
                    ("text", .string(RecurringText.interval(s.interval) + " " + MoneyText.withSymbol(s.usualAmount) + ", last paid " + DateText.long(s.last))),
                ]))
        }
        return .object(
            MustacheObject([
                ("yearly", .string(report.yearlySpending(in: currency).map(MoneyText.withSymbol) ?? "—")),
                ("count", .string(series(active.count) + " active, at their usual amounts")),
                ("series", .list(rows)),
                ("hasStopped", .bool(!ended.isEmpty)),
                ("stopped", .list(ended)),
            ]))
    }

    /// One series of a month: its name, what kind of series it is, what was paid (or that
    /// nothing was), and its changes in the month.
    private static func entry(_ entry: RecurringMonth.Entry) -> MustacheValue {
        let s = entry.series
        var meta = RecurringText.interval(s.interval)
        if let category = s.category { meta += " · " + HTMLTransactionRows.labelText(category) }
        if !entry.payments.isEmpty {
            meta += (s.side == .income ? " · received " : " · paid ") + entry.payments.map { DateText.dayMonth($0.date) }.joined(separator: ", ")
        }
        let amount: String
        if entry.payments.isEmpty {
            amount = s.side == .income ? "not received" : "not paid"
        } else {
            amount = entry.paid.map(MoneyText.withSymbol) ?? "—"
        }
        let changes: [MustacheValue] = entry.changes.map { change in
            .object(
                MustacheObject([
                    ("kind", .string(change.kind.rawValue)),
                    ("text", .string(RecurringText.inMonth(change, in: s))),
                ]))
        }
        return .object(
            MustacheObject(
                row(s, meta: meta, amount: amount) + [
                    ("unpaid", .bool(entry.payments.isEmpty)),
                    ("hasChanges", .bool(!changes.isEmpty)),
                    ("changes", .list(changes)),
                ]))
    }

    /// `name`, `initial`, `colour`, `meta` and `amount` of a series' row.
    private static func row(_ s: RecurringSeries, meta: String, amount: String) -> [(String, MustacheValue)] {
        [
            ("name", .string(s.payee)), ("initial", .string(Avatar.initial(s.payee))),
            ("colour", .string(Avatar.colourClass(s.payee))), ("meta", .string(meta)), ("amount", .string(amount)),
        ]
    }

    /// `1 series`, `9 series`.
    private static func series(_ count: Int) -> String {
        String(count) + " series"
    }
}
