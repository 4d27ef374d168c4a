import FinanceCore

/// The savings rate, `net / income`, and when it means something: the one rule every report
/// (text, CSV, JSON, the HTML pages and their index) follows.
///
/// With little income the ratio runs wild: €100 of income against €5,257 of spending is a savings
/// rate of -5,157 %, which says nothing a reader can use. So a rate is given only when income is
/// positive and at least a tenth of the spending; otherwise there is none, and `SavingsRate.why`
/// says which of the two it was.
public enum SavingsRate {
    /// `net / income`, or `nil` when income is not positive or is less than a tenth of spending
    /// (`expense` positive for money spent, as `MonthlySummary.expense`). Amounts of one currency;
    /// scales may differ.
    public static func of(income: Money, expense: Money, net: Money) -> Share? {
        guard reason(income: income, expense: expense) == nil else { return nil }
        let scale = max(income.scale, net.scale)
        guard let i = income.rescaled(to: scale), let n = net.rescaled(to: scale) else { return nil }
        return Share(part: n.units, of: i.units)
    }

    /// Why there is no rate (for a tooltip), or `nil` when there is one.
    public static func reason(income: Money, expense: Money) -> String? {
        guard income.units > 0 else { return "no income this period" }
        let scale = max(income.scale, expense.scale)
        guard let i = income.rescaled(to: scale), let e = expense.rescaled(to: scale) else { return nil }
        let (tenfold, overflow) = i.units.multipliedReportingOverflow(by: 10)
        if !overflow && tenfold < e.units { return "income was less than a tenth of spending" }
        return nil
    }
}
