import FinanceCore

/// The accounts a journal writer has used: each spelled once, with the day of its first use.
///
/// Spelling a name walks its Unicode scalars; doing that for two postings of every row cost more
/// than writing the row. Names are spelled once per distinct account or (category, type) and
/// looked up after that; the table grows with the number of accounts, not of transactions.
/// Beancount's `open` directives come from `entries` at the end.
final class JournalAccountTable {
    struct Entry {
        /// The account name as written, UTF-8.
        var name: [UInt8]
        /// Its width in columns, for aligning amounts (one a scalar: close enough for alignment).
        var width: Int
        /// The earliest transaction date that posts to it.
        var firstUse: LocalDate
    }

    private struct CounterpartKey: Hashable {
        var category: String?
        var type: PaymentType
    }

    private(set) var entries: [Entry] = []
    private var byName: [[UInt8]: Int] = [:]
    private var banks: [String?: Int] = [:]
    private var counterparts: [CounterpartKey: Int] = [:]
    /// Statements hold one account: the last one asked for is nearly always the next.
    private var lastBank: (account: String?, index: Int)?
    private let spelling: (Substring) -> String

    init(spelling: @escaping (Substring) -> String) {
        self.spelling = spelling
    }

    /// The index of the bank side's entry for `account`, noting its use on `date`.
    func bank(_ account: String?, on date: LocalDate) -> Int {
        let index: Int
        if let last = lastBank, last.account == account {
            index = last.index
        } else if let known = banks[account] {
            index = known
        } else {
            index = entry(JournalAccounts.bank(account, spelling: spelling), date: date)
            banks[account] = index
        }
        lastBank = (account, index)
        use(index, on: date)
        return index
    }

    /// The index of the other side's entry, noting its use on `date`.
    func counterpart(category: String?, type: PaymentType, on date: LocalDate) -> Int {
        let key = CounterpartKey(category: category, type: type)
        let index: Int
        if let known = counterparts[key] {
            index = known
        } else {
            index = entry(JournalAccounts.counterpart(category: category, type: type, spelling: spelling), date: date)
            counterparts[key] = index
        }
        use(index, on: date)
        return index
    }

    @inline(__always)
    private func use(_ index: Int, on date: LocalDate) {
        if date < entries[index].firstUse { entries[index].firstUse = date }
    }

    /// The entry for a spelled name: two source spellings may meet in one account.
    private func entry(_ name: String, date: LocalDate) -> Int {
        let bytes = Array(name.utf8)
        if let index = byName[bytes] { return index }
        entries.append(Entry(name: bytes, width: name.unicodeScalars.count, firstUse: date))
        byName[bytes] = entries.count - 1
        return entries.count - 1
    }
}
