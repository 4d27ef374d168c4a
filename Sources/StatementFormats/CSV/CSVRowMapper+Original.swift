import FinanceCore

/// A row's payment in another currency: the `original-amount`, `original-currency` and
/// `exchange-rate` columns (PayPal, Revolut, Wise and card exports; pfin's own CSV).
extension CSVRowMapper {
    /// What the row states of another currency than `booked`'s: `nil` when its currency cell is
    /// empty or the account's own currency. The amount takes `booked`'s sign (exports write it
    /// unsigned, or signed as the payer saw it); a cell that does not read is left out, noted for
    /// the file's one warning, and the row is read all the same.
    @inline(never)
    func original(_ record: borrowing CSVRecord, booked: Money) -> OriginalAmount? {
        guard let column = columns.originalCurrency, column < record.count else { return nil }
        let text = record.string(column)
        if text.isEmpty { return nil }
        // ICBC's `交易币种` spells the currency out (`人民币`), as its booked currency column does.
        guard let currency = CurrencyText.code(text) ?? CurrencyText.currency(word: text) else {
            noteUnreadOriginal(line: record.line)
            return nil
        }
        noteCurrencySynonym(text, record, column: column)
        if currency == booked.currency { return nil }
        var amount: Money?
        if let column = columns.originalAmount, column < record.count, !record.string(column).isEmpty {
            if case .success(let parsed) = parseAmount(record, column) {
                let magnitude = parsed.units < 0 ? -parsed.units : parsed.units
                amount = Money(units: booked.isNegative ? -magnitude : magnitude, scale: parsed.scale, currency: currency)
            } else {
                noteUnreadOriginal(line: record.line)
            }
        }
        var rate: ExchangeRate?
        if let column = columns.exchangeRate, column < record.count, !record.string(column).isEmpty {
            if case .success(let parsed) = parseAmount(record, column), let positive = ExchangeRate(Money(units: parsed.units, scale: parsed.scale)) {
                // Exports write the rate either way round (Wise: original units per account unit);
                // with both amounts stated, they decide. A rate alone, or in pfin's own CSV
                // (account units per original unit, always), is taken as written.
                if let amount, !dialect.writtenByPfin {
                    rate = RateOrientation.perOriginalUnit(Money(units: positive.units, scale: positive.scale), booked: booked, original: amount)
                    if rate == nil { unfittingRateLines.note(record.line) }
                } else {
                    rate = positive
                }
            } else {
                noteUnreadOriginal(line: record.line)
            }
        }
        return OriginalAmount(currency: currency, amount: amount, rate: rate)
    }

    private func noteUnreadOriginal(line: Int) {
        unreadOriginalLines.note(line)
    }

    /// The one warning for the rows whose original amount, currency or rate did not read.
    func unreadOriginalWarning() -> Diagnostic? {
        unreadOriginalLines.warning(
            "csv.bad-original-amount", file: file,
            { "the original amount, currency or exchange rate on \($0) did not read; those transactions were read without it" },
            note: "the currency must be an ISO 4217 code such as USD, the amount and the rate numbers like the amount column's")
    }

    /// The one warning for the rows whose stated rate turns neither amount into the other.
    func unfittingRateWarning() -> Diagnostic? {
        unfittingRateLines.warning(
            "csv.unfitting-exchange-rate", file: file,
            {
                "the exchange rate on \($0) turns neither the amount into the original amount nor the other way round, "
                    + "within a tenth; the original amount was kept without it"
            },
            note: "check that the rate, the amount and the original amount columns belong together")
    }

    /// The one warning for the rows whose text cells began with an apostrophe, taken off.
    func textMarkWarning() -> Diagnostic? {
        textMarkLines.warning(
            "csv.lenient.text-mark", file: file,
            { "text cells on \($0) begin with an apostrophe, a spreadsheet's mark that a cell is text; it was taken off" },
            note: "the bank's export marks its text so that a spreadsheet shows it as written")
    }
}
