import CSQLite
import FinanceCore

/// One file's import: a single SQLite transaction, so the file lands whole or not at all.
///
/// `Ledger.beginImport` starts it (taking the write lock, waiting for another pfin if need be);
/// `add` inserts each activity unless its id is already in the ledger (then the ledger's row wins:
/// a deleted one stays deleted, an edited one keeps its edits); `commit` matches transfers and
/// commits, or rolls back for a dry run; `rollback` abandons the file. A session dropped without
/// either rolls back, as does a crash: SQLite never shows a half-imported file.
public final class ImportSession {
    /// The file as the user named it.
    public let file: String
    public let options: ImportOptions
    @exclusivity(unchecked) public private(set) var inserted = 0
    @exclusivity(unchecked) public private(set) var skippedDuplicates = 0

    let ledger: Ledger
    let importID: Int64
    private let insert: SQLiteStatement
    @exclusivity(unchecked) private var open = true
    /// Whether the ledger had transactions before: if not, no older side can pair with a new one.
    let ledgerWasEmpty: Bool
    /// The new rows that could be a side of a transfer (those with an account).
    @exclusivity(unchecked) var sides = NewSides()
    /// About how many rows the ledger held before (its largest `seq`).
    private let rowsBefore: Int64
    /// Whether this import writes through the rollback journal (Ledger+JournalMode).
    private let rollbackJournal: Bool
    /// The indexes dropped for a bulk load, to be built again (their `CREATE INDEX` SQL).
    @exclusivity(unchecked) var droppedIndexes: [String] = []
    /// While bulk loading: the plain INSERT of `BulkRows.capacity` rows (there is no unique index
    /// for `ON CONFLICT` to use), and the rows waiting for it.
    @exclusivity(unchecked) var bulkInsert: SQLiteStatement?
    @exclusivity(unchecked) var bulkRows: [BulkRow] = []
    /// While bulk loading: every id in the ledger, this import's included, to recognise duplicates.
    @exclusivity(unchecked) var knownIDs = IDSet()
    /// The ids of the account and category names met so far.
    @exclusivity(unchecked) var names = NameIDs()
    /// The statements and row balances the file states, stored at commit (ImportSession+Balances).
    @exclusivity(unchecked) var statedStatements: [StatementInfo] = []
    @exclusivity(unchecked) var statedRows = DayBalances()
    /// A dry run's rows, for the user to review (see `ImportPreview`); `nil` for a real import.
    @exclusivity(unchecked) var preview: ImportPreview?
    /// Rows after which an import larger than the ledger switches to bulk loading.
    static let bulkThreshold = 20_000
    /// Parameters per imported row: the activity's 20, the import and whether a rule set the type.
    static let parametersPerRow = Int(ActivityColumns.insertCount) + 2

    /// An INSERT of `rows` imported rows, `?1` … `?22` for the first, `?23` … for the next.
    static func insertSQL(rows: Int) -> String {
        let values = (0..<rows).map { row in
            "(" + (1...parametersPerRow).map { "?\(row * parametersPerRow + $0)" }.joined(separator: ", ") + ")"
        }
        return "INSERT INTO transactions(\(ActivityColumns.insert), import_id, type_locked) VALUES " + values.joined(separator: ", ")
    }

    init(ledger: Ledger, file: String, options: ImportOptions) throws(LedgerError) {
        guard !ledger.importInProgress else { throw .invalid("an import into '\(ledger.path)' is already in progress") }
        self.ledger = ledger
        self.file = file
        self.options = options
        let connection = ledger.connection
        insert = try ledger.statement(Self.insertSQL(rows: 1) + " ON CONFLICT(id) DO NOTHING")
        rollbackJournal = ledger.enterRollbackJournalForFirstImport()
        do throws(LedgerError) {
            // IMMEDIATE takes the write lock now (waiting up to the busy timeout), rather than failing
            // at the first insert when another pfin got there first.
            try connection.execute("BEGIN IMMEDIATE", "starting the import of '\(file)'")
        } catch {
            if rollbackJournal { ledger.leaveRollbackJournal() }
            throw error
        }
        do throws(LedgerError) {
            let record = try ledger.statement("INSERT INTO imports(file, started_at) VALUES (?1, ?2)")
            record.bind(1, file)
            record.bind(2, Timestamp.now())
            try record.run()
            importID = sqlite3_last_insert_rowid(connection.handle)
            ledgerWasEmpty = try connection.integer("SELECT NOT EXISTS (SELECT 1 FROM transactions)") == 1
            rowsBefore = try connection.integer("SELECT coalesce(max(seq), 0) FROM transactions") ?? 0
            try startRecordingTypeChanges()
            // A ledger without transactions has empty indexes: dropping them costs nothing, and
            // building them once at commit is cheaper than keeping them up to date row by row.
            if ledgerWasEmpty { try startBulkLoad() }
        } catch {
            try? connection.execute("ROLLBACK", "rolling back")
            if rollbackJournal { ledger.leaveRollbackJournal() }
            throw error
        }
        ledger.importInProgress = true
        if options.dryRun { preview = ImportPreview() }
    }

