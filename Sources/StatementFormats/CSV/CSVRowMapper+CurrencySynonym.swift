import FinanceCore

/// Currency cells that name today's currency by a withdrawn code (`RUR` for `RUB`:
/// `CurrencyCode.bankSynonym`). Russian banks kept writing `RUR` after the 1998 redenomination
/// (Alfa-Bank's `Валюта`, VTB's `Валюта счета`); the amounts are today's roubles. Chinese banks
/// write `RMB` for the renminbi (China Merchants Bank), whose ISO code is `CNY`.
extension CSVRowMapper {
    static let currencySynonymCode = "csv.lenient.currency-synonym"

    /// Says once per file that the cell `text` in `column` named a currency by a synonym.
    func noteCurrencySynonym(_ text: String, _ record: borrowing CSVRecord, column: Int) {
        guard let current = CurrencyCode(text)?.bankSynonym, leniencies.isFirst(Self.currencySynonymCode) else { return }
        let at = record.location(ofField: column)
        let wording = CurrencyText.synonymWording(text)
        let leniency = Leniency(
            code: Self.currencySynonymCode,
            "the currency '\(text)' is \(wording.what); read as \(current), here and on the file's other rows",
            notes: [wording.note], changesMeaning: false)
        holdBack(leniency, at: SourceLocation(file: file, line: at.line, column: at.column))
    }
}
