import CSQLite
import Glibc

/// A database as bytes: SQLite's serialized form, the pages of the file in order.
extension SQLiteConnection {
    /// The main database's pages; `nil` when SQLite cannot serialize it.
    func image() -> [UInt8]? {
        var size: sqlite3_int64 = 0
        guard let pages = sqlite3_serialize(handle, "main", &size, 0) else { return nil }
        defer { sqlite3_free(pages) }
        return Array(UnsafeRawBufferPointer(start: pages, count: Int(size)))
    }

    /// Replaces the main database (one in memory) by a copy of `image`, which stays resizable.
    func load(_ image: [UInt8]) throws(LedgerError) {
        let size = sqlite3_int64(image.count)
        // SQLite frees the copy on close, or at once when it refuses it.
        guard let copy = sqlite3_malloc64(sqlite3_uint64(image.count)) else { throw error(SQLITE_NOMEM, "copying the empty ledger") }
        image.withUnsafeBytes { UnsafeMutableRawBufferPointer(start: copy, count: image.count).copyMemory(from: $0) }
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
        let status = sqlite3_deserialize(handle, "main", copy.assumingMemoryBound(to: UInt8.self), size, size, flags)
        guard status == SQLITE_OK else { throw error(status, "copying the empty ledger") }
    }
}
