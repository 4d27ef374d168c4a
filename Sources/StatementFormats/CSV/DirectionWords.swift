/// Words a debit/credit indicator column uses, folded: `S`/`H` (Soll/Haben), `Af`/`Bij` (ING),
/// `D`/`C`, `D`/`K` (Debetas/Kreditas: Swedbank's Baltic exports), `DR`/`CR`, `Dr`/`Kr`,
/// `Debit`/`Credit` (and their Baltic, Cyrillic, Chinese, Japanese and Korean forms), Chase's
/// `CHECK`/`DSLIP`, and budgeting apps' `Expense`/`Income`.
enum DirectionWords {
    /// Whether a type cell of a budgeting app says the row is income (Spendee's and Wallet's
    /// `Income`, Copilot's `income`, Wallet's `Доход`), folded: the row counts as income whatever
    /// its category (`CSVRowMapper.incomeCategory`).
    static func isIncome(_ folded: String) -> Bool {
        switch folded {
        case "income", "incomes", "доход", "receita", "receitas", "ingreso", "ingresos", "einnahme", "einnahmen": return true
        default: return false
        }
    }

    /// Whether a direction cell (trimmed) says the row is neither money in nor money out: Alipay's
    /// `不计收支` and WeChat Pay's `/` in their `收/支` column. Both bills' own notes say what such
    /// rows are: top-ups and withdrawals between the wallet and the user's bank card, moves into
    /// and out of the user's funds (余额宝, 零钱通, 理财通), credit-card repayments and refunds to a
    /// card: money moved among the user's own funds, which the bill counts in neither its income
    /// nor its spending, and whose way it does not state (`CSVRowMapper.holdNeutralRow`).
    static func isNeutral(_ cell: String) -> Bool {
        // Alipay pads its cells with spaces; a longer cell is no such word.
        guard cell.utf8.count <= 48 else { return false }
        var word = Substring(cell)
        while word.first == " " || word.first == "\t" { word = word.dropFirst() }
        while word.last == " " || word.last == "\t" { word = word.dropLast() }
        switch word {
        case "/", "不计收支", "不計收支", "中性交易": return true
        default: return false
        }
    }

    /// `true` for money out, `false` for money in, `nil` for a word that is neither.
    static func isMoneyOut(_ folded: String) -> Bool? {
        switch folded {
        case "s", "soll", "af", "d", "dr", "db", "debit", "debet", "debito", "cargo", "out", "check", "withdrawal",
            "debetas", "debets", "deebet", "дебет", "支出", "支払い", "支払", "出金", "출금", "مدين", "سحب", "بدهكار",
            // A budgeting app's type column beside unsigned amounts (Wallet by BudgetBakers' `Expense`,
            // `Расход`), in English, Russian, Portuguese, Spanish and German.
            "expense", "expenses", "расход", "despesa", "despesas", "gasto", "gastos", "ausgabe", "ausgaben":
            return true
        case "h", "haben", "bij", "c", "k", "cr", "kr", "credit", "credito", "abono", "in", "dslip", "deposit",
            "kredit", "kreditas", "kredits", "kreedit", "кредит", "收入", "入金", "입금", "دائن", "ايداع", "بستانكار",
            "income", "incomes", "доход", "receita", "receitas", "ingreso", "ingresos", "einnahme", "einnahmen":
            return false
        default:
            return nil
        }
    }
}
