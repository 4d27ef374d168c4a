/// Words a debit/credit indicator column uses, folded: `S`/`H` (Soll/Haben), `Af`/`Bij` (ING),
/// `D`/`C`, `D`/`K` (Debetas/Kreditas: Swedbank's Baltic exports), `DR`/`CR`, `Dr`/`Kr`, `Debit`/`Credit` (and their Baltic, Cyrillic, Chinese, Japanese and Korean
/// forms), and Chase's `CHECK`/`DSLIP`.
enum DirectionWords {
    /// `true` for money out, `false` for money in, `nil` for a word that is neither.
    static func isMoneyOut(_ folded: String) -> Bool? {
        switch folded {
        case "s", "soll", "af", "d", "dr", "db", "debit", "debet", "debito", "cargo", "out", "check", "withdrawal",
            "debetas", "debets", "deebet", "дебет", "支出", "支払い", "支払", "出金", "출금":
            return true
        case "h", "haben", "bij", "c", "k", "cr", "kr", "credit", "credito", "abono", "in", "dslip", "deposit",
            "kredit", "kreditas", "kredits", "kreedit", "кредит", "收入", "入金", "입금":
            return false
        default:
            return nil
        }
    }
}
