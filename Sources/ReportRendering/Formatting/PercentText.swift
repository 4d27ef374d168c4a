import Reports

/// Shares and changes as reports show them, beyond `Share.description` (`12.34%`).
public enum PercentText {
    /// The percentage as a plain decimal with two digits and no `%`: `12.34`, `-5.00`, `250.00`.
    /// What machine-readable formats carry, so that a reader parses a number, not a label.
    public static func decimal(_ share: Share) -> String {
        let text = share.percentText(decimals: 2)
        return String(text.dropLast())
    }

    /// A change in a narrow column: `+12%`, `-3%`, `0%`, rounded to whole percents; beyond
    /// ±99,999% it says `>+99999%` (a category that went from cents to thousands), so that the
    /// text never outgrows eight columns.
    public static func change(_ share: Share) -> String {
        let limit: Int64 = 9_999_900
        if share.basisPoints > limit { return ">+99999%" }
        if share.basisPoints < -limit { return "<-99999%" }
        let text = share.percentText(decimals: 0)
        return text.hasPrefix("-") || text == "0%" ? text : "+" + text
    }
}
