extension ColumnAssignment {
    /// The roles of money, which a header over a column of currency codes lends to the unnamed
    /// column of numbers beside it.
    static let moneyRoles: Set<ColumnRole> = [.amount, .debit, .credit, .balance, .originalAmount, .fee]

    /// The column of numbers a header names through the column of currency codes under it:
    /// Degiro's `Account.csv` (`…,FX,Mutatie,,Saldo,,Order Id`) writes each amount as two cells,
    /// the currency (`EUR`) under the name and the number (`-1,00`) under an empty header after it.
    /// `nil` unless `column` holds codes and the next column, unnamed, holds numbers.
    static func numberBesideCode(header: [String], stats: [ColumnStats], column: Int) -> Int? {
        let next = column + 1
        guard column >= 0, next < stats.count, column < header.count, !header[column].isEmpty,
            next >= header.count || header[next].trimmingCharacters(in: " ").isEmpty,
            stats[column].nonEmpty > 0, stats[column].currencyRatio >= 0.8,
            stats[next].nonEmpty > 0, stats[next].amountRatio >= 0.9
        else { return nil }
        return next
    }

    /// The columns a header names as a balance, and the numbers beside such a header over codes.
    static func balanceColumns(header: [String], stats: [ColumnStats]) -> Set<Int> {
        var columns = Set<Int>()
        for (column, name) in header.enumerated() where column < stats.count {
            guard HeaderMatching.candidates(name).contains(where: { $0.role == .balance }) else { continue }
            columns.insert(column)
            if let partner = numberBesideCode(header: header, stats: stats, column: column) { columns.insert(partner) }
        }
        return columns
    }
}
