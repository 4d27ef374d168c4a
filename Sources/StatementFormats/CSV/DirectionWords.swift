/// Words a debit/credit indicator column uses, folded: `S`/`H` (Soll/Haben), `Af`/`Bij` (ING),
/// `D`/`C`, `DR`/`CR`, `Debit`/`Credit` (and their Baltic and Cyrillic forms), and Chase's
/// `CHECK`/`DSLIP`.
enum DirectionWords {
    /// `true` for money out, `false` for money in, `nil` for a word that is neither.
    static func isMoneyOut(_ folded: String) -> Bool? {
        switch folded {
        case "s", "soll", "af", "d", "dr", "db", "debit", "debet", "debito", "cargo", "out", "check", "withdrawal",
            "debetas", "debets", "deebet", "дебет":
            return true
        case "h", "haben", "bij", "c", "cr", "credit", "credito", "abono", "in", "dslip", "deposit",
            "kredit", "kreditas", "kredits", "kreedit", "кредит":
            return false
        default:
            return nil
        }
    }
}
