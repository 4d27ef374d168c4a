import FinanceCore

/// Facts stated in the lines above the table: `Kontonummer:;DE12…`, `Account Name:,FlexAccount`,
/// `Currency,ZAR`, `Kontostand vom 31.05.2024:;3.456,78 EUR`.
struct Preamble {
    var account: String?
    var currency: CurrencyCode?
    /// The preamble's currency as written when it named today's currency by a withdrawn code (`RUR`).
    var currencySynonym: String?
    /// All the preamble's text, for hints such as a card account.
    var texts: [String]

    init(_ records: [SampleRecord]) {
        texts = records.flatMap(\.fields).filter { !$0.isEmpty }
        var accountRank = Int.max
        var balanceCurrency: CurrencyCode?
        // Deutsche Bank states its account as a small table, `Konto;Filial-/Kontonummer;IBAN;Währung`
        // over `Business BasicKonto;330 1234567 00;DE04…;EUR`: each key is above its value, not
        // beside it, and the value of `Konto` is no header word.
        // An account number in such a table is more specific than the account's product name and
        // than any key beside its value: an IBAN first, then another number, then the name.
        var pairs: [(key: String, value: String?, rank: Int?)] = []
        var index = records.startIndex
        while index < records.endIndex {
            let record = records[index]
            if index + 1 < records.endIndex, Preamble.isKeyRow(record.fields, above: records[index + 1].fields) {
                let values = records[index + 1].fields
                let keyed = record.fields.indices.filter { !record.fields[$0].isEmpty && $0 < values.count && !values[$0].isEmpty }
                pairs += keyed.map { (key: Preamble.accountKeyWord(record.fields[$0]), value: values[$0], rank: Preamble.numberRank(values[$0]) - 3) }
                index += 2
                continue
            }
            let cells = record.fields.filter { !$0.isEmpty }
            if let first = cells.first { pairs.append((key: first, value: cells.count > 1 ? cells[1] : nil, rank: nil)) }
            index += 1
        }
        for (first, second, tableRank) in pairs {
            var key = first, value = second
            if value == nil, let colon = first.firstIndex(of: ":") {
                key = String(first[..<colon])
                value = first[first.index(after: colon)...].trimmingCharacters(in: " ")
            }
            // A quoted cell may hold line breaks and tabs: an account name is one line, its runs of
            // white space one space (a profile, which is one setting a line, must be able to say it).
            guard let value = value.map(Preamble.oneLine), !value.isEmpty else { continue }
            let folded = TextFolding.fold(key)
            if let keyRank = Preamble.accountKeys.firstIndex(of: folded), (tableRank ?? keyRank) < accountRank, !Preamble.namesAPerson(value) {
                account = value
                accountRank = tableRank ?? keyRank
            } else if Preamble.currencyKeys.contains(folded), let code = CurrencyText.code(value) {
                currency = code
                currencySynonym = CurrencyCode(value)?.bankSynonym == nil ? nil : value
            } else if balanceCurrency == nil, case .success(let amount)? = Preamble.amount(value), let code = amount.currency {
                balanceCurrency = code
            }
        }
        if currency == nil { currency = balanceCurrency }
    }

    /// `text` with every run of white space (line breaks and tabs too) made one space, and none at
    /// either end.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static func amount(_ text: String) -> Result<ParsedAmount, AmountParseFailure>? {
        for mark in [UInt8(ascii: ","), UInt8(ascii: ".")] {
            if case .success(let parsed) = AmountParser.parse(text, decimalMark: mark) { return .success(parsed) }
        }
        return nil
    }

    /// Whether an account name is its holder's, as Indian banks write it (`Account Name : Mr. ARJUN
    /// MEHTA`): a title before a name. The account number beside it names the account then.
    static func namesAPerson(_ value: String) -> Bool {
        guard let first = value.split(separator: " ").first, value.contains(" ") else { return false }
        var word = first.lowercased()
        if word.hasSuffix(".") { word.removeLast() }
        return personTitles.contains(word)
    }

    private static let personTitles: Set<String> = ["mr", "mrs", "ms", "miss", "dr", "shri", "smt", "sri", "kumari", "m/s"]

    /// Whether `fields` are the keys of a preamble table with their values in `next`: two or more
    /// cells name an account or a currency, and no cell of `next` is such a key (nor `fields` a
    /// row of amounts or dates, which a table's header never is). A value may end in a key word
    /// (an account called `Aktiv Konto`), so only whole keys count below.
    static func isKeyRow(_ fields: [String], above next: [String]) -> Bool {
        let keys = fields.filter { isKey(TextFolding.fold($0)) || accountKeyWord($0) != $0 }
        guard keys.count >= 2, next.contains(where: { !$0.isEmpty }) else { return false }
        if fields.contains(where: { !$0.isEmpty && (ValueKinds.isAmount($0) || ValueKinds.isDate($0)) }) { return false }
        return !next.contains { !$0.isEmpty && isKey(TextFolding.fold($0)) }
    }

    private static func isKey(_ folded: String) -> Bool {
        accountKeys.contains(folded) || currencyKeys.contains(folded)
    }

    /// A compound key as the account key it ends in: `Filial-/Kontonummer` (branch and account
    /// number) is a `kontonummer`. Only a compound joined by `-` or `/`: `Aktiv Konto` is a name.
    static func accountKeyWord(_ key: String) -> String {
        guard key.contains("/") || key.contains("-") else { return key }
        let words = TextFolding.fold(key).split(separator: " ")
        guard words.count >= 2, words.count <= 3, let last = words.last, accountKeys.contains(String(last)) else { return key }
        return String(last)
    }

    /// 0 for an IBAN, 1 for another account number, 2 for any other text.
    private static func numberRank(_ value: String) -> Int {
        guard AccountNumberShape.isAccountNumber(value) else { return 2 }
        return value.utf8.first.map { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") } == true ? 0 : 1
    }

    /// Keys naming the account, most specific first.
    static let accountKeys = [
        "account name", "account", "account number", "account no", "account details for", "account details", "konto", "kontonummer",
        "konto nr", "iban", "compte", "numero de compte", "n de compte", "cuenta",
        "numero de cuenta", "rekening", "rekeningnummer", "conto", "conto corrente",
        "numero conto", "card", "card number", "kartennummer",
        // DKB names the account by its kind: `"Girokonto";"DE12…"`, `"Kreditkarte:";"1234********1234 Kreditkarte"`.
        "girokonto", "kreditkarte", "tagesgeld", "tagesgeldkonto",
    ]
    static let currencyKeys = ["currency", "wahrung", "waehrung", "devise", "moneda", "divisa", "valuta"]
}
