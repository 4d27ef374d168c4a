import FinanceCore
import Mustache
import Reports

/// The view model of one currency of a month page: the dashboard cards, the category breakdowns,
/// top payees, largest transactions and the transaction list. Amounts of different currencies
/// are never added, so a month in euros and yen gets two of these, one after the other.
enum HTMLCurrencySection {
    /// The object `month.mustache` sees inside `{{#currencies}}`; README.md lists its keys.
    /// - Parameters:
    ///   - budgets: the month's budgets in this currency (``HTMLBudgetSection``), shown after the
    ///     spending breakdown.
    ///   - recurring: the month's recurring payments in this currency (``HTMLRecurringSection``),
    ///     after the budgets, or null.
    ///   - transactionsFile: the CSV beside the page with all of the month's transactions, when
    ///     the page lists only the newest.
    static func value(
        _ summary: MonthlySummary, budgets: [MustacheValue] = [], recurring: MustacheValue = .null, transactionsFile: String? = nil,
        colours: CategoryColours = CategoryColours(names: []), rows: inout HTMLTransactionRows
    ) -> MustacheValue {
        let code = summary.currency?.description ?? "No currency"
        let anchor = summary.currency.map { $0.description.lowercased() } ?? "none"
        let previousMonth = summary.month.previous
        let previousName = YearMonth.monthNames[previousMonth.month - 1]
        let previousLabel = "vs " + DateText.monthAbbreviations[previousMonth.month - 1]
        var pairs: [(String, MustacheValue)] = [
            ("currency", .string(code)),
            ("anchor", .string(anchor)),
            ("net", .string(MoneyText.signed(summary.net))),
            ("netTone", ChangeBadge.sign(of: summary.net)),
            ("income", .string(MoneyText.withSymbol(summary.income))),
            ("expense", .string(MoneyText.withSymbol(summary.expense))),
            ("incomeCount", .string(counted(summary.incomeCount, "transaction"))),
            ("expenseCount", .string(counted(summary.expenseCount, "transaction"))),
            // Refunds are already taken off the spending; saying so lets it add up to the receipts.
            (
                "refunds",
                summary.refundCount == 0
                    ? .null
                    : .string(
                        MoneyText.withSymbol(summary.refunds) + " of " + counted(summary.refundCount, "refund"))
            ),
            ("savingsRate", summary.savingsRate.map { .string($0.percentText(decimals: 1)) } ?? .null),
            ("savingsTone", .string(savingsTone(summary.savingsRate))),
            ("savingsWhy", SavingsRate.reason(income: summary.income, expense: summary.expense).map { .string($0) } ?? .null),
            ("previousMonth", summary.previous == nil ? .null : .string(previousName)),
        ]
        pairs += comparisons(summary)
        pairs += [
            ("transfers", transfers(summary.transfers)),
            (
                "uncategorised",
                summary.uncategorizedCount == 0
                    ? .null
                    : .string(
                        summary.uncategorizedCount == 1
                            ? "1 transaction has no category"
                            : String(summary.uncategorizedCount) + " transactions have no category")
            ),
            (
                "spending",
                HTMLCategorySection.value(
                    summary.expenseCategories, title: "Spending", total: summary.expense,
                    polarity: .risingIsBad, withChart: true, previousLabel: previousLabel, averageMonths: summary.averageMonths,
                    colours: colours)
            ),
            (
                "earning",
                HTMLCategorySection.value(
                    IncomeLines.shown(summary.incomeCategories), title: "Income", total: summary.income,
                    polarity: .risingIsGood, withChart: false, previousLabel: previousLabel, averageMonths: summary.averageMonths)
            ),
            ("budgets", .list(budgets)),
            ("recurring", recurring),
            ("hasBalances", .bool(!summary.balances.isEmpty)),
            ("balances", Self.balances(summary.balances)),
            ("hasPayees", .bool(!summary.topPayees.isEmpty)),
            ("payees", payees(summary.topPayees)),
            ("hasLargest", .bool(!summary.largest.isEmpty)),
            ("largest", rows.rows(summary.largest)),
            ("transactions", transactions(summary, anchor: anchor, file: transactionsFile, rows: &rows)),
        ]
        return .object(MustacheObject(pairs))
    }

