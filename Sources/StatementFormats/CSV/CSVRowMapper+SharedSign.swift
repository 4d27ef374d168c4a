import FinanceCore

/// `$` alone read as USD in a file whose dates are day first: US banks write month first, so the
/// dollar is more likely Australia's, New Zealand's, Singapore's or Hong Kong's; the rows keep
/// USD (what the sign says without other evidence), and one warning asks for `--currency`; none
/// when other rows name their currency.
extension CSVRowMapper {
    static let dollarGuessCode = "csv.currency.dollar-sign"

    /// Notes a row whose currency is the guess of a shared `$` (in its cell or its column's
    /// header), when the file's dates are day first.
    @inline(__always)
    func noteDollarGuess(_ sign: SharedCurrencySign?, line: Int) {
        if sign == .dollar, dialect.dateFormat.dayFirst { dollarGuessLines.note(line) }
    }

    /// The one warning for the rows noted by `noteDollarGuess`, unless other rows named their
    /// currency (a UK export's `- $5.00` among its `£` rows is a payment in another currency).
    func dollarGuessWarning() -> Diagnostic? {
        guard !namesCurrencies else { return nil }
        return dollarGuessLines.warning(
            Self.dollarGuessCode, file: file,
            {
                "amounts on \($0) are written with '$' alone and were read as US dollars, but the file's dates are day first "
                    + "(\(dialect.dateFormat)), which US banks do not write"
            },
            note: "if the account is in another dollar, name it: --currency AUD (or NZD, CAD, SGD, HKD…)")
    }
}
