import FinanceCore

/// A `LedgerFilter` as SQL: the WHERE clause with `?` placeholders and the values to bind, plus
/// what SQL cannot do well and is checked on the rows (amount magnitudes at mixed scales).
struct LedgerQuery {
    enum Value {
        case text(String)
        case integer(Int64)

        /// Binds `values` to `?1`, `?2`, …; returns the index of the next parameter.
        static func bind(_ values: [Value], to statement: SQLiteStatement) -> Int32 {
            var index: Int32 = 1
            for value in values {
                switch value {
                case .text(let text): statement.bind(index, text)
                case .integer(let number): statement.bind(index, number)
                }
                index += 1
            }
            return index
        }
    }

    var conditions = ["deleted = 0"]
    var values: [Value] = []
    let filter: LedgerFilter

    init(_ filter: LedgerFilter) {
        self.filter = filter
        if filter.deleted { conditions = ["deleted = 1"] }
        // A literal, not a parameter: the type index is partial, and SQLite uses it only when the
        // query's SQL itself shows the type is one it covers.
        if let type = filter.type { conditions.append("type = \(ActivityColumns.code(type))") }
        if let from = filter.from { add("day >= ?", .integer(Int64(from.daysSinceEpoch))) }
        if let to = filter.to { add("day <= ?", .integer(Int64(to.daysSinceEpoch))) }
        if let prefix = filter.categoryPrefix, !prefix.isEmpty {
            // A range rather than LIKE: it needs no escaping. U+10FFFF sorts after every character
            // a category can continue with. The categories are few; their ids then use the
            // (category_id, day) index.
            conditions.append("category_id IN (SELECT id FROM categories WHERE name >= ? COLLATE NOCASE AND name < ? COLLATE NOCASE)")
            values += [.text(prefix), .text(prefix + "\u{10FFFF}")]
        }
        if let account = filter.account { add("account_id IN (SELECT id FROM accounts WHERE name = ? COLLATE NOCASE)", .text(account)) }
        if filter.uncategorised { conditions.append("category_id IS NULL") }
        if let search = filter.search, !search.isEmpty {
            let pattern = "%" + LedgerQuery.escapeLike(search) + "%"
            // The bank's own text too: a search for "Lastschrift" finds what normalisation cleaned.
            conditions.append("(name LIKE ? ESCAPE '\\' OR raw_name LIKE ? ESCAPE '\\' OR memo LIKE ? ESCAPE '\\' OR address LIKE ? ESCAPE '\\')")
            values += [.text(pattern), .text(pattern), .text(pattern), .text(pattern)]
        }
    }

    private mutating func add(_ condition: String, _ value: Value) {
        conditions.append(condition)
        values.append(value)
    }

    /// Amount bounds are checked on the rows, so LIMIT can only go to SQL without them.
    var limitInSQL: Bool { filter.minAmount == nil && filter.maxAmount == nil }

    /// How many rows the conditions select (without the limit), for `Ledger.count`.
    var countSQL: String { "SELECT COUNT(*) FROM transactions WHERE \(conditions.joined(separator: " AND "))" }

    /// The SELECT of the activity columns, newest first or in storage order.
    func sql(newestFirst: Bool) -> String {
        var sql = "SELECT \(ActivityColumns.select) FROM transactions WHERE \(conditions.joined(separator: " AND "))"
        // Storage order is stated, not left to the plan: through the (day, category_id) index, rows
        // would come in category order within a day.
        sql += newestFirst ? " ORDER BY day DESC, seq DESC" : " ORDER BY seq"
        if limitInSQL, filter.limit != nil { sql += " LIMIT ?" }
        return sql
    }

    func bind(to statement: SQLiteStatement) {
        let index = Value.bind(values, to: statement)
        if limitInSQL, let limit = filter.limit { statement.bind(index, Int64(max(0, limit))) }
    }

    /// The checks left to the rows: the amount bounds, on the magnitude.
    func admits(_ activity: PaymentActivity) -> Bool {
        guard filter.minAmount != nil || filter.maxAmount != nil else { return true }
        guard let magnitude = activity.amount.magnitude else { return false }
        if let min = filter.minAmount?.magnitude, magnitude < min { return false }
        if let max = filter.maxAmount?.magnitude, max < magnitude { return false }
        return true
    }

    static func escapeLike(_ text: String) -> String {
        var out = ""
        for c in text {
            if c == "%" || c == "_" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
