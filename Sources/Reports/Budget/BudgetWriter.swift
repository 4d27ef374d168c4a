import FinanceCore

/// Budget files written back in their syntax (`BudgetParser` reads what this writes to the same
/// values, the `budget` fuzz target checks it): `pfin budget suggest` writes through here.
public enum BudgetWriter {
    static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The whole file: a header per budget, then its lines (a yearly line lists its months unless it is all twelve).
    public static func text(_ file: BudgetFile) -> String {
        var out = ""
        for budget in file.budgets {
            out += header(budget.name, currency: budget.currency) + "\n"
            for line in budget.lines {
                out += "  " + statement(line) + "\n"
                if line.rollover { out += "  rollover \(quoted(line.category))\n" }
            }
        }
        return out
    }

    /// `budget "NAME" currency CODE`.
    public static func header(_ name: String, currency: CurrencyCode?) -> String {
        "budget \(quoted(name))" + (currency.map { " currency \($0)" } ?? "")
    }

    /// `monthly "CATEGORY" AMOUNT` or `yearly "CATEGORY" AMOUNT in MONTH, …`.
    public static func statement(_ line: BudgetLine) -> String {
        switch line.period {
        case .monthly:
            return "monthly \(quoted(line.category)) \(line.amount.decimalString)"
        case .yearly(let months) where months == Array(1...12):
            return "yearly \(quoted(line.category)) \(line.amount.decimalString)"
        case .yearly(let months):
            let names = months.map { monthNames[$0 - 1] }.joined(separator: ", ")
            return "yearly \(quoted(line.category)) \(line.amount.decimalString) in \(names)"
        }
    }

    /// A string in quotes, `"` and `\` escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }
}
