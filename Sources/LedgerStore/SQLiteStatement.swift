import CSQLite
import FinanceCore

/// A prepared statement, kept and reused: preparing costs more than running a simple insert.
///
/// Text parameters are copied into one buffer the statement owns and bound with `SQLITE_STATIC`:
/// SQLite reads them in place during `step`, instead of `SQLITE_TRANSIENT`'s allocation and copy per
/// value. The buffer is rewritten only by the next `reset`, after SQLite is done with it.
final class SQLiteStatement {
    let handle: OpaquePointer
    unowned let connection: SQLiteConnection
    /// The text parameters' bytes. SQLite keeps pointers into it from `step` until the next
    /// `reset`; it only grows (and moves) in the binds before a `step`.
    private let buffer = ByteBuffer(capacity: 1024)
    /// Parameters bound into `buffer`, bound again as pointers once all the text is in (the buffer may move while growing).
    @exclusivity(unchecked) private var pending: [(index: Int32, offset: Int, count: Int)] = []

    init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Clears the parameters and rewinds, ready to bind and run again.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        buffer.removeAll()
        pending.removeAll(keepingCapacity: true)
    }

    func bind(_ index: Int32, _ value: Int64) {
        sqlite3_bind_int64(handle, index, value)
    }

    func bind(_ index: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds text (NULL for `nil`); the bytes are copied into the statement's buffer.
    func bind(_ index: Int32, _ text: String?) {
        guard var text else {
            sqlite3_bind_null(handle, index)
            return
        }
        text.withUTF8 { append(index, $0) }
    }

    /// Binds the bytes `write` puts into (at most `maximum` bytes of) the buffer, as text.
    func bindText(_ index: Int32, maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        let offset = buffer.count
        buffer.write(maximum: maximum, write)
        pending.append((index, offset, buffer.count - offset))
    }

    private func append(_ index: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
        pending.append((index, buffer.count, bytes.count))
        buffer.append(bytes)
    }

    /// Binds the text parameters (now that the buffer has stopped moving) and runs one step:
    /// `true` when a row is ready, `false` when done.
    func step() throws(LedgerError) -> Bool {
        if !pending.isEmpty {
            // SQLITE_STATIC: SQLite reads the bytes in place until `reset`, and nothing is appended
            // to the buffer (so nothing moves it) before then.
            buffer.withBytes { bytes in
                let base = UnsafeRawPointer(bytes.baseAddress!)
                for p in pending {
                    sqlite3_bind_text(handle, p.index, (base + p.offset).assumingMemoryBound(to: CChar.self), Int32(p.count), csqlite_static())
                }
            }
            pending.removeAll(keepingCapacity: true)
        }
        let status = sqlite3_step(handle)
        if status == SQLITE_ROW { return true }
        if status == SQLITE_DONE { return false }
        throw connection.error(status, "running a query")
    }

    /// Runs to completion, ignoring rows, then resets.
    func run() throws(LedgerError) {
        defer { reset() }
        while try step() {}
    }

    // MARK: Columns of the current row

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    func optionalString(_ column: Int32) -> String? {
        isNull(column) ? nil : string(column)
    }

    /// The column's bytes, valid until the next step or reset.
    func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let text = sqlite3_column_text(handle, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column)))
    }
}