    deinit {
        if open { rollback() }
    }

    /// Inserts `activity` unless the ledger already has its id.
    ///
    /// - Parameters:
    ///   - activity: the transaction, its id computed by the reader.
    ///   - typeSetByRule: a rule set the type; transfer matching will not change it.
    /// - Returns: whether it was new.
    @discardableResult
    public func add(_ activity: PaymentActivity, typeSetByRule: Bool = false) throws(LedgerError) -> Bool {
        guard open else { throw .invalid("the import of '\(file)' has already ended") }
        let references = ActivityColumns.References(
            account: try names.id(of: activity.account, in: .accounts, ledger: ledger),
            category: try names.id(of: activity.category, in: .categories, ledger: ledger),
            sourceFile: activity.source.file == file ? nil : activity.source.file)
        if bulkInsert != nil {
            guard knownIDs.insert(activity.id.value) else {
                skippedDuplicates += 1
                preview?.duplicates.append(ImportPreview.Duplicate(activity: activity, existing: nil))
                return false
            }
            try addBulk(BulkRow(activity: activity, references: references, typeSetByRule: typeSetByRule))
        } else {
            ActivityColumns.bind(activity, references, to: insert)
            insert.bind(ActivityColumns.insertCount + 1, importID)
            insert.bind(ActivityColumns.insertCount + 2, typeSetByRule ? 1 : 0)
            defer { insert.reset() }
            _ = try insert.step()
            guard ledger.connection.changes == 1 else {
                skippedDuplicates += 1
                preview?.duplicates.append(ImportPreview.Duplicate(activity: activity, existing: nil))
                return false
            }
        }
        inserted += 1
        preview?.added.append(activity)
        if inserted == Self.bulkThreshold && Int64(inserted) > rowsBefore && bulkInsert == nil { try startBulkLoad() }
        if options.matchTransfers, let account = references.account {
            // Numbers only: few rows have a partner by amount, and `matchTransfers` reads those
            // rows' texts back from the ledger (keeping every row's strings alive cost a million-row
            // import about a hundred megabytes).
            sides.append(
                NewSide(id: activity.id, account: account, date: activity.date, amount: activity.amount, type: activity.type, typeLocked: typeSetByRule))
        }
        return true
    }

    /// Matches transfers, records the import, and commits (or, for a dry run, rolls back).
    ///
    /// - Parameter errors: the reader's error count, recorded with the import.
    public func commit(errors: Int = 0) throws(LedgerError) -> ImportResult {
        guard open else { throw .invalid("the import of '\(file)' has already ended") }
        let connection = ledger.connection
        do throws(LedgerError) {
            try rebuildIndexes()
            let (pairs, suggestions) = options.matchTransfers ? try matchTransfers() : (0, 0)
            if preview != nil { try completePreview() }
            try stopRecordingTypeChanges()
            if !options.dryRun { try storeBalances() }
            let record = try ledger.statement(
                """
                UPDATE imports SET inserted = ?2, skipped_duplicates = ?3, errors = ?4, transfer_pairs = ?5 WHERE id = ?1
                """)
            record.bind(1, importID)
            record.bind(2, Int64(inserted))
            record.bind(3, Int64(skippedDuplicates))
            record.bind(4, Int64(errors))
            record.bind(5, Int64(pairs))
            try record.run()
            if options.dryRun {
                rollback()
            } else {
                try connection.execute("COMMIT", "committing the import of '\(file)'")
                open = false
                ledger.importInProgress = false
                if rollbackJournal { ledger.leaveRollbackJournal() }
            }
            return ImportResult(
                file: file, inserted: inserted, skippedDuplicates: skippedDuplicates, errors: errors,
                transferPairs: pairs, transferSuggestions: suggestions, dryRun: options.dryRun,
                batch: options.dryRun ? nil : importID, preview: preview)
        } catch {
            rollback()
            throw error
        }
    }

    /// Abandons the import: nothing of the file stays in the ledger.
    public func rollback() {
        guard open else { return }
        open = false
        endBulkLoad()
        ledger.importInProgress = false
        try? ledger.connection.execute("ROLLBACK", "rolling back the import of '\(file)'")
        if rollbackJournal { ledger.leaveRollbackJournal() }
    }
}
