import FinanceCore

extension Ledger {
    /// The transactions `filter` selects, newest first (by date, then the latest stored first).
    /// Deleted transactions never appear.
    public func list(_ filter: LedgerFilter = LedgerFilter()) throws(LedgerError) -> [PaymentActivity] {
        var rows: [PaymentActivity] = []
        try each(filter, newestFirst: true) { rows.append($0) }
        return rows
    }

    /// How many transactions `filter` selects, whatever its `limit` (`pfin list` on a terminal
    /// says how many more there are than it shows).
    public func count(_ filter: LedgerFilter = LedgerFilter()) throws(LedgerError) -> Int {
        var unlimited = filter
        unlimited.limit = nil
        let query = LedgerQuery(unlimited)
        guard query.limitInSQL else {
            // Amount bounds are checked on the rows.
            var count = 0
            try each(unlimited, newestFirst: false) { _ in count += 1 }
            return count
        }
        let statement = try statement(query.countSQL)
        defer { statement.reset() }
        query.bind(to: statement)
        guard try statement.step() else { return 0 }
        return Int(statement.int64(0))
    }

    /// Hands each transaction `filter` selects to `body`, in storage order (the fastest way to
    /// read them all, for reports), without holding them in memory.
    public func forEachActivity(_ filter: LedgerFilter = LedgerFilter(), _ body: (PaymentActivity) -> Void) throws(LedgerError) {
        try each(filter, newestFirst: false, body)
    }

    private func each(_ filter: LedgerFilter, newestFirst: Bool, _ body: (PaymentActivity) -> Void) throws(LedgerError) {
        let query = LedgerQuery(filter)
        let statement = try statement(query.sql(newestFirst: newestFirst))
        defer { statement.reset() }
        query.bind(to: statement)
        let names = try NameLookup(self)
        var remaining = query.limitInSQL ? Int.max : (filter.limit ?? Int.max)
        while remaining > 0, try statement.step() {
            let activity = ActivityColumns.read(statement, names: names)
            guard query.admits(activity) else { continue }
            body(activity)
            remaining -= 1
        }
    }

    /// The transaction whose id starts with `idPrefix` (1 to 16 hex digits, either case), if it is
    /// the only one; deleted transactions are not found, unless `deleted` asks for them alone.
    public func activity(idPrefix: String, deleted: Bool = false) throws(LedgerError) -> ActivityLookup {
        guard let range = Ledger.idRange(prefix: idPrefix) else { return .invalidPrefix }
        let statement = try statement(
            """
            SELECT \(ActivityColumns.select) FROM transactions WHERE id BETWEEN ?1 AND ?2 AND deleted = \(deleted ? 1 : 0) ORDER BY id LIMIT 6
            """)
        defer { statement.reset() }
        statement.bind(1, Int64(bitPattern: range.lowerBound))
        statement.bind(2, Int64(bitPattern: range.upperBound))
        let names = try NameLookup(self)
        var entries: [LedgerEntry] = []
        while try statement.step() { entries.append(ActivityColumns.readEntry(statement, names: names)) }
        switch entries.count {
        case 0: return .none
        case 1: return .found(entries[0])
        default: return .ambiguous(entries)
        }
    }

    /// The transaction with this id, deleted or not (`nil` when there is none).
    public func entry(_ id: ActivityID) throws(LedgerError) -> (entry: LedgerEntry, deleted: Bool)? {
        let statement = try statement("SELECT \(ActivityColumns.select), deleted FROM transactions WHERE id = ?1")
        defer { statement.reset() }
        statement.bind(1, Int64(bitPattern: id.value))
        guard try statement.step() else { return nil }
        return (ActivityColumns.readEntry(statement, names: try NameLookup(self)), statement.int64(ActivityColumns.selectCount) != 0)
    }

    /// The ids a hex prefix covers, as unsigned values. A non-empty prefix fixes the top bit, so the
    /// range stays on one side of zero once bit-cast to the signed values SQLite stores.
    static func idRange(prefix: String) -> ClosedRange<UInt64>? {
        let count = prefix.utf8.count
        guard (1...16).contains(count), let value = UInt64(prefix, radix: 16), prefix.utf8.allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { return nil }
        let shift = UInt64(64 - 4 * count)
        let low = shift == 64 ? 0 : value << shift
        let high = shift == 0 ? value : low | ((1 << shift) - 1)
        return low...high
    }
}