    /// `incomeChange`, `expenseChange` (`{text, tone}`), `netChange` (an amount) and
    /// `previousSavingsRate`, all null when the data does not reach back a month.
    private static func comparisons(_ summary: MonthlySummary) -> [(String, MustacheValue)] {
        guard let previous = summary.previous else {
            return [("incomeChange", .null), ("expenseChange", .null), ("netChange", .null), ("previousSavingsRate", .null)]
        }
        let previousRate = previous.income.units > 0 ? MoneyMath.ratio(previous.net, of: previous.income) : nil
        return [
            ("incomeChange", ChangeBadge.value(MoneyMath.change(from: previous.income, to: summary.income), .risingIsGood)),
            ("expenseChange", ChangeBadge.value(MoneyMath.change(from: previous.expense, to: summary.expense), .risingIsBad)),
            ("netChange", ChangeBadge.value(difference: MoneyMath.difference(summary.net, previous.net), .risingIsGood)),
            ("previousSavingsRate", previousRate.map { .string($0.percentText(decimals: 1)) } ?? .null),
        ]
    }

    private static func savingsTone(_ rate: Share?) -> String {
        guard let rate else { return "zero" }
        return rate.basisPoints > 0 ? "positive" : (rate.basisPoints < 0 ? "negative" : "zero")
    }

    /// `{moneyIn, moneyOut, count}`, or null when nothing moved between the user's accounts.
    private static func transfers(_ totals: TransferTotals) -> MustacheValue {
        guard totals.count > 0 else { return .null }
        return .object(
            MustacheObject([
                ("moneyIn", .string(MoneyText.withSymbol(totals.moneyIn))),
                ("moneyOut", .string(MoneyText.withSymbol(totals.moneyOut))),
                ("count", .string(counted(totals.count, "transfer"))),
            ]))
    }

    /// Each payee with a bar as long as its share of the top payee's spending.
    private static func payees(_ lines: [PayeeLine]) -> MustacheValue {
        guard let top = lines.first?.amount else { return .null }
        return .list(
            lines.map { line in
                .object(
                    MustacheObject([
                        ("name", .string(line.name)),
                        ("initial", .string(Avatar.initial(line.name))),
                        ("colour", .string(Avatar.colourClass(line.name))),
                        ("amount", .string(MoneyText.withSymbol(line.amount))),
                        ("count", .string(counted(line.count, "payment"))),
                        ("bar", .string(SVGNumber.width(MoneyMath.ratio(line.amount, of: top)))),
                    ]))
            })
    }

    /// `{id, count, all, income, expense, rows, noIncome, noExpense, cut}`: the list and its tabs;
    /// `cut` (`{shown, total, href}`, `href` null without a file) when the list holds only the
    /// newest of the month's transactions.
    private static func transactions(
        _ summary: MonthlySummary, anchor: String, file: String?,
        rows: inout HTMLTransactionRows
    ) -> MustacheValue {
        // Counted from the rows themselves: the tabs must agree with the list they filter.
        var income = 0, expense = 0
        for activity in summary.transactions {
            switch AccountingModel.side(type: activity.type, category: activity.category) {
            case .income: income += 1
            case .spending: expense += 1
            case .transfer: break
            }
        }
        return .object(
            MustacheObject([
                ("id", .string("tx-" + anchor)),
                ("count", .string(counted(max(summary.transactionCount, summary.transactions.count), "transaction"))),
                ("cut", cut(summary, file: file)),
                ("all", .string(String(summary.transactions.count))),
                ("income", .string(String(income))),
                ("expense", .string(String(expense))),
                ("noIncome", .bool(income == 0)),
                ("noExpense", .bool(expense == 0)),
                ("rows", rows.rows(summary.transactions)),
            ]))
    }

    private static func cut(_ summary: MonthlySummary, file: String?) -> MustacheValue {
        guard summary.transactionCount > summary.transactions.count else { return .null }
        return .object(
            MustacheObject([
                ("shown", .string(String(summary.transactions.count))),
                ("total", .string(String(summary.transactionCount))),
                ("href", file.map { .string($0) } ?? .null),
            ]))
    }

    /// `1 transaction`, `12 transactions`.
    static func counted(_ count: Int, _ noun: String) -> String {
        String(count) + " " + noun + (count == 1 ? "" : "s")
    }

    /// The balances the statements state: `{account, amount, date, source}` (the file's name, not
    /// its path), each as a statement gave it.
    static func balances(_ balances: [StatedAccountBalance]) -> MustacheValue {
        .list(
            balances.map { balance in
                .object(
                    MustacheObject([
                        ("account", .string(balance.account ?? "Account not named")),
                        ("amount", .string(MoneyText.withSymbol(balance.amount))),
                        ("date", .string(DateText.long(balance.date))),
                        ("source", .string(balance.source.file.split(separator: "/").last.map(String.init) ?? balance.source.file)),
                    ]))
            })
    }
}
