import FinanceCore

/// The balances a file states, kept while it is read and stored when its import commits: a
/// reader may send a statement more than once (OFX: the account first, the balances at the end),
/// and a row's place in its day is known only once the file's order is.
extension ImportSession {
    /// Keeps a statement's balances; a later call for the same statement (its source and
    /// account) supersedes an earlier one.
    public func statement(_ info: StatementInfo) {
        if let index = statedStatements.firstIndex(where: { $0.source == info.source && $0.account.id == info.account.id }) {
            statedStatements[index] = info
        } else {
            statedStatements.append(info)
        }
    }

    /// Keeps the balance a row states (`ActivitySink.rowBalance`).
    public func rowBalance(_ balance: RowBalance) {
        statedRows.append(balance)
    }

    /// Inserts the kept balances, each unless the ledger already has it (a re-imported file).
    func storeBalances() throws(LedgerError) {
        let insert = try ledger.statement("""
            INSERT INTO balances(account_id, day, amount_units, amount_scale, currency, kind, position, import_id, source_line)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT DO NOTHING
            """)
        func store(_ kind: StatedBalance.Kind, account: String?, _ date: LocalDate, _ amount: Money, currency: CurrencyCode?,
                   line: Int, position: Int = 0) throws(LedgerError)
        {
            insert.bind(1, try names.id(of: account.flatMap { $0.isEmpty ? nil : $0 }, in: .accounts, ledger: ledger))
            insert.bind(2, Int64(date.daysSinceEpoch))
            insert.bind(3, amount.units)
            insert.bind(4, Int64(amount.scale))
            insert.bind(5, (amount.currency ?? currency).map { $0.description })
            insert.bind(6, kind.rawValue)
            insert.bind(7, Int64(position))
            insert.bind(8, importID)
            insert.bind(9, Int64(line))
            try insert.run()
        }
        for info in statedStatements {
            let stated: [(StatedBalance.Kind, Balance?)] = [(.opening, info.openingBalance), (.closing, info.ledgerBalance),
                                                            (.available, info.availableBalance)]
            for case (let kind, let balance?) in stated {
                try store(kind, account: info.account.id, balance.date, balance.amount, currency: info.currency, line: info.source.line)
            }
        }
        for (balance, position) in Self.positioned(statedRows) {
            try store(.running, account: balance.account, balance.date, balance.amount, currency: nil, line: balance.source.line,
                      position: position)
        }
    }

    /// Each row balance with its place in its day, in the order the rows happened: a file whose
    /// first row (of an account and currency) is later than its last runs newest first.
    static func positioned(_ rows: [RowBalance]) -> [(RowBalance, Int)] {
        struct Key: Hashable {
            var account: String?
            var currency: CurrencyCode?
        }
        var groups: [Key: [RowBalance]] = [:]
        var order: [Key] = []
        for row in rows {
            let key = Key(account: row.account, currency: row.amount.currency)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(row)
        }
        var result: [(RowBalance, Int)] = []
        result.reserveCapacity(rows.count)
        for key in order {
            var group = groups[key] ?? []
            if let first = group.first, let last = group.last, first.date > last.date { group.reverse() }
            var day: LocalDate?
            var position = 0
            for row in group {
                position = row.date == day ? position + 1 : 1
                day = row.date
                result.append((row, position))
            }
        }
        return result
    }
}
