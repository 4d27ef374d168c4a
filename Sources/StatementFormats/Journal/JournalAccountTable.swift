import FinanceCore

/// The accounts a journal writer has used: each spelled once, with the day of its first use.
///
/// Spelling a name walks its Unicode scalars; doing that for two postings of every row cost more
/// than writing the row. Names are spelled once per distinct account or (category, type) and
/// looked up after that; the table grows with the number of accounts, not of transactions.
/// Beancount's `open` directives come from `entries` at the end.
///
/// The names live in one byte buffer and entries are plain numbers, so using an account costs no
/// reference counting; categories are found by an FNV-1a hash of their bytes in a small
/// open-addressing table (Swift's `Hasher` over the string was a tenth of the writers' time).
final class JournalAccountTable {
    struct Entry {
        /// Where the name's UTF-8 bytes are in `names`.
        var offset: Int
        var count: Int
        /// Its width in columns, for aligning amounts (one a scalar: close enough for alignment).
        var width: Int
        /// The earliest transaction date that posts to it.
        var firstUse: LocalDate
    }

    private struct CounterpartKey: Equatable {
        var category: String?
        var type: PaymentType
        var entry: Int
    }

    @exclusivity(unchecked) private(set) var entries: [Entry] = []
    private let names = ByteBuffer(capacity: 4096)
    @exclusivity(unchecked) private var byName: [String: Int] = [:]
    @exclusivity(unchecked) private var banks: [String?: Int] = [:]
    /// Statements hold one account: the last one asked for is nearly always the next.
    @exclusivity(unchecked) private var lastBank: (account: String?, index: Int)?
    @exclusivity(unchecked) private var counterparts: [CounterpartKey] = []
    /// Open addressing on the hash: each slot holds an index into `counterparts` plus one (0: empty).
    @exclusivity(unchecked) private var slots = [Int32](repeating: 0, count: 64)
    @exclusivity(unchecked) private var slotHashes = [UInt64](repeating: 0, count: 64)
    private let spelling: (Substring) -> String
    /// Accounts that statements named (`know`), for transfers between two of them.
    @exclusivity(unchecked) private var known: Set<String> = []
    /// Accounts that statements said are credit cards or lines of credit (`""` for a file's unnamed account).
    @exclusivity(unchecked) private var cards: Set<String> = []
    /// Clearing accounts of transfers between two known accounts, by `A\0B` in order.
    @exclusivity(unchecked) private var pairs: [String: Int] = [:]

    init(spelling: @escaping (Substring) -> String) {
        self.spelling = spelling
    }

    /// The name of an entry, for the length of `body`.
    @inline(__always)
    func withName<R>(_ entry: Entry, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        // Entries are made by `entry(_:date:)` from what it appended, so the range is inside.
        try names.withBytes { all in try body(UnsafeBufferPointer(start: all.baseAddress! + entry.offset, count: entry.count)) }
    }

    /// Writes `a`'s two postings at `out`, the bank's and the balancing one (which carries the
    /// original amount at its cost for a payment in another currency); returns their length.
    @inline(__always)
    func putPostings(_ a: PaymentActivity, bank: Entry, other: Entry, indent: Int, at out: UnsafeMutablePointer<UInt8>) -> Int {
        var p = JSONCursor(out)
        withName(bank) { p.advance(JournalPosting.put(indent: indent, account: $0, width: bank.width, amount: a.amount, negated: false, at: p.at)) }
        let foreign = JournalPosting.foreign(a)
        withName(other) {
            p.advance(
                JournalPosting.put(
                    indent: indent, account: $0, width: other.width, amount: foreign?.amount ?? a.amount, negated: true, cost: foreign?.cost,
                    at: p.at))
        }
        return p.at - out
    }

