import FinanceCore
import Mustache
import Reports

/// The view model of one budget on a month page (`budget.mustache`): a gauge per line with its
/// numbers as text, over-budget lines flagged in words and by a striped gauge (not by colour
/// alone), and the year to date.
enum HTMLBudgetSection {
    /// `{name, currency, spent, hasSpending, spending, hasIncome, income, unbudgeted}`; README.md lists the line keys.
    static func value(_ budget: BudgetReport, _ figures: BudgetMonth) -> MustacheValue {
        let spending = figures.lines.filter { $0.kind == .spending }
        let income = figures.lines.filter { $0.kind == .income }
        let previous = DateText.monthAbbreviations[figures.month.previous.month - 1]
        return .object(
            MustacheObject([
                ("name", .string(budget.name)),
                ("currency", .string(budget.currency?.description ?? "No currency")),
                (
                    "spent",
                    .string(
                        MoneyText.withSymbol(figures.spending.actual) + " of "
                            + MoneyText.withSymbol(figures.spending.budgeted) + " spent")
                ),
                ("hasSpending", .bool(!spending.isEmpty)),
                ("spending", .list(spending.map { line($0, previous: previous) })),
                ("hasIncome", .bool(!income.isEmpty)),
                ("income", .list(income.map { line($0, previous: previous) })),
                ("unbudgeted", figures.unbudgeted.isZero ? .null : .string(MoneyText.withSymbol(figures.unbudgeted))),
            ]))
    }

    private static func line(_ line: BudgetResult, previous: String) -> MustacheValue {
        let verb = line.kind == .spending ? "spent" : "received"
        var facts = MoneyText.withSymbol(line.actual) + " " + verb + " of " + MoneyText.withSymbol(line.budgeted)
        if let used = line.used { facts += " · " + used.percentText(decimals: 0) }
        let flag: MustacheValue
        let left: String
        switch line.status {
        case .over:
            flag = .string("over")
            left = line.left.negated.map(MoneyText.withSymbol) ?? ""
        case .short:
            flag = .string("short")
            left = MoneyText.withSymbol(line.left)
        case .within:
            flag = .null
            left =
                line.kind == .spending || !line.left.isNegative
                ? MoneyText.withSymbol(line.left) + " left" : (line.left.negated.map(MoneyText.withSymbol) ?? "") + " more"
        }
        let toDate = line.yearToDate
        var yearToDate = "Year to date: " + MoneyText.withSymbol(toDate.actual) + " of " + MoneyText.withSymbol(toDate.budgeted)
        if let used = Share(part: toDate.actual.units, of: toDate.budgeted.units) { yearToDate += " (" + used.percentText(decimals: 0) + ")" }
        return .object(
            MustacheObject([
                ("name", .string(line.name)),
                ("category", .string(line.category)),
                ("depth", .string("d" + String(min(max(line.depth, 0), 4)))),
                ("facts", .string(facts)),
                ("left", .string(left)),
                ("flag", flag),
                ("over", .bool(line.status != .within)),
                ("fill", .string(fill(line.used))),
                ("used", .string(line.used?.percentText(decimals: 0) ?? "nothing budgeted")),
                (
                    "carried",
                    line.carried.isZero ? .null : .string(MoneyText.withSymbol(line.carried) + " carried in from " + previous)
                ),
                ("yearToDate", .string(yearToDate)),
            ]))
    }

    /// The gauge's width as CSS: the share used, at most the whole gauge, at least nothing.
    static func fill(_ used: Share?) -> String {
        guard let used else { return "0%" }
        let basisPoints = min(max(used.basisPoints, 0), 10_000)
        return Share(basisPoints: basisPoints).percentText(decimals: 2)
    }
}
