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
        for record in records {
            let cells = record.fields.filter { !$0.isEmpty }
            guard let first = cells.first else { continue }
            var key = first, value = cells.count > 1 ? cells[1] : nil
            if value == nil, let colon = first.firstIndex(of: ":") {
                key = String(first[..<colon])
                value = first[first.index(after: colon)...].trimmingCharacters(in: " ")
            }
            // A quoted cell may hold line breaks and tabs: an account name is one line, its runs of
            // white space one space (a profile, which is one setting a line, must be able to say it).
            guard let value = value.map(Preamble.oneLine), !value.isEmpty else { continue }
            let folded = TextFolding.fold(key)
            if let rank = Preamble.accountKeys.firstIndex(of: folded), rank < accountRank, !Preamble.namesAPerson(value) {
                account = value
                accountRank = rank
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

    /// Keys naming the account, most specific first.
    static let accountKeys = [
        "account name", "account", "account number", "account no", "account details for", "account details", "konto", "kontonummer",
        "konto nr", "iban", "compte", "numero de compte", "n de compte", "cuenta",
        "numero de cuenta", "rekening", "rekeningnummer", "conto", "conto corrente",
        "numero conto", "card", "card number", "kartennummer",
    ]
    static let currencyKeys = ["currency", "wahrung", "waehrung", "devise", "moneda", "divisa", "valuta"]
}
