/// Account name components that ledger and hledger both read back as written.
///
/// hledger's journal manual ("Account names") and ledger's ("Journal Format", postings): an
/// account name may hold almost any character, including single spaces, but two or more spaces
/// or a tab end it (what follows is the amount), and a line break ends the posting. Parentheses or
/// brackets around the whole name make a virtual posting; that cannot happen here, since every
/// name starts with a root (`Assets`, `Expenses`, …) that pfin writes itself. So a component keeps
/// its letters, digits and punctuation, and only:
///
/// | in the source | written |
/// | --- | --- |
/// | tab, line break, other control characters | a space |
/// | runs of spaces | one space (two would end the name) |
/// | spaces at either end | dropped |
/// | `;` (a comment in ledger's posting syntax) | `,` |
///
///     LedgerAccountName.component("Coffee\t&  Snacks ") == "Coffee & Snacks"
public enum LedgerAccountName {
    /// The spelling of one component; empty when nothing printable is left.
    public static func component(_ raw: Substring) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in raw.unicodeScalars {
            var s = scalar
            if isControl(s) { s = " " }
            if s == ";" { s = "," }
            if s == " " {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            scalars.append(s)
        }
        return String(scalars)
    }

    /// C0 and C1 control characters and DEL: none belongs in one line of a journal.
    static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0)
    }
}
