import FinanceCore

/// One amount column per currency (`CSVDialect.currencyAmounts`: RBC Royal Bank's `CAD$` and
/// `USD$`, a chequing account's rows in the first, a US-dollar account's in the second): a row's
/// amount is the one column it fills, in that column's currency.
extension CSVRowMapper {
    /// The row's amount and currency; `nil` after holding the problem back (no column filled, or
    /// two: which would be the row's is not known).
    @inline(never)
    func currencyAmount(_ record: borrowing CSVRecord) -> (Money, CurrencyCode?)? {
        var found: CurrencyAmountColumn?
        var twice = false
        for candidate in columns.currencyAmounts where candidate.column < record.count {
            guard record.withField(candidate.column, { !CSVRecord.trimmed($0).isEmpty }) else { continue }
            if found == nil { found = candidate } else { twice = true }
        }
        guard let found, !twice else {
            if found == nil, statesBalanceOnly(record) {
                holdNoAmountRow(record)
                return nil
            }
            if found == nil, tradesSecurity(record) {
                holdSharesOnlyRow(record)
                return nil
            }
            return holdCurrencyAmounts(record)
        }
        switch parseAmount(record, found.column) {
        case .failure(let failure):
            _ = hold(
                .badAmount(text: record.string(found.column), column: columnName(found.column), decimalMark: dialect.decimalMark, failure: failure),
                record, column: found.column)
            return nil
        case .success(let parsed):
            // The header names the currency; a `$` in the cell (USD to the parser) does not overrule it.
            guard let (amount, _) = directed(parsed, record) else { return nil }
            return (amount, found.currency)
        }
    }

    /// The amount column a row fills: with one column per currency the first filled one, else
    /// the amount column.
    func filledAmountColumn(_ record: borrowing CSVRecord) -> Int? {
        guard columns.hasCurrencyAmounts else { return columns.amount }
        for candidate in columns.currencyAmounts where candidate.column < record.count {
            if record.withField(candidate.column, { !CSVRecord.trimmed($0).isEmpty }) { return candidate.column }
        }
        return columns.amount
    }

    /// The amount columns besides `amount`, one per currency (none in other files).
    var siblingAmountColumns: [Int] {
        columns.currencyAmounts.map(\.column).filter { $0 != columns.amount }
    }

    @inline(never)
    private func holdCurrencyAmounts(_ record: borrowing CSVRecord) -> (Money, CurrencyCode?)? {
        var filled: [(column: String, text: String)] = []
        var second: Int?
        for candidate in columns.currencyAmounts where candidate.column < record.count {
            let text = record.string(candidate.column)
            guard !text.isEmpty else { continue }
            filled.append((columnName(candidate.column), text))
            if filled.count == 2 { second = candidate.column }
        }
        _ = hold(
            .currencyAmounts(columns: columns.currencyAmounts.map { columnName($0.column) }, filled: filled), record,
            column: second ?? columns.currencyAmounts.first?.column)
        return nil
    }
}
