import CSQLite
import FinanceCore
import Glibc

/// The user's ledger: an SQLite database of transactions, kept across imports and edits.
///
/// Opening creates the file (and its directories) when needed and brings the schema up to date.
/// The database runs in WAL mode with `synchronous=NORMAL`: readers never block the writer, and a
/// crash (even `kill -9`) loses at most the transactions not yet committed, never the file's
/// consistency. A busy timeout makes two pfin processes on one ledger take turns instead of failing.
///
/// Not thread-safe: use one `Ledger` per thread (SQLite allows many connections per file).
///
///     let ledger = try Ledger(path: Ledger.defaultPath() ?? "ledger.sqlite")
///     let session = try ledger.beginImport(file: "chase.csv")
///     for activity in activities { try session.add(activity) }
///     let result = try session.commit()      // result.inserted, result.skippedDuplicates
public final class Ledger {
    /// The database file.
    public let path: String
    let connection: SQLiteConnection
    private var statements: [String: SQLiteStatement] = [:]
    /// The import in progress, if any: a connection has one transaction at a time.
    var importInProgress = false
    /// How long to wait for another process's lock, in seconds.
    let busySeconds: Double

    /// SQLite's default page cache is 2 MB: a large import then spills its index pages to the
    /// WAL and reads them back, over and over (5x slower at 1M rows). Up to 64 MiB, used only as needed.
    static let cacheSizePragma = "PRAGMA cache_size = -65536"

    /// The schema version this pfin writes.
    public static var schemaVersion: Int { LedgerSchema.currentVersion }

    /// Opens the ledger at `path`, creating it (and its parent directories) unless `create` is false.
    ///
    /// - Parameters:
    ///   - path: the ledger's file (``inMemory``, `:memory:`, for a new one in memory).
    ///   - create: create a missing ledger; with `false` a missing one is an error.
    ///   - busyTimeout: how long to wait for another process's write, in seconds.
    /// - Throws: `LedgerError.missing` (with `create: false`), `.cannotOpen`, `.newerSchema` when a
    ///   newer pfin wrote the file, `.busy`, `.sqlite`.
    public convenience init(path: String, create: Bool = true, busyTimeout: Double = 30) throws(LedgerError) {
        try self.init(path: path, create: create, busyTimeout: busyTimeout, copyingTemplate: true)
    }

    /// The path SQLite reads as a new, private database in memory.
    public static let inMemory = ":memory:"

    /// An empty ledger of the current schema, as SQLite's bytes; `nil` if SQLite cannot make one.
    private static let emptyImage: [UInt8]? = {
        guard let ledger = try? Ledger(path: inMemory, create: true, busyTimeout: 0, copyingTemplate: false) else { return nil }
        return ledger.connection.image()
    }()

    private init(path: String, create: Bool, busyTimeout: Double, copyingTemplate: Bool) throws(LedgerError) {
        self.path = path
        busySeconds = max(0, min(busyTimeout, 86_400))
        if !create && access(path, F_OK) != 0 { throw .missing(path: path) }
        if create { try Ledger.makeParentDirectories(of: path) }
        connection = try SQLiteConnection(
            path: path, create: create,
            busyTimeoutMilliseconds: Int32(busySeconds * 1000))
        if path == Ledger.inMemory, copyingTemplate, let image = Ledger.emptyImage {
            // The schema, built and migrated once per process: a new ledger in memory is a copy of
            // it (a tenth of the work of running the migrations, which the fuzzed store relies on).
            try connection.load(image)
        } else {
            // 8 KiB pages rather than 4 KiB: half the pages to split, write and checkpoint; a million-row
            // import took about 5% less (C test 5.99 s against 6.29 s; pfin-bench store 8.30 s against
            // 8.71 s). Only a new, empty file takes it, before WAL mode; an existing ledger keeps its size.
            try connection.execute("PRAGMA page_size = 8192", "setting the page size")
            // journal_mode=WAL persists in the file; asking again on a WAL file is a cheap no-op.
            try Ledger.switchToWAL(connection, waitingUpTo: busySeconds)
        }
        try connection.execute("PRAGMA synchronous = NORMAL", "setting the sync mode")
        try connection.execute(Ledger.cacheSizePragma, "sizing the page cache")
        try migrate()
    }

