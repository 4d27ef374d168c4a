/// The words of a row that states the account's balance inside the table instead of a
/// transaction: `Saldo iniziale`, `Opening balance`, `Anfangssaldo`, `Solde précédent`,
/// `Beginsaldo`, `Closing balance`, `Endsaldo`, `Nouveau solde`…; or the period's turnover
/// beside them (`Apyvarta`: Swedbank's sums of the debits and of the credits).
///
/// Cells are matched after `TextFolding.fold`, as a whole or as their first words (`Saldo
/// iniziale al 01/05/2024`, `Opening balance 1 May`).
enum BalanceRowWords {
    enum Kind: Equatable {
        case opening, closing
        /// The sum of the period's debits or credits, between the opening and closing balance rows.
        case turnover
        /// The plain word for a balance as the whole cell (CertoOne's `BALANCE`, `Saldo`): the
        /// balance on the row's date, opening or closing by where that date falls.
        case stated
    }

    /// What a folded cell says, if it names a balance: the whole cell, or its first words when
    /// a date, an amount or a word such as `al`, `au`, `vom`, `as of` follows (so that a payee
    /// called `Opening Balance Ltd` stays a payee).
    static func kind(ofFolded folded: String) -> Kind? {
        guard folded.utf8.count >= 5 && folded.utf8.count <= 60 else { return nil }
        if let kind = phrases[folded] { return kind }
        if plainWords.contains(folded) { return .stated }
        // Most cells (payees, memos) start with no phrase's first word: no split for them.
        guard let space = folded.utf8.firstIndex(of: UInt8(ascii: " ")),
            firstWords.contains(String(folded[..<space]))
        else { return nil }
        let words = folded.split(separator: " ")
        guard words.count >= 2 else { return nil }
        for count in stride(from: min(3, words.count - 1), through: 1, by: -1) {
            guard let kind = phrases[words[0..<count].joined(separator: " ")] else { continue }
            let next = words[count]
            if next.utf8.contains(where: { $0 &- UInt8(ascii: "0") < 10 }) || connectors.contains(String(next)) { return kind }
        }
        return nil
    }

    /// The plain words for a balance, matched only as a whole cell: `Balance Transfer Ltd` or
    /// `Saldo 1234` stays a payee.
    private static let plainWords: Set<String> = [
        "balance", "account balance", "current balance", "saldo", "kontostand", "solde", "saldo contable", "saldo conto",
    ]

    /// The first words of the phrases of more than one word.
    private static let firstWords: Set<String> = Set(phrases.keys.compactMap { $0.split(separator: " ").first.map(String.init) })

    /// Words that lead from a balance's name to its date or currency.
    static let connectors: Set<String> = [
        "a", "al", "au", "du", "le", "vom", "am", "zum", "per", "as", "at", "on", "of", "del", "de", "op", "van", "per", "na",
        "ke", "k", "za", "z", "ze", "на", "к", "за", "eur", "usd", "gbp", "chf", "czk", "pln", "huf", "ron", "bgn", "rub",
    ]

    private static let phrases: [String: Kind] = {
        var table: [String: Kind] = [:]
        for phrase in [
            // English, German, French, Spanish/Portuguese, Italian, Dutch
            "opening balance", "balance brought forward", "brought forward", "starting balance", "beginning balance",
            "previous balance", "start balance", "initial balance",
            "anfangssaldo", "anfangsbestand", "eroffnungssaldo", "alter kontostand", "alter saldo", "saldo alt", "startsaldo", "vorsaldo",
            "saldovortrag", "saldo vortrag", "kontostand alt",
            "solde precedent", "solde initial", "solde de debut", "solde d ouverture", "ancien solde", "solde au debut",
            "saldo anterior", "saldo inicial", "saldo de apertura", "saldo inicio", "saldo de abertura",
            "saldo iniziale", "saldo precedente", "saldo di apertura", "saldo contabile iniziale",
            "beginsaldo", "openingssaldo", "saldo begin", "vorig saldo", "oud saldo", "saldo vorige",
            // Afrikaans (FNB)
            "openingsaldo",
            // Czech, Slovak, Polish, Hungarian, Lithuanian, Latvian, Estonian, Russian, Bulgarian, Ukrainian
            "pocatecni zustatek", "pociatocny zostatok", "saldo poczatkowe", "saldo otwarcia", "nyito egyenleg",
            "pradinis likutis", "sakuma atlikums", "algsaldo", "входящий остаток", "входящее сальдо", "начално салдо",
            "вхідний залишок", "likutis pradziai",
        ] { table[phrase] = .opening }
        for phrase in [
            "closing balance", "balance carried forward", "carried forward", "ending balance",
            "final balance", "end balance",
            "endsaldo", "endbestand", "neuer kontostand", "neuer saldo", "saldo neu", "schlusssaldo", "kontostand neu",
            "nouveau solde", "solde final", "solde de cloture", "solde a la fin", "solde fin",
            "saldo final", "saldo de cierre", "saldo actual", "saldo fin", "s a l d o",
            // Brazil (Itaú, BB, Bradesco): `SALDO FINAL DISPONIVEL`
            "saldo final disponivel", "saldo disponivel final",
            "saldo finale", "saldo di chiusura", "saldo contabile finale",
            "eindsaldo", "slotsaldo", "nieuw saldo", "saldo eind", "saldo einde",
            "afsluitingsaldo",
            "konecny zustatek", "konecny zostatok", "saldo koncowe", "saldo zamkniecia", "zaro egyenleg",
            "galutinis likutis", "beigu atlikums", "loppsaldo", "исходящий остаток", "исходящее сальдо", "крайно салдо",
            "вихідний залишок", "likutis pabaigai",
        ] { table[phrase] = .closing }
        // Lithuanian, Latvian, Estonian, Russian, English: the period's debit or credit turnover.
        for phrase in [
            "apyvarta", "debeto apyvarta", "kredito apyvarta", "apgrozijums", "debeta apgrozijums", "kredita apgrozijums",
            "kaive", "deebetkaive", "kreeditkaive", "обороты", "оборот", "обороты по дебету", "обороты по кредиту",
            "turnover", "debit turnover", "credit turnover",
        ] { table[phrase] = .turnover }
        // Brazil's daily balance between a day's rows (`SALDO DO DIA`, `SALDO ANTERIOR` is the
        // opening above): the balance on the row's date, opening or closing by where it falls.
        for phrase in ["saldo do dia", "saldo disponivel", "saldo em conta", "saldo total disponivel", "saldo total"] {
            table[phrase] = .stated
        }
        return table
    }()
}
