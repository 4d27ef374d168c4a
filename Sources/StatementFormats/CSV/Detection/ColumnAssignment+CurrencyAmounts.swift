extension ColumnAssignment {
    /// Whether the amount is one column per currency (`CSVDialect.currencyAmounts`): the amount's
    /// header and one or more others name the same thing in different currencies (RBC's `CAD$`
    /// and `USD$`), their values are amounts, and each fills at least half its rows alone. Columns
    /// filled together on most of their rows state a payment twice (the amount, and its original
    /// in another currency on foreign rows), which the original-amount roles read instead; a row
    /// of RBC's that fills two is an error of its own, and no reason to misread the others.
    static func currencyAmounts(header: [String]?, stats: [ColumnStats], roles: [ColumnRole: Int]) -> Bool {
        guard let header, let amount = roles[.amount] else { return false }
        let others = Set(roles.filter { $0.key != .amount }.values)
        let columns = CurrencyAmountColumns.columns(header: header, amount: amount, excluding: others)
        guard columns.count >= 2, columns.allSatisfy({ $0.column < stats.count && fits(.amount, stats[$0.column]) }) else { return false }
        var filled: [Int32: Int] = [:]
        for column in columns {
            for row in stats[column.column].valueRows { filled[row, default: 0] += 1 }
        }
        return columns.allSatisfy { column in
            let rows = stats[column.column].valueRows
            return rows.filter { filled[$0] == 1 }.count * 2 >= rows.count
        }
    }

    /// A header of currency codes over amounts and no amount column named otherwise (`Date,
    /// Description,EUR,USD`): the first such column is the amount, and `currencyAmounts` the rest.
    /// Two half-empty columns would otherwise be read as debit and credit. Needs two such
    /// headers: a lone `EUR` is no amount's.
    static func amountAmongCurrencyCodes(header: [String], stats: [ColumnStats], roles: [ColumnRole: Int], taken: Set<Int>) -> Int? {
        guard roles[.amount] == nil, roles[.debit] == nil, roles[.credit] == nil else { return nil }
        let codes = header.indices.filter { column in
            column < stats.count && !taken.contains(column) && HeaderMatching.candidates(header[column]).isEmpty
                && HeaderMatching.currencyAndName(header[column])?.name == "amount" && stats[column].nonEmpty > 0
                && fits(.amount, stats[column])
        }
        guard codes.count >= 2, let first = codes.first,
            CurrencyAmountColumns.columns(header: header, amount: first, excluding: taken).count >= 2
        else { return nil }
        return first
    }
}
