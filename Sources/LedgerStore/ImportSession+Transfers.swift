import FinanceCore

/// The commit's transfer step: the import's new rows and the ledger's older ones near them in
/// date, through `TransferMatcher`, into `transfer_pairs`.
extension ImportSession {
    /// Pairs the new sides with each other and with the ledger's older rows of the same dates
    /// (give or take the window); applies the matched pairs and records the suggestions.
    ///
    /// Sides already in a matched or accepted pair are not candidates again, and a pair the user
    /// rejected is never found again.
    /// - Returns: the number of pairs applied and of suggestions recorded.
    func matchTransfers() throws(LedgerError) -> (pairs: Int, suggestions: Int) {
        guard !sides.isEmpty else { return (0, 0) }
        let new = sides
        sides = NewSides()
        // A transfer has sides in two accounts: a statement of one account alone has none to match
        // (when the ledger had none before).
        if ledgerWasEmpty, let first = new.first?.account, !new.contains(where: { $0.account != first }) { return (0, 0) }
        // The new sides' amounts in order, so that membership is a binary search.
        var order = new.indices.compactMap { new[$0].key == nil ? nil : Int32($0) }
        order.sort { new[Int($0)].key! < new[Int($1)].key! }
        let older = ledgerWasEmpty ? [] : try olderSides(near: new, order: order)
        var candidates = try Self.opposed(new, order: order, older: older, accounts: NameTable.accounts.names(in: ledger))
        // A transfer has sides in two accounts.
        guard let first = candidates.first?.account, candidates.contains(where: { $0.account != first }) else { return (0, 0) }
        try readTexts(of: &candidates)
        var taken = Set<UInt64>(), rejected = Set<[UInt64]>()
        if !ledgerWasEmpty {
            for row in try ledger.pairRows() {
                let key = [UInt64(bitPattern: row.out), UInt64(bitPattern: row.in)]
                if row.status.isApplied { taken.formUnion(key) } else if row.status == .rejected { rejected.insert(key) }
            }
            candidates.removeAll { taken.contains($0.id.value) }
        }
        var pairs = 0, suggestions = 0
        for match in TransferMatcher.match(candidates, excluded: { rejected.contains([$0.value, $1.value]) }) {
            let out = candidates[match.out], into = candidates[match.in]
            if match.isMatched {
                try ledger.store(
                    out: out.id, in: into.id, status: .matched, reasons: match.reasons, typesBefore: (out.type, into.type),
                    importID: importID, decidedAt: nil, replacing: false)
                for side in [out, into] where side.type != .transfer { try ledger.setType(.transfer, of: side.id, force: false) }
                try ledger.dropOtherSuggestions(out.id, into.id)
                pairs += 1
            } else {
                try ledger.store(
                    out: out.id, in: into.id, status: .suggested, reasons: match.reasons, typesBefore: nil,
                    importID: importID, decidedAt: nil, replacing: false)
                suggestions += 1
            }
        }
        return (pairs, suggestions)
    }

    /// The candidates whose magnitude and currency occur both as a money-out and as a money-in,
    /// among the new sides and the older ones: only they can be a side of a pair. The new ones
    /// come first, in input order, then the older ones, in their order.
    ///
    /// - Parameters:
    ///   - order: the indices of the new sides with an amount, by amount key.
    ///   - accounts: the ledger's account names by id.
    static func opposed(
        _ new: NewSides, order: [Int32], older: [TransferCandidate], accounts: [Int64: String]
    ) -> [TransferCandidate] {
        // Older sides are few: their signs by key, and the new sides' signs for those keys.
        var olderSigns: [AmountKey: UInt8] = [:]
        for c in older {
            guard let key = AmountKey(c.amount) else { continue }
            olderSigns[key, default: 0] |= c.amount.isNegative ? 1 : 2
        }
        var newSigns: [AmountKey: UInt8] = [:]
        var opposedNew: [Int] = []
        var start = 0
        while start < order.count {
            let key = new[Int(order[start])].key!
            var end = start + 1
            while end < order.count && new[Int(order[end])].key! == key { end += 1 }
            var signs: UInt8 = 0
            for k in start..<end { signs |= new[Int(order[k])].isNegative ? 1 : 2 }
            if let before = olderSigns[key] {
                newSigns[key] = signs
                signs |= before
            }
            if signs == 3 { opposedNew += order[start..<end].map { Int($0) } }
            start = end
        }
        opposedNew.sort()
        var candidates: [TransferCandidate] = opposedNew.compactMap { i in
            let side = new[i]
            guard let account = accounts[side.account] else { return nil }
            return TransferCandidate(
                id: ActivityID(value: side.id), account: account, date: side.date, amount: side.amount, type: side.type,
                typeLocked: side.typeLocked, isNew: true)
        }
        for c in older {
            guard let key = AmountKey(c.amount), (olderSigns[key] ?? 0) | (newSigns[key] ?? 0) == 3 else { continue }
            candidates.append(c)
        }
        return candidates
    }

