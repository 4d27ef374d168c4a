import FinanceCore

/// The balances imports stated, and reconciling the ledger's transactions against them.
extension Ledger {
    /// Every stated balance of the imports the ledger keeps, by account, day and kind.
    public func statedBalances() throws(LedgerError) -> [StatedBalance] {
        let names = try NameLookup(self)
        let query = try statement(
            """
            SELECT account_id, day, amount_units, amount_scale, currency, kind, position, import_id, source_line FROM balances
            ORDER BY coalesce(account_id, 0), day, import_id, source_line
            """)
        defer { query.reset() }
        var balances: [StatedBalance] = []
        while try query.step() {
            let code = query.bytes(4)
            let currency = code.count == 3 ? CurrencyCode(bytes: code[0], code[1], code[2]) : nil
            let scale = UInt8(clamping: max(0, min(Int64(Money.maximumScale), query.int64(3))))
            balances.append(
                StatedBalance(
                    kind: StatedBalance.Kind(rawValue: query.string(5)) ?? .closing,
                    account: query.isNull(0) ? nil : names.accounts[query.int64(0)],
                    date: ActivityColumns.date(query.int64(1)), amount: Money(units: query.int64(2), scale: scale, currency: currency),
                    batch: query.int64(7), file: names.importFiles[query.int64(7)] ?? "", line: Int(query.int64(8)),
                    position: Int(query.int64(6))))
        }
        return balances
    }

    /// The balance each account's statements state at the end of each day, on or before
    /// `through` (any day when `nil`): one a day per account and currency, a closing balance
    /// before a row's running balance (a CSV `Balance` column), and of those the day's last row.
    /// Opening and available balances are not an account's balance at a day's end. By account,
    /// then day, as `statedBalances()`.
    public func endOfDayBalances(through: LocalDate? = nil) throws(LedgerError) -> [StatedBalance] {
        struct Day: Hashable {
            var account: String?
            var currency: CurrencyCode?
            var date: LocalDate
        }
        var chosen: [Day: StatedBalance] = [:], order: [Day] = []
        for balance in try statedBalances() where balance.kind == .closing || balance.kind == .running {
            if let through, balance.date > through { continue }
            let day = Day(account: balance.account, currency: balance.amount.currency, date: balance.date)
            guard let known = chosen[day] else {
                chosen[day] = balance
                order.append(day)
                continue
            }
            if balance.kind != known.kind ? balance.kind == .closing : balance.position >= known.position { chosen[day] = balance }
        }
        return order.map { chosen[$0]! }
    }

    /// The latest of `endOfDayBalances(through:)` for each account and currency, in account order.
    public func latestBalances(through: LocalDate? = nil) throws(LedgerError) -> [StatedBalance] {
        struct Key: Hashable {
            var account: String?
            var currency: CurrencyCode?
        }
        var latest: [Key: StatedBalance] = [:], order: [Key] = []
        for balance in try endOfDayBalances(through: through) {
            let key = Key(account: balance.account, currency: balance.amount.currency)
            if latest[key] == nil { order.append(key) }
            // Days come in order for each account.
            latest[key] = balance
        }
        return order.map { latest[$0]! }
    }

    /// Reconciles each account (and currency) that has stated balances: from its earliest one,
    /// the transactions up to each later balance's day must add up to it (see `LedgerReconciler`).
    ///
    /// - Parameter account: only this account (as its transactions name it).
    /// - Returns: one value per account and currency with balances, in account order; empty when
    ///   the ledger holds no stated balances.
    public func reconcile(account: String? = nil) throws(LedgerError) -> [LedgerReconciliation] {
        var balances = try statedBalances()
        if let account { balances = balances.filter { $0.account == account } }
        guard !balances.isEmpty else { return [] }
        let names = try NameLookup(self)
        let query = try statement(
            """
            SELECT id, account_id, day, name, amount_units, amount_scale, currency, deleted, edited_at IS NOT NULL, import_id,
                   source_file, source_line FROM transactions ORDER BY day, seq
            """)
        defer { query.reset() }
        var rows: [LedgerReconciler.Row] = []
        while try query.step() {
            let name = query.isNull(1) ? nil : names.accounts[query.int64(1)]
            if let account, name != account { continue }
            let code = query.bytes(6)
            let currency = code.count == 3 ? CurrencyCode(bytes: code[0], code[1], code[2]) : nil
            let scale = UInt8(clamping: max(0, min(Int64(Money.maximumScale), query.int64(5))))
            let batch = query.isNull(9) ? nil : query.int64(9)
            let file = query.isNull(10) ? (batch.flatMap { names.importFiles[$0] } ?? "") : query.string(10)
            rows.append(
                LedgerReconciler.Row(
                    id: ActivityID(value: UInt64(bitPattern: query.int64(0))), account: name, day: Int(query.int64(2)),
                    name: query.string(3), amount: Money(units: query.int64(4), scale: scale, currency: currency),
                    deleted: query.int64(7) != 0, edited: query.int64(8) != 0, batch: batch,
                    source: SourceLocation(file: file, line: Int(query.int64(11)))))
        }
        return LedgerReconciler.reconcile(balances: balances, rows: rows)
    }
}
