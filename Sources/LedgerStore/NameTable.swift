/// The tables that hold each account and category name once; transactions refer to them by id
/// (see LedgerSchema).
enum NameTable: String {
    case accounts, categories

    /// The id of `name`, adding it to the table if it is new. Runs in the caller's transaction, so
    /// a rollback takes a name added for it away again.
    func id(of name: String, in ledger: Ledger) throws(LedgerError) -> Int64 {
        let insert = try ledger.statement("INSERT INTO \(rawValue)(name) VALUES (?1) ON CONFLICT(name) DO NOTHING")
        insert.bind(1, name)
        try insert.run()
        let select = try ledger.statement("SELECT id FROM \(rawValue) WHERE name = ?1")
        defer { select.reset() }
        select.bind(1, name)
        guard try select.step() else { throw .invalid("could not record the name '\(name)' in the ledger") }
        return select.int64(0)
    }

    /// Every name by id.
    func names(in ledger: Ledger) throws(LedgerError) -> [Int64: String] {
        let select = try ledger.statement("SELECT id, name FROM \(rawValue)")
        defer { select.reset() }
        var names: [Int64: String] = [:]
        while try select.step() { names[select.int64(0)] = select.string(1) }
        return names
    }
}

/// The ids of the names one run of writes (an import, an edit) has looked up: each name costs two
/// statements the first time, then a dictionary lookup. Valid for one transaction only: a rollback
/// takes the names it added away.
struct NameIDs {
    private var accounts = Known()
    private var categories = Known()

    /// One table's names so far, and the last one asked for: a statement's rows mostly repeat the
    /// name before (and readers share one String for repeated text, so comparing is cheap).
    private struct Known {
        var ids: [String: Int64] = [:]
        var last: (name: String, id: Int64)?
    }

    mutating func id(of name: String?, in table: NameTable, ledger: Ledger) throws(LedgerError) -> Int64? {
        guard let name else { return nil }
        switch table {
        case .accounts: return try Self.id(of: name, in: table, known: &accounts, ledger: ledger)
        case .categories: return try Self.id(of: name, in: table, known: &categories, ledger: ledger)
        }
    }

    private static func id(of name: String, in table: NameTable, known: inout Known, ledger: Ledger) throws(LedgerError) -> Int64 {
        if let last = known.last, last.name == name { return last.id }
        let id: Int64
        if let found = known.ids[name] {
            id = found
        } else {
            id = try table.id(of: name, in: ledger)
            known.ids[name] = id
        }
        known.last = (name, id)
        return id
    }
}

/// Names by id, to read rows back: accounts, categories and the files of imports, loaded once per
/// query (they are few), so that each row's strings are shared rather than built anew.
struct NameLookup {
    let accounts: [Int64: String]
    let categories: [Int64: String]
    let importFiles: [Int64: String]

    init(_ ledger: Ledger) throws(LedgerError) {
        accounts = try NameTable.accounts.names(in: ledger)
        categories = try NameTable.categories.names(in: ledger)
        let select = try ledger.statement("SELECT id, file FROM imports")
        defer { select.reset() }
        var files: [Int64: String] = [:]
        while try select.step() { files[select.int64(0)] = select.string(1) }
        importFiles = files
    }
}
