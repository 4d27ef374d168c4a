/// Which currency column belongs to which amount, when a file states a payment twice.
///
/// monobank writes `Сума в валюті картки (UAH)`, `Сума в валюті операції`, `Валюта`: the card's
/// amount names its currency in its header, and the bare `Валюта` beside the operation's amount
/// is that amount's currency (`USD` on a row of `-70.33` UAH and `-1.66` USD). Pairing the card's
/// amount with `Валюта` would book 70.33 dollars.
enum AmountCurrencyPairs {
    /// `roles` with a currency column that belongs to the original amount moved to
    /// `originalCurrency`: the amount's header names its own currency, an original amount column
    /// is there and no original currency column is.
    static func paired(_ roles: [ColumnRole: Int], header: [String]?) -> [ColumnRole: Int] {
        guard let header, let amount = roles[.amount], amount < header.count, HeaderMatching.currency(header[amount]) != nil,
            let currency = roles[.currency], roles[.originalAmount] != nil, roles[.originalCurrency] == nil,
            currency < header.count, HeaderMatching.currency(header[currency]) == nil
        else { return roles }
        var roles = roles
        roles[.originalCurrency] = currency
        roles[.currency] = nil
        return roles
    }
}
