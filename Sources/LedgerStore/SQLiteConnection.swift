import CSQLite
import Glibc

/// One open SQLite connection, with its errors turned into `LedgerError`s.
///
/// Internal: SQL stays inside LedgerStore. Not thread-safe (nor is `Ledger`): one per thread or process.
final class SQLiteConnection {
    let handle: OpaquePointer
    let path: String
    /// The busy timeout set at opening.
    let busyTimeoutMilliseconds: Int32

    /// Opens (or creates) `path` and sets the busy timeout before anything else, so that even the
    /// first read waits for another pfin's write instead of failing with "database is locked".
    init(path: String, create: Bool, busyTimeoutMilliseconds: Int32) throws(LedgerError) {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            if let db { sqlite3_close_v2(db) }
            throw .cannotOpen(path: path, reason: reason)
        }
        handle = db
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs SQL that returns no rows (one or more statements).
    func execute(_ sql: String, _ operation: @autoclosure () -> String) throws(LedgerError) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status, operation()) }
    }

    func prepare(_ sql: String) throws(LedgerError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status, "preparing a query") }
        return SQLiteStatement(statement, connection: self)
    }

    /// The first column of the first row of `sql`, as an integer (`nil` when there is no row).
    func integer(_ sql: String) throws(LedgerError) -> Int64? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.int64(0)
    }

    /// Runs `body` without waiting for other connections' locks: busy at once instead.
    func withoutWaiting<T>(_ body: () throws(LedgerError) -> T) throws(LedgerError) -> T {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, busyTimeoutMilliseconds) }
        return try body()
    }

    /// The first column of the first row of `sql`, as text (`nil` when there is no row).
    func text(_ sql: String) throws(LedgerError) -> String? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.string(0)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The error for a failed call, with SQLite's message; busy and locked become `.busy`.
    func error(_ status: Int32, _ operation: String) -> LedgerError {
        let primary = status & 0xFF
        if primary == SQLITE_BUSY || primary == SQLITE_LOCKED { return .busy(path: path, operation: operation) }
        var message = String(cString: sqlite3_errmsg(handle))
        // "disk I/O error" alone hides the cause: the system's own reason (a file-size limit,
        // a quota, a vanished device) comes from the errno SQLite kept.
        if primary == SQLITE_IOERR || primary == SQLITE_FULL || primary == SQLITE_CANTOPEN {
            let code = sqlite3_system_errno(handle)
            if code != 0, let reason = strerror(code).map({ String(cString: $0) }) {
                message += ": " + reason.prefix(1).lowercased() + reason.dropFirst()
            }
        }
        return .sqlite(path: path, operation: operation, code: status, message: message)
    }
}