    /// The name of an entry as a string.
    func name(_ entry: Entry) -> String {
        withName(entry) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `a`'s name sorts before `b`'s, byte by byte.
    func nameOrder(_ a: Entry, _ b: Entry) -> Bool {
        withName(a) { first in withName(b) { first.lexicographicallyPrecedes($0) } }
    }

    /// The index of the bank side's entry for `account`, noting its use on `date`.
    func bank(_ account: String?, on date: LocalDate) -> Int {
        let index: Int
        if let last = lastBank, last.account == account {
            index = last.index
        } else if let known = banks[account] {
            index = known
        } else {
            index = entry(JournalAccounts.bank(account, card: cards.contains(account ?? ""), spelling: spelling), date: date)
            banks[account] = index
        }
        lastBank = (account, index)
        use(index, on: date)
        return index
    }

    /// Notes an account a statement named: a transfer to it from another account posts to the
    /// pair's clearing account (`JournalAccounts.pair`).
    func know(_ account: String) {
        known.insert(account)
    }

    /// Notes a statement's account and its kind: a card's or credit line's bank side is a liability
    /// (`JournalAccounts.bank`), once the statement said so before the account's first use.
    func know(_ account: Account) {
        known.insert(account.id)
        if account.kind?.isLiability == true { cards.insert(account.id) }
    }

    /// The index of `Equity:Opening Balances`, noting its use on `date`.
    func openingBalances(on date: LocalDate) -> Int {
        let index = entry(JournalAccounts.openingBalances(spelling: spelling), date: date)
        use(index, on: date)
        return index
    }

    /// The index of the other side's entry for an activity on `account`, noting its use on `date`.
    func counterpart(category: String?, type: PaymentType, account: String?, on date: LocalDate) -> Int {
        if !known.isEmpty, let account, let target = JournalAccounts.transferTarget(category),
            AccountingModel.side(type: type, category: category) == .transfer,
            target != account, known.contains(target)
        {
            return pair(account, target, on: date)
        }
        let hash = Self.hash(category, type)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            if slotHashes[slot] == hash {
                let known = counterparts[Int(slots[slot]) - 1]
                if known.type == type && known.category == category {
                    use(known.entry, on: date)
                    return known.entry
                }
            }
            slot = (slot + 1) & mask
        }
        let index = entry(JournalAccounts.counterpart(category: category, type: type, spelling: spelling), date: date)
        counterparts.append(CounterpartKey(category: category, type: type, entry: index))
        slots[slot] = Int32(counterparts.count)
        slotHashes[slot] = hash
        if 2 * counterparts.count > slots.count { rehash() }
        use(index, on: date)
        return index
    }

    private func pair(_ account: String, _ target: String, on date: LocalDate) -> Int {
        let key = account < target ? account + "\u{0}" + target : target + "\u{0}" + account
        let index: Int
        if let known = pairs[key] {
            index = known
        } else {
            index = entry(JournalAccounts.pair(account, target, spelling: spelling), date: date)
            pairs[key] = index
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
        if let index = byName[name] { return index }
        let bytes = Array(name.utf8)
        let offset = names.count
        bytes.withUnsafeBufferPointer { names.append($0) }
        entries.append(Entry(offset: offset, count: bytes.count, width: name.unicodeScalars.count, firstUse: date))
        byName[name] = entries.count - 1
        return entries.count - 1
    }

    private func rehash() {
        let capacity = slots.count * 2
        slots = [Int32](repeating: 0, count: capacity)
        slotHashes = [UInt64](repeating: 0, count: capacity)
        for (i, key) in counterparts.enumerated() {
            let hash = Self.hash(key.category, key.type)
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(i + 1)
            slotHashes[slot] = hash
        }
    }

    /// FNV-1a over the category's UTF-8 bytes and the type; `nil` hashes apart from `""`.
    private static func hash(_ category: String?, _ type: PaymentType) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x100_0000_01b3
        switch type {
        case .income: h = (h ^ 1) &* prime
        case .expense: h = (h ^ 2) &* prime
        case .transfer: h = (h ^ 3) &* prime
        }
        guard let category else { return h }
        h = (h ^ 4) &* prime
        category.withUTF8Bytes { bytes in
            for b in bytes { h = (h ^ UInt64(b)) &* prime }
        }
        return h ^ (h >> 29)
    }
}
