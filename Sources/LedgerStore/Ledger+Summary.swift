import FinanceCore

extension Ledger {
    /// Income, expense and balance per currency between two dates (inclusive; `nil` leaves that end
    /// open), and the `recent` latest transactions of the period.
    ///
    /// SQLite sums per currency, type, category, scale and sign; `AccountingModel` then decides the
    /// side of each group, as it does for every transaction of a report, so that the two agree.
    public func summary(from: LocalDate?, to: LocalDate?, recent: Int = 10) throws(LedgerError) -> LedgerSummary {
        var conditions = ["t.deleted = 0"]
        if from != nil { conditions.append("t.day >= ?1") }
        if to != nil { conditions.append("t.day <= ?2") }
        let statement = try statement(
            """
            SELECT t.currency, t.type, t.amount_scale, sum(t.amount_units), count(*), c.name
            FROM transactions t LEFT JOIN categories c ON c.id = t.category_id
            WHERE \(conditions.joined(separator: " AND "))
            GROUP BY t.currency, t.type, t.category_id, t.amount_scale, t.amount_units < 0
            """)
        defer { statement.reset() }
        if let from { statement.bind(1, Int64(from.daysSinceEpoch)) }
        if let to { statement.bind(2, Int64(to.daysSinceEpoch)) }
        // Keyed by the currency's packed code; -1 for an unknown currency, which sorts last below.
        var totals: [Int64: CurrencyTotals] = [:]
        while try statement.step() {
            let code = statement.bytes(0)
            let currency = code.count == 3 ? CurrencyCode(bytes: code[0], code[1], code[2]) : nil
            let scale = UInt8(clamping: max(0, min(Int64(Money.maximumScale), statement.int64(2))))
            let sum = Money(units: statement.int64(3), scale: scale, currency: currency)
            let count = Int(statement.int64(4))
            let key = currency.map { Int64($0.packed) } ?? -1
            var line =
                totals[key]
                ?? CurrencyTotals(
                    currency: currency, income: .zero(currency), expense: .zero(currency),
                    balance: .zero(currency), incomeCount: 0, expenseCount: 0, transferCount: 0)
            let category = statement.isNull(5) ? nil : statement.string(5)
            switch AccountingModel.side(type: ActivityColumns.type(statement.int64(1)), category: category) {
            case .income:
                line.income = try Ledger.add(line.income, sum)
                line.incomeCount += count
            case .spending:
                line.expense = try Ledger.add(line.expense, sum.negated ?? sum)
                line.expenseCount += count
            case .transfer:
                line.transferCount += count
            }
            totals[key] = line
        }
        var lines = totals.sorted { ($0.key < 0 ? Int64.max : $0.key) < ($1.key < 0 ? Int64.max : $1.key) }.map(\.value)
        for i in lines.indices {
            guard let negatedExpense = lines[i].expense.negated else { throw .invalid("the expense total is too large") }
            lines[i].balance = try Ledger.add(lines[i].income, negatedExpense)
        }
        let recentRows = try list(LedgerFilter(from: from, to: to, limit: recent))
        return LedgerSummary(from: from, to: to, totals: lines, recent: recentRows)
    }

    private static func add(_ a: Money, _ b: Money) throws(LedgerError) -> Money {
        guard let sum = a.adding(b) else { throw .invalid("a total is too large for pfin's 64-bit amounts") }
        return sum
    }
}