    /// The ledger's default location (CONTRACT.md): `$PFIN_DB`, else `$XDG_DATA_HOME/pfin/ledger.sqlite`,
    /// else `~/.local/share/pfin/ledger.sqlite`; `nil` when not even `$HOME` is set.
    ///
    /// - Parameter environment: looks a variable up; the process environment by default.
    public static func defaultPath(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> String? {
        if let db = environment("PFIN_DB"), !db.isEmpty { return db }
        // The XDG spec says to ignore a relative XDG_DATA_HOME.
        if let data = environment("XDG_DATA_HOME"), data.hasPrefix("/") { return "\(data)/pfin/ledger.sqlite" }
        guard let home = environment("HOME"), !home.isEmpty else { return nil }
        return "\(home)/.local/share/pfin/ledger.sqlite"
    }

    /// The schema version stored in the file.
    public func storedSchemaVersion() throws(LedgerError) -> Int {
        Int(try connection.integer("PRAGMA user_version") ?? 0)
    }

    /// Runs SQLite's own consistency check; `["ok"]` when the file is sound.
    public func integrityCheck() throws(LedgerError) -> [String] {
        let statement = try connection.prepare("PRAGMA integrity_check")
        var lines: [String] = []
        while try statement.step() { lines.append(statement.string(0)) }
        return lines
    }

    /// A statement prepared once per ledger and reused.
    func statement(_ sql: String) throws(LedgerError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        let statement = try connection.prepare(sql)
        statements[sql] = statement
        return statement
    }

    /// Applies the migrations the file lacks, each in its own transaction. `BEGIN IMMEDIATE` takes
    /// the write lock first, so two pfin processes opening a new ledger at once migrate it once.
    private func migrate() throws(LedgerError) {
        let supported = LedgerSchema.currentVersion
        var version = try storedSchemaVersion()
        if version > supported { throw .newerSchema(path: path, found: version, supported: supported) }
        guard version < supported else { return }
        try connection.execute("BEGIN IMMEDIATE", "starting the schema update")
        do throws(LedgerError) {
            version = try storedSchemaVersion()  // another process may have migrated meanwhile
            if version > supported { throw LedgerError.newerSchema(path: path, found: version, supported: supported) }
            while version < supported {
                try connection.execute(LedgerSchema.migrations[version], "updating the schema to version \(version + 1)")
                version += 1
                try connection.execute("PRAGMA user_version = \(version)", "recording the schema version")
            }
            try connection.execute("COMMIT", "committing the schema update")
        } catch {
            try? connection.execute("ROLLBACK", "rolling back")
            throw error
        }
    }

    /// Sets WAL mode, waiting for another pfin that is doing the same. SQLite answers "busy" at
    /// once, without the busy timeout, when the switch needs a lock another connection holds while
    /// it waits itself (waiting could deadlock): two `pfin import`s on a new ledger hit this about
    /// one time in five. Retrying after a pause lets the other finish its switch first.
    static func switchToWAL(_ connection: SQLiteConnection, waitingUpTo seconds: Double) throws(LedgerError) {
        var waited = 0.0
        while true {
            do {
                try connection.execute("PRAGMA journal_mode = WAL", "switching to WAL mode")
                return
            } catch {
                guard case .busy = error, waited < seconds else { throw error }
                usleep(10_000)
                waited += 0.01
            }
        }
    }

    private static func makeParentDirectories(of path: String) throws(LedgerError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        // Each ancestor, shortest first: "a", "a/b", "a/b/c" (or "/a", "/a/b", …).
        var prefixes = directory.indices.filter { directory[$0] == "/" && $0 != directory.startIndex }.map { String(directory[..<$0]) }
        prefixes.append(directory)
        for prefix in prefixes where mkdir(prefix, 0o755) != 0 && errno != EEXIST {
            throw .cannotOpen(path: path, reason: "cannot create the directory '\(prefix)': \(String(cString: strerror(errno)).lowercased())")
        }
    }
}
