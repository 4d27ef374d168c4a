import FinanceCore
import Reports

/// The words for recurring series and their changes, shared by every format.
public enum RecurringText {
    /// `monthly`, `every 2 weeks`…, as a column's word.
    public static func interval(_ interval: RecurringSeries.Interval) -> String {
        switch interval {
        case .weekly: "weekly"
        case .fortnightly: "fortnightly"
        case .monthly: "monthly"
        case .quarterly: "quarterly"
        case .yearly: "yearly"
        }
    }

    /// `Mar 2024`.
    static func month(_ date: LocalDate) -> String {
        DateText.monthAbbreviations[date.month - 1] + " " + String(date.year)
    }

    /// One change in words: `price €15.49 → €17.99 (+16%) since Mar 2024` (`amount` for income).
    public static func describe(_ change: RecurringSeries.Change, in series: RecurringSeries) -> String {
        switch change.kind {
        case .price:
            return price(change, in: series) + " since " + month(change.date)
        case .late:
            let days = change.count ?? 0
            let usual = series.usualDay.map { " after the usual " + ordinal($0) } ?? " late"
            return "late: paid " + DateText.long(change.date) + ", \(days) days" + usual
        case .missed:
            let verb = series.side == .income ? "not received" : "not paid"
            return "missed: expected " + DateText.long(change.date) + ", " + verb + " yet"
        case .stopped:
            return "stopped: nothing since " + DateText.long(series.last) + " (\(change.count ?? 0) payments expected)"
        case .new:
            return "new since " + month(change.date)
        }
    }

    /// One change in words on the page of the month it is dated in, where the month goes
    /// without saying: `price €15.49 → €17.99 (+16%)`, `late: paid 30 Aug, 5 days after the usual
    /// 25th`, `missed: due 10 May, not paid`, `stopped: due 12 Dec, nothing since 12 Nov 2023`,
    /// `new: first payment 18 Apr`.
    public static func inMonth(_ change: RecurringSeries.Change, in series: RecurringSeries) -> String {
        switch change.kind {
        case .price:
            return price(change, in: series)
        case .late:
            let usual = series.usualDay.map { " after the usual " + ordinal($0) } ?? " late"
            return "late: paid " + DateText.dayMonth(change.date) + ", \(change.count ?? 0) days" + usual
        case .missed:
            return "missed: due " + DateText.dayMonth(change.date) + ", " + (series.side == .income ? "not received" : "not paid")
        case .stopped:
            return "stopped: due " + DateText.dayMonth(change.date) + ", nothing since " + DateText.long(series.last)
        case .new:
            return "new: first payment " + DateText.dayMonth(change.date)
        }
    }

    /// `price €15.49 → €17.99 (+16%)` (`amount` for income).
    private static func price(_ change: RecurringSeries.Change, in series: RecurringSeries) -> String {
        var text =
            (series.side == .income ? "amount " : "price ") + (change.from.map(MoneyText.withSymbol) ?? "?") + " → "
            + (change.to.map(MoneyText.withSymbol) ?? "?")
        if let share = change.share { text += " (" + PercentText.change(share) + ")" }
        return text
    }

    /// `1st`, `2nd`, `25th`.
    static func ordinal(_ day: Int) -> String {
        let suffix: String
        switch (day % 10, day % 100) {
        case (1, let t) where t != 11: suffix = "st"
        case (2, let t) where t != 12: suffix = "nd"
        case (3, let t) where t != 13: suffix = "rd"
        default: suffix = "th"
        }
        return String(day) + suffix
    }
}
