extension Ledger {
    /// Every account name the ledger has recorded, sorted (for completions and pickers).
    public func accountNames() throws(LedgerError) -> [String] {
        try NameTable.accounts.names(in: self).values.sorted()
    }

    /// Every category the ledger has recorded, sorted.
    public func categoryNames() throws(LedgerError) -> [String] {
        try NameTable.categories.names(in: self).values.sorted()
    }
}
