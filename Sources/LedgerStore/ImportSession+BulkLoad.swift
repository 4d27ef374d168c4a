import FinanceCore

/// Bulk loading: an import larger than the ledger (from its first row when the ledger has no
/// transactions) drops the ledger's indexes, the unique id index included, and builds them again
/// at commit.
///
/// Building an index sorts once; keeping it up to date costs a B-tree search per row and index.
/// With the indexes kept, a million-row import spent 2x longer in SQLite; the random ids alone (a
/// search in the unique index per row) cost 1.8 s of 3.6 s of inserts, against 0.4 to 1.0 s to
/// build that index at the end (C test of this schema, 1,000,000 rows). Without the unique index,
/// duplicates are found in memory: the ledger holds fewer rows than the import at that point, so
/// its ids are few to load. All inside the import's transaction, so a rollback or a crash brings
/// the indexes back as they were.
extension ImportSession {
    /// Loads the ledger's ids (this import's first rows included), drops the indexes, and switches
    /// `add` to a plain INSERT.
    func startBulkLoad() throws(LedgerError) {
        let connection = ledger.connection
        let ids = try connection.prepare("SELECT id FROM transactions")
        while try ids.step() { _ = knownIDs.insert(UInt64(bitPattern: ids.int64(0))) }
        let query = try connection.prepare(
            """
            SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' AND sql IS NOT NULL
            """)
        var indexes: [(name: String, sql: String)] = []
        while try query.step() { indexes.append((query.string(0), query.string(1))) }
        for index in indexes {
            try connection.execute("DROP INDEX \"\(index.name)\"", "preparing a bulk import")
            droppedIndexes.append(index.sql)
        }
        // Appending to a table without indexes needs few pages at hand; dirty pages beyond the
        // cache go to the WAL as the import proceeds (still uncommitted) instead of into memory.
        try connection.execute("PRAGMA cache_size = -\(Self.bulkCacheKiB)", "preparing a bulk import")
        bulkInsert = try connection.prepare(Self.insertSQL(rows: BulkRow.perInsert))
        bulkRows.reserveCapacity(BulkRow.perInsert)
    }

    /// Queues a new row; every `BulkRow.perInsert` rows go in with one statement. One INSERT per
    /// row ran SQLite's statement setup (cursors, the append seek) a million times for a
    /// million-row import.
    func addBulk(_ row: BulkRow) throws(LedgerError) {
        bulkRows.append(row)
        if bulkRows.count == BulkRow.perInsert { try flushBulkRows() }
    }

    /// Inserts the queued rows.
    func flushBulkRows() throws(LedgerError) {
        guard let bulkInsert, !bulkRows.isEmpty else { return }
        let statement = bulkRows.count == BulkRow.perInsert ? bulkInsert : try ledger.connection.prepare(Self.insertSQL(rows: bulkRows.count))
        for (i, row) in bulkRows.enumerated() {
            let base = Int32(i * Self.parametersPerRow)
            ActivityColumns.bind(row.activity, row.references, to: statement, base: base)
            statement.bind(base + ActivityColumns.insertCount + 1, importID)
            statement.bind(base + ActivityColumns.insertCount + 2, row.typeSetByRule ? 1 : 0)
        }
        bulkRows.removeAll(keepingCapacity: true)
        defer { statement.reset() }
        _ = try statement.step()
    }

    /// Builds the dropped indexes again (the unique one cannot fail: `add` kept the ids unique).
    ///
    /// SQLite sorts an index in chunks the size of the page cache, a second thread sorting while
    /// the first reads on (with one thread the slowest builds took a quarter longer: C test,
    /// 1,000,000 rows, category with NOCASE 1.44 s against 1.01 s). Chunks of 8 MiB build as fast as
    /// 16 MiB did (a million-row import: 3.4 to 3.6 s either way) at 19 MB less peak memory; SQLite
    /// keeps the sorted chunks in temporary files (in memory they were slower). The page cache is
    /// back to its usual size afterwards.
    func rebuildIndexes() throws(LedgerError) {
        try flushBulkRows()
        endBulkLoad()
        guard !droppedIndexes.isEmpty else { return }
        let connection = ledger.connection
        try connection.execute("PRAGMA threads = 2; PRAGMA cache_size = -8192", "preparing to build the indexes")
        defer { try? connection.execute("PRAGMA threads = 0; \(Ledger.cacheSizePragma)", "resizing the page cache") }
        for sql in droppedIndexes { try connection.execute(sql, "rebuilding an index after the import of '\(file)'") }
        droppedIndexes = []
    }

    /// The page cache while bulk loading, in KiB.
    static let bulkCacheKiB = 8192

    /// Back to inserting with `ON CONFLICT`, once the indexes are back (or the import rolled back).
    func endBulkLoad() {
        if bulkInsert != nil { try? ledger.connection.execute(Ledger.cacheSizePragma, "resizing the page cache") }
        bulkInsert = nil
        bulkRows = []
        knownIDs = IDSet()
    }
}

/// A row waiting for a multi-row INSERT of a bulk load.
struct BulkRow {
    /// Rows per INSERT: enough to spread the statement's setup thin (a million-row import: one row
    /// per INSERT 4.9 s, 32 rows 4.6 s, 128 rows 4.3 s), few enough parameters (17 each) for any
    /// SQLite build (the limit is 32,766 since 3.32).
    static let perInsert = 128

    let activity: PaymentActivity
    let references: ActivityColumns.References
    let typeSetByRule: Bool
}
