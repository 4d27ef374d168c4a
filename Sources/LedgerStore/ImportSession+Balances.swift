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

    /// Keeps the balance a row states (`ActivitySink.rowBalance`), as far as reconciling needs it:
    /// each day's first and last (see `DayBalances`).
    public func rowBalance(_ balance: RowBalance) {
        statedRows.add(balance)
    }

    /// Inserts the kept balances, each unless the ledger already has it (a re-imported file).
    func storeBalances() throws(LedgerError) {
        let insert = try ledger.statement(
            """
            INSERT INTO balances(account_id, day, amount_units, amount_scale, currency, kind, position, import_id, source_line)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT DO NOTHING
            """)
        func store(
            _ kind: StatedBalance.Kind, account: String?, _ date: LocalDate, _ amount: Money, currency: CurrencyCode?,
            line: Int, position: Int = 0
        ) throws(LedgerError) {
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
            let stated: [(StatedBalance.Kind, Balance?)] = [
                (.opening, info.openingBalance), (.closing, info.ledgerBalance),
                (.available, info.availableBalance),
            ]
            for case (let kind, let balance?) in stated {
                try store(kind, account: info.account.id, balance.date, balance.amount, currency: info.currency, line: info.source.line)
            }
        }
        for (balance, position) in statedRows.positioned() {
            try store(
                .running, account: balance.account, balance.date, balance.amount, currency: nil, line: balance.source.line,
                position: position)
        }
    }
}

/// The row balances of an import, bounded by days rather than rows: per account, currency and
/// day, the first and the last in the file and how many there were. Reconciling a ledger checks
/// each day's last balance and starts from the first day's first, so a million-row export with a
/// balance column keeps a few hundred of them per account-year, not a million.
struct DayBalances {
    private struct Group: Hashable {
        var account: String?
        var currency: CurrencyCode?
    }

    private struct Day: Hashable {
        var group: Group
        var day: Int
    }

    private struct Rows {
        var first: RowBalance
        var last: RowBalance
        var count: Int
    }

    private var days: [Day: Rows] = [:]
    /// Days in the order first seen, and each group's first and last dates in file order.
    private var order: [Day] = []
    private var groupDates: [Group: (first: LocalDate, last: LocalDate)] = [:]

    mutating func add(_ row: RowBalance) {
        let group = Group(account: row.account, currency: row.amount.currency)
        let key = Day(group: group, day: row.date.daysSinceEpoch)
        if var known = days[key] {
            known.last = row
            known.count += 1
            days[key] = known
        } else {
            days[key] = Rows(first: row, last: row, count: 1)
            order.append(key)
        }
        groupDates[group] = (groupDates[group]?.first ?? row.date, row.date)
    }

    /// Each day's first and last row balance in the order the rows happened (a group whose first
    /// row is later than its last runs newest first), with its place in the day: 1 for the first,
    /// the day's count for the last.
    func positioned() -> [(RowBalance, Int)] {
        var result: [(RowBalance, Int)] = []
        for key in order {
            guard let rows = days[key] else { continue }
            let dates = groupDates[key.group]
            let newestFirst = dates.map { $0.first > $0.last } ?? false
            let (earliest, latest) = newestFirst ? (rows.last, rows.first) : (rows.first, rows.last)
            result.append((earliest, 1))
            if rows.count > 1 { result.append((latest, rows.count)) }
        }
        return result
    }
}
