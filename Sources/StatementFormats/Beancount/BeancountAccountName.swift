/// Account name components that beancount accepts.
///
/// Beancount's language syntax ("Accounts") and its `beancount.core.account` module: a name is a
/// root (`Assets`, `Liabilities`, `Equity`, `Income` or `Expenses`, by default) and one or more
/// components separated by colons; each component starts with an upper-case letter or a digit
/// (`[\p{Lu}\p{Nd}]`) and goes on with letters, digits and dashes (`[\p{L}\p{Nd}\-]*`). Letters
/// need not be ASCII: `Crédit` and `Épargne` are valid.
///
/// The spelling splits a component into words at anything that is not a letter or a digit,
/// upper-cases the first letter of each word, and joins the words with dashes:
///
/// | in the source | written |
/// | --- | --- |
/// | `Groceries` | `Groceries` |
/// | `coffee & snacks` | `Coffee-Snacks` |
/// | `Checking 1234` | `Checking-1234` |
/// | `crédit agricole` | `Crédit-Agricole` |
/// | `e-mail` | `E-Mail` |
/// | `401(k)` | `401-K` |
/// | `日本` (no upper case exists) | `X-日本` |
/// | `&&&` | empty (the component is dropped) |
///
/// Combining marks (`e` + U+0301, as decomposed text spells `é`) are neither letters nor digits
/// in beancount's pattern and are dropped, leaving the base letter.
public enum BeancountAccountName {
    /// The spelling of one component; empty when it has no letter or digit.
    public static func component(_ raw: Substring) -> String {
        var scalars = String.UnicodeScalarView()
        var atWordStart = true
        for scalar in raw.unicodeScalars {
            let category = scalar.properties.generalCategory
            if isMark(category) { continue }
            guard isLetter(category) || category == .decimalNumber else {
                atWordStart = true
                continue
            }
            if atWordStart {
                if !scalars.isEmpty { scalars.append("-") }
                scalars.append(contentsOf: capitalised(scalar).unicodeScalars)
                atWordStart = false
            } else {
                scalars.append(scalar)
            }
        }
        guard let first = scalars.first else { return "" }
        let start = first.properties.generalCategory
        if start != .uppercaseLetter && start != .decimalNumber {
            // A letter with no upper case (most scripts other than Latin, Greek, Cyrillic…):
            // beancount needs the component to start with one, so a capital X goes first.
            return "X-" + String(scalars)
        }
        return String(scalars)
    }

    /// The letter's upper case when that is one upper-case scalar sequence (`ß` → `SS`), else itself.
    private static func capitalised(_ scalar: Unicode.Scalar) -> String {
        let category = scalar.properties.generalCategory
        guard category == .lowercaseLetter || category == .titlecaseLetter else { return String(scalar) }
        let upper = scalar.properties.uppercaseMapping
        let allUpper = upper.unicodeScalars.allSatisfy { $0.properties.generalCategory == .uppercaseLetter }
        return allUpper && !upper.isEmpty ? upper : String(scalar)
    }

    private static func isLetter(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    private static func isMark(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
