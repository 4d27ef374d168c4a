import FinanceCore

extension Ledger {
    /// The fewest hex digits an id is shown with (`pfin list`): 8 digits are 32 bits, so that a
    /// ledger of tens of thousands of transactions rarely needs more, and what `pfin list` showed
    /// before ids grew with the ledger.
    public static let minimumIDPrefix = 8

    /// How many leading hex digits tell each of `ids` apart from every other id in the ledger (deleted
    /// ones too, so that a prefix shown today keeps naming one transaction for `restore`): the most
    /// any of them needs, at least `minimum`, so that a list shows its ids at one width, as git
    /// abbreviates hashes. A prefix of that length finds its transaction with `activity(idPrefix:)`.
    ///
    /// The ledger's ids are read once, sorted; an id's nearest neighbours in that order share the
    /// longest prefix with it.
    public func uniquePrefixLength(of ids: some Sequence<ActivityID>, minimum: Int = Ledger.minimumIDPrefix) throws(LedgerError) -> Int {
        let statement = try statement("SELECT id FROM transactions")
        defer { statement.reset() }
        var all: [UInt64] = []
        while try statement.step() { all.append(UInt64(bitPattern: statement.int64(0))) }
        all.sort()
        var length = max(1, min(16, minimum))
        for id in ids {
            // The first index whose id is not below this one.
            var low = 0, high = all.count
            while low < high {
                let middle = (low + high) / 2
                if all[middle] < id.value { low = middle + 1 } else { high = middle }
            }
            var shared = 0
            for neighbour in [low - 1, low, low + 1] where neighbour >= 0 && neighbour < all.count && all[neighbour] != id.value {
                shared = max(shared, (all[neighbour] ^ id.value).leadingZeroBitCount / 4)
            }
            length = max(length, min(16, shared + 1))
        }
        return length
    }
}
