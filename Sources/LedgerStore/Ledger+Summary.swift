import FinanceCore

extension Ledger {
    /// Income, expense and net per currency between two dates (inclusive; `nil` leaves that end
    /// open), and the `recent` latest transactions of the period.
    ///
    /// SQLite counts per currency, type, category, scale and sign; `AccountingModel` then decides
    /// the side of each group, as it does for every transaction of a report, and the sides are
    /// summed as `ExactSum`s, as a report sums them, so that the two agree to the last digit and
    /// saturate alike. SQLite's own `sum()` stops with an error past 2^63, so each group's amounts
    /// come as two sums that cannot reach it: the units above 10^9 and those below.
    public func summary(from: LocalDate?, to: LocalDate?, recent: Int = 10) throws(LedgerError) -> LedgerSummary {
        var conditions = ["t.deleted = 0"]
        if from != nil { conditions.append("t.day >= ?1") }
        if to != nil { conditions.append("t.day <= ?2") }
        let statement = try statement(
            """
            SELECT t.currency, t.type, t.amount_scale, sum(t.amount_units / 1000000000),
                   sum(t.amount_units % 1000000000), count(*), c.name
            FROM transactions t LEFT JOIN categories c ON c.id = t.category_id
            WHERE \(conditions.joined(separator: " AND "))
            GROUP BY t.currency, t.type, t.category_id, t.amount_scale, t.amount_units < 0
            """)
        defer { statement.reset() }
        if let from { statement.bind(1, Int64(from.daysSinceEpoch)) }
        if let to { statement.bind(2, Int64(to.daysSinceEpoch)) }
        // Keyed by the currency's packed code; -1 for an unknown currency, which sorts last below.
        var sums: [Int64: CurrencySums] = [:]
        while try statement.step() {
            let code = statement.bytes(0)
            let currency = code.count == 3 ? CurrencyCode(bytes: code[0], code[1], code[2]) : nil
            let scale = UInt8(clamping: max(0, min(Int64(Money.maximumScale), statement.int64(2))))
            let units = Int128(statement.int64(3)) * 1_000_000_000 + Int128(statement.int64(4))
            let (value, overflow) = units.multipliedReportingOverflow(by: ExactSum.factors[Int(scale)])
            let count = Int(statement.int64(5))
            let key = currency.map { Int64($0.packed) } ?? -1
            var line = sums[key] ?? CurrencySums(currency: currency)
            line.scale = max(line.scale, scale)
            if overflow { line.saturated = true }
            let category = statement.isNull(6) ? nil : statement.string(6)
            let side = AccountingModel.side(type: ActivityColumns.type(statement.int64(1)), category: category)
            line.add(overflow ? (units < 0 ? .min : .max) : value, count: count, on: side)
            sums[key] = line
        }
        let lines = sums.sorted { ($0.key < 0 ? Int64.max : $0.key) < ($1.key < 0 ? Int64.max : $1.key) }.map { $0.value.totals }
        let recentRows = try list(LedgerFilter(from: from, to: to, limit: recent))
        return LedgerSummary(from: from, to: to, totals: lines, recent: recentRows)
    }
}

/// One currency's sides while the summary's groups come in.
private struct CurrencySums {
    var currency: CurrencyCode?
    var income = ExactSum()
    var spending = ExactSum()
    var transfers = 0
    /// The most decimals among the amounts: the totals are exact at it.
    var scale: UInt8 = 0
    var saturated = false

    init(currency: CurrencyCode?) { self.currency = currency }

    mutating func add(_ value: Int128, count: Int, on side: AccountingSide) {
        switch side {
        case .income:
            if income.add(value, amounts: count) { saturated = true }
        case .spending:
            if spending.add(value, amounts: count) { saturated = true }
        case .transfer:
            transfers += count
        }
    }

    var totals: CurrencyTotals {
        var clamped = saturated
        func money(_ value: Int128) -> Money { ExactSum.money(value, scale: scale, currency: currency, saturated: &clamped) }
        let income = money(income.value)
        let expense = money(ExactSum.negated(spending.value))
        let net = money(ExactSum.sum(self.income.value, spending.value, saturated: &clamped))
        var line = CurrencyTotals(
            currency: currency, income: income, expense: expense, net: net,
            incomeCount: self.income.count, expenseCount: spending.count, transferCount: transfers)
        line.isSaturated = clamped
        return line
    }
}