    /// The name, memo and category of the import's own candidates, read back from the ledger
    /// (`add` keeps none of them).
    private func readTexts(of candidates: inout [TransferCandidate]) throws(LedgerError) {
        let query = try ledger.statement("SELECT name, memo, category_id, raw_name FROM transactions WHERE id = ?1")
        let categories = try NameTable.categories.names(in: ledger)
        for i in candidates.indices where candidates[i].isNew {
            query.bind(1, Int64(bitPattern: candidates[i].id.value))
            defer { query.reset() }
            guard try query.step() else { continue }
            candidates[i].name = TransferCandidate.matchingName(query.string(0), raw: query.optionalString(3))
            candidates[i].memo = query.optionalString(1)
            candidates[i].category = query.isNull(2) ? nil : categories[query.int64(2)]
        }
    }

    /// The older rows that could be the other side of a new one: in the new rows' dates, widened by
    /// the window, with an account and an amount one of the new rows has.
    ///
    /// - Parameter order: the new sides with an amount, by amount key.
    private func olderSides(near new: NewSides, order: [Int32]) throws(LedgerError) -> [TransferCandidate] {
        guard let firstDay = new.map(\.day).min(), let lastDay = new.map(\.day).max() else { return [] }
        let first = LocalDate(daysSinceEpoch: Int(firstDay)), last = LocalDate(daysSinceEpoch: Int(lastDay))
        let query = try ledger.statement(
            """
            SELECT id, account_id, day, amount_units, amount_scale, currency, type, type_locked, name, memo, category_id,
                raw_name
            FROM transactions
            WHERE day BETWEEN ?1 AND ?2 AND deleted = 0 AND account_id IS NOT NULL AND import_id IS NOT ?3
            """)
        defer { query.reset() }
        query.bind(1, Int64(first.adding(days: -TransferMatcher.widestDays).daysSinceEpoch))
        query.bind(2, Int64(last.adding(days: TransferMatcher.widestDays).daysSinceEpoch))
        query.bind(3, importID)
        let accounts = try NameTable.accounts.names(in: ledger)
        let categories = try NameTable.categories.names(in: ledger)
        var older: [TransferCandidate] = []
        while try query.step() {
            let code = query.bytes(5)
            let currency = code.count == 3 ? CurrencyCode(bytes: code[0], code[1], code[2]) : nil
            let scale = UInt8(clamping: max(0, min(Int64(Money.maximumScale), query.int64(4))))
            let amount = Money(units: query.int64(3), scale: scale, currency: currency)
            guard let key = AmountKey(amount), Self.contains(key, in: new, order: order), let account = accounts[query.int64(1)] else { continue }
            older.append(
                TransferCandidate(
                    id: ActivityID(value: UInt64(bitPattern: query.int64(0))), account: account,
                    date: ActivityColumns.date(query.int64(2)), amount: amount,
                    type: ActivityColumns.type(query.int64(6)), typeLocked: query.int64(7) != 0, isNew: false,
                    name: TransferCandidate.matchingName(query.string(8), raw: query.optionalString(11)), memo: query.optionalString(9),
                    category: query.isNull(10) ? nil : categories[query.int64(10)]))
        }
        return older
    }

    /// Whether a new side has the amount `key` (`order`: the sides with an amount, by key).
    static func contains(_ key: AmountKey, in new: NewSides, order: [Int32]) -> Bool {
        var low = 0, high = order.count
        while low < high {
            let mid = (low + high) / 2
            if new[Int(order[mid])].key! < key { low = mid + 1 } else { high = mid }
        }
        return low < order.count && new[Int(order[low])].key! == key
    }
}
