import FinanceCore

/// GnuCash writes every account in brackets, its income and expense accounts too
/// (`S[Expenses:Books]`, `L[Income:Salary]`), where Quicken brackets only transfer accounts.
/// A bracketed name under one of GnuCash's top-level income or expense accounts, in the
/// languages GnuCash's account templates name them, is read as a category of that kind.
extension QIFCategory {
    /// The kind of category an account name's top level makes it, if it is one of the
    /// top-level income or expense accounts.
    enum Root: Equatable {
        case income
        case expense

        /// `income` and `expense`, as messages say it.
        var word: String { self == .income ? "an income" : "an expense" }
    }

    /// GnuCash's top-level income and expense accounts, folded (`TextFolding.fold`): English,
    /// German (`Erträge`, `Aufwendungen`; `Einnahmen`, `Ausgaben` as users rename them), French,
    /// Spanish, Italian, Dutch and Portuguese.
    private static let roots: [String: Root] = [
        "income": .income, "ertrage": .income, "einnahmen": .income, "revenus": .income, "ingresos": .income,
        "entrate": .income, "inkomsten": .income, "receitas": .income,
        "expenses": .expense, "expense": .expense, "aufwendungen": .expense, "ausgaben": .expense, "depenses": .expense,
        "gastos": .expense, "uscite": .expense, "uitgaven": .expense, "despesas": .expense,
    ]

    /// The kind `account`'s top level (the text before its first `:`) makes it, or `nil` for any
    /// other account (`Assets:Current Assets:Cash`, `Checking`).
    static func root(ofAccount account: some StringProtocol) -> Root? {
        // The colon searched in the bytes: splitting the text into characters cost a QIF file's
        // conversion half its time.
        let utf8 = account.utf8
        let end = utf8.firstIndex(of: UInt8(ascii: ":")) ?? utf8.endIndex
        guard utf8.distance(from: utf8.startIndex, to: end) <= 16 else { return nil }
        return roots[TextFolding.fold(String(decoding: utf8[..<end], as: UTF8.self))]
    }
}
