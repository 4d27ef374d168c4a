import FinanceCore

extension Ledger {
    /// Starts importing one file (see `ImportSession`); waits for another pfin's import to finish.
    public func beginImport(file: String, options: ImportOptions = ImportOptions()) throws(LedgerError) -> ImportSession {
        try ImportSession(ledger: self, file: file, options: options)
    }

    /// Imports `activities` as one file, all or nothing.
    ///
    /// - Parameters:
    ///   - activities: the file's transactions, in its order.
    ///   - file: the file's name, as the user gave it (recorded with the import).
    ///   - options: a dry run, transfer matching.
    ///   - typeSetByRule: tells which activities' type a rule set (matching leaves those).
    public func importActivities(
        _ activities: some Sequence<PaymentActivity>, file: String,
        options: ImportOptions = ImportOptions(),
        typeSetByRule: (PaymentActivity) -> Bool = { _ in false }
    ) throws(LedgerError) -> ImportResult {
        let session = try beginImport(file: file, options: options)
        for activity in activities { try session.add(activity, typeSetByRule: typeSetByRule(activity)) }
        return try session.commit()
    }

    /// Adds a transaction entered by hand and returns its new id (random: a hand-entered
    /// transaction has no bank data to derive a stable one from; `activity.id` is ignored).
    ///
    /// - Parameters:
    ///   - activity: the transaction as the user entered it.
    ///   - typeLocked: the user chose the type, so transfer matching must not change it.
    public func add(_ activity: PaymentActivity, typeLocked: Bool = true) throws(LedgerError) -> ActivityID {
        guard !importInProgress else { throw .invalid("an import into '\(path)' is in progress") }
        let insert = try statement(
            """
            INSERT INTO transactions(\(ActivityColumns.insert), type_locked)
            VALUES (\((1...ActivityColumns.insertCount + 1).map { "?\($0)" }.joined(separator: ", ")))
            ON CONFLICT(id) DO NOTHING
            """)
        return try inTransaction("adding a transaction") { () throws(LedgerError) -> ActivityID in
            var names = NameIDs()
            let references = ActivityColumns.References(
                account: try names.id(of: activity.account, in: .accounts, ledger: self),
                category: try names.id(of: activity.category, in: .categories, ledger: self), sourceFile: activity.source.file)
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<8 {
                var row = activity
                row.id = ActivityID(value: generator.next())
                ActivityColumns.bind(row, references, to: insert)
                insert.bind(ActivityColumns.insertCount + 1, typeLocked ? 1 : 0)
                try insert.run()
                if connection.changes == 1 { return row.id }
            }
            throw .invalid("could not find a free id for the new transaction")
        }
    }

    /// Changes the given fields of a transaction and marks it edited (a re-import keeps the edit).
    /// Setting the type locks it against transfer matching.
    ///
    /// - Throws: `LedgerError.notFound` when there is no such (undeleted) transaction.
    public func update(_ id: ActivityID, _ changes: ActivityChanges) throws(LedgerError) {
        guard !importInProgress else { throw .invalid("an import into '\(path)' is in progress") }
        try inTransaction("editing a transaction") { () throws(LedgerError) in
            var sets = ["edited_at = ?"]
            var values: [LedgerQuery.Value] = [.text(Timestamp.now())]
            func set(_ column: String, _ value: LedgerQuery.Value?) {
                if let value { sets.append("\(column) = ?"); values.append(value) } else { sets.append("\(column) = NULL") }
            }
            var names = NameIDs()
            if let name = changes.name { set("name", .text(name)) }
            if let date = changes.date { set("day", .integer(Int64(date.daysSinceEpoch))) }
            if let amount = changes.amount {
                set("amount_units", .integer(amount.units))
                set("amount_scale", .integer(Int64(amount.scale)))
                if let currency = amount.currency { set("currency", .text(currency.description)) }
            }
            if let type = changes.type {
                set("type", .integer(ActivityColumns.code(type)))
                sets.append("type_locked = 1")
            }
            if let address = changes.address { set("address", address.map { .text($0) }) }
            if let memo = changes.memo { set("memo", memo.map { .text($0) }) }
            if let category = changes.category {
                set("category_id", try names.id(of: category, in: .categories, ledger: self).map { .integer($0) })
            }
            if let account = changes.account {
                set("account_id", try names.id(of: account, in: .accounts, ledger: self).map { .integer($0) })
            }
            let update = try statement("UPDATE transactions SET \(sets.joined(separator: ", ")) WHERE id = ? AND deleted = 0")
            defer { update.reset() }
            update.bind(LedgerQuery.Value.bind(values, to: update), Int64(bitPattern: id.value))
            while try update.step() {}
            if connection.changes == 0 { throw .notFound(id) }
        }
    }

    /// Runs `body` in one write transaction: all of it lands, or (when it throws) none of it.
    func inTransaction<T>(_ what: String, _ body: () throws(LedgerError) -> T) throws(LedgerError) -> T {
        try connection.execute("BEGIN IMMEDIATE", what)
        do throws(LedgerError) {
            let result = try body()
            try connection.execute("COMMIT", what)
            return result
        } catch {
            try? connection.execute("ROLLBACK", "rolling back")
            throw error
        }
    }

    /// Deletes transactions, all or none: they leave every list and report, and stay deleted when
    /// the statement they came from is imported again (the row stays as a tombstone).
    ///
    /// - Throws: `LedgerError.notFound` for the first id with no (undeleted) transaction; then
    ///   nothing is deleted.
    public func delete(_ ids: [ActivityID]) throws(LedgerError) {
        try setDeleted(true, ids, "deleting") { id in LedgerError.notFound(id) }
    }

    /// Sets or clears the tombstone of each of `ids`, all or none: the first id whose row is not
    /// in the other state ends it with `missing(id)`'s error.
    func setDeleted(
        _ deleted: Bool, _ ids: [ActivityID], _ what: String,
        missing: (ActivityID) throws(LedgerError) -> LedgerError
    ) throws(LedgerError) {
        guard !importInProgress else { throw .invalid("an import into '\(path)' is in progress") }
        let update = try statement("UPDATE transactions SET deleted = \(deleted ? 1 : 0), edited_at = ?2 WHERE id = ?1 AND deleted = \(deleted ? 0 : 1)")
        try inTransaction(what) { () throws(LedgerError) in
            let now = Timestamp.now()
            for id in ids {
                update.bind(1, Int64(bitPattern: id.value))
                update.bind(2, now)
                try update.run()
                if connection.changes == 0 { throw try missing(id) }
            }
        }
    }
}
