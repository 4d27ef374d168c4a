import FinanceCore
import Mustache
import Reports

/// A change since an earlier figure, with the tone it deserves: more spending is bad, more income
/// is good. Templates colour by `tone` (`good`, `bad`, `flat`) and show `text` (`+12%`).
enum ChangeBadge {
    /// Which way is good for the figure a change belongs to.
    enum Polarity {
        case risingIsGood, risingIsBad
    }

    /// `{text, tone}` for a relative change; `.null` when there is none to show.
    static func value(_ change: Share?, _ polarity: Polarity) -> MustacheValue {
        guard let change else { return .null }
        return badge(PercentText.change(change), sign: Int(change.basisPoints.signum()), polarity)
    }

    /// `{text, tone}` for a category line: the relative change, `new` when the earlier amount was
    /// zero, `gone` when this one is (in a neutral tone: neither stopping nor starting is good or
    /// bad in itself), or `—` when the data does not reach back.
    static func value(of amount: Money, against earlier: Money?, change: Share?, _ polarity: Polarity) -> MustacheValue {
        if amount.isZero, let earlier, !earlier.isZero { return badge("gone", sign: 0, polarity) }
        if change != nil { return value(change, polarity) }
        guard let earlier else { return badge("—", sign: 0, polarity) }
        if earlier.isZero && !amount.isZero { return badge("new", sign: amount.signum, polarity) }
        return badge("—", sign: 0, polarity)
    }

    /// `{text, tone}` for a difference of amounts (`+€54.30`).
    static func value(difference: Money?, _ polarity: Polarity) -> MustacheValue {
        guard let difference else { return .null }
        return badge(MoneyText.signed(difference), sign: difference.signum, polarity)
    }

    private static func badge(_ text: String, sign: Int, _ polarity: Polarity) -> MustacheValue {
        let tone: String
        switch (sign, polarity) {
        case (0, _): tone = "flat"
        case (1, .risingIsGood), (-1, .risingIsBad): tone = "good"
        default: tone = "bad"
        }
        return .object(MustacheObject([("text", .string(text)), ("tone", .string(tone))]))
    }

    /// The tone of an amount itself: `positive`, `negative` or `zero`.
    static func sign(of money: Money) -> MustacheValue {
        .string(money.units > 0 ? "positive" : (money.units < 0 ? "negative" : "zero"))
    }
}
