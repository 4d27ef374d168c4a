extension ColumnAssignment {
    /// Gives the debit/credit indicator columns their roles: the amount's (`direction`), which
    /// signs an unsigned amount, and the balance's (`balanceDirection`).
    ///
    /// Kotak Mahindra Bank writes two columns of one name, `Amount,Dr / Cr,Balance,Dr / Cr`: the
    /// first says which way the amount went, the second whether the balance is in credit (`CR`)
    /// or overdrawn (`DR`), which is `CR` on almost every row. Of two or more indicators the header
    /// names, the one right after the balance is the balance's, and the amount's is the one
    /// nearest the amount (after it before before it). A lone indicator signs an unsigned amount
    /// wherever it stands, as before; beside a signed amount (or debit and credit columns), one
    /// right after the balance is the balance's.
    static func indicators(header: [String]?, stats: [ColumnStats], roles: inout [ColumnRole: Int], taken: inout Set<Int>) {
        func take(_ role: ColumnRole, _ column: Int) {
            if roles[.memo] == column { roles[.memo] = nil }
            roles[role] = column
            taken.insert(column)
        }
        let named: [Int] =
            header.map { names in
                names.indices.filter { column in
                    column < stats.count && HeaderMatching.candidates(names[column]).contains { $0.role == .direction }
                        && fits(.direction, stats[column]) && (roles.first { $0.value == column }.map { $0.key == .memo } ?? true)
                }
            } ?? []
        let unsignedAmount = roles[.amount].map { !hasSignedValues(stats[$0]) } ?? false
        // The balance's: an indicator the header names outright (`Dr / Cr`, not a `Type`) right after it.
        var balanceIndicator = roles[.balance].flatMap { balance in
            named.first { $0 == balance + 1 && HeaderMatching.candidates(header![$0]).contains { $0.role == .direction && $0.strength == 1 } }
        }
        if unsignedAmount, named.count < 2 { balanceIndicator = nil }
        if let amount = roles[.amount], unsignedAmount {
            let own = named.filter { $0 != balanceIndicator }.min { a, b in
                (abs(a - amount), a < amount ? 1 : 0) < (abs(b - amount), b < amount ? 1 : 0)
            }
            let indicator =
                own ?? stats.first { !taken.contains($0.index) && $0.index != balanceIndicator && $0.nonEmpty > 0 && $0.directionRatio >= 0.9 }?.index
            if let indicator { take(.direction, indicator) }
        }
        if let balanceIndicator { take(.balanceDirection, balanceIndicator) }
    }
}
