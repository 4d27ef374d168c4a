extension ColumnAssignment {
    /// Two amount columns under one name (Deutsche Bank's card statement: `Fremdwährung;Betrag;
    /// Kurs;Betrag;Währung`, the first `Betrag` in the foreign currency and empty on domestic
    /// rows): the account's amount is the one filled in every row, or else the one after no
    /// foreign-currency column; the other is the payment's original amount. Columns whose headers
    /// name two different currencies (RBC's `CAD$` and `USD$`) are no twins but one amount per
    /// currency (`currencyAmounts`).
    static func twinAmounts(header: [String], stats: [ColumnStats], roles: inout [ColumnRole: Int], taken: inout Set<Int>) {
        guard let amount = roles[.amount], amount < header.count else { return }
        let names = Set(HeaderMatching.foldedNames(header[amount]))
        let currency = HeaderMatching.currency(header[amount])
        let twins = header.indices.filter { column in
            column != amount && column < stats.count && !taken.contains(column)
                && !names.isDisjoint(with: HeaderMatching.foldedNames(header[column]))
                && (currency == nil || HeaderMatching.currency(header[column]).map { $0 == currency } ?? true)
                && stats[column].nonEmpty > 0 && fits(.amount, stats[column])
        }
        guard twins.count == 1, let twin = twins.first else { return }
        let foreign = roles[.originalCurrency]
        func afterForeign(_ column: Int) -> Bool { foreign.map { $0 < column && column - $0 <= 2 } ?? false }
        let twinIsAccounts =
            stats[twin].nonEmpty > stats[amount].nonEmpty
            || (stats[twin].nonEmpty == stats[amount].nonEmpty && afterForeign(amount) && !afterForeign(twin))
        guard twinIsAccounts else {
            if roles[.originalAmount] == nil, afterForeign(twin) {
                roles[.originalAmount] = twin
                taken.insert(twin)
            }
            return
        }
        roles[.amount] = twin
        taken.insert(twin)
        if roles[.originalAmount] == nil {
            roles[.originalAmount] = amount
        } else {
            taken.remove(amount)
        }
    }
}
