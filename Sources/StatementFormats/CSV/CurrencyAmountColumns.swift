import FinanceCore

/// One amount column per currency, each header naming its currency (RBC Royal Bank's `CAD$` and
/// `USD$`; `Amount (EUR)` beside `Amount (USD)`; `EUR` beside `USD`): each row fills the column of
/// its account's currency, and its amount is in that currency (`CSVDialect.currencyAmounts`).
struct CurrencyAmountColumn: Equatable {
    var column: Int
    var currency: CurrencyCode
}

enum CurrencyAmountColumns {
    /// The amount column and the columns named as it is but for another currency, in header order:
    /// `[]` unless the amount's header names a currency and another column's names another one.
    /// Columns in `excluding` (those with other roles) are none of them.
    static func columns(header: [String], amount: Int, excluding: Set<Int> = []) -> [CurrencyAmountColumn] {
        guard amount < header.count, let own = HeaderMatching.currencyAndName(header[amount]) else { return [] }
        var found: [CurrencyAmountColumn] = []
        var currencies: Set<CurrencyCode> = []
        for (column, name) in header.enumerated() where column == amount || !excluding.contains(column) {
            guard let named = HeaderMatching.currencyAndName(name), named.name == own.name,
                column == amount || named.currency != own.currency, !currencies.contains(named.currency)
            else { continue }
            currencies.insert(named.currency)
            found.append(CurrencyAmountColumn(column: column, currency: named.currency))
        }
        return found.count >= 2 ? found : []
    }
}
