import FinanceCore

/// The stored transfer pairs (table `transfer_pairs`): listing them and the user's decisions.
extension Ledger {
    /// The pairs with one of `statuses` whose two sides are both in the ledger (not deleted):
    /// matched and accepted ones first, then the others, each by the money-out side's date.
    public func transferPairs(_ statuses: Set<TransferPair.Status> = [.matched, .accepted, .suggested]) throws(LedgerError) -> [TransferPair] {
        var pairs: [TransferPair] = []
        for row in try pairRows() where statuses.contains(row.status) {
            guard let out = try entry(ActivityID(value: UInt64(bitPattern: row.out))), !out.deleted,
                let into = try entry(ActivityID(value: UInt64(bitPattern: row.in))), !into.deleted
            else { continue }
            pairs.append(
                TransferPair(
                    out: out.entry, in: into.entry, status: row.status, reasons: row.reasons,
                    confidence: row.confidence, decidedAt: row.decidedAt))
        }
        func key(_ p: TransferPair) -> (Int, LocalDate, UInt64, UInt64) {
            (p.status.isApplied ? 0 : 1, p.out.activity.date, p.out.activity.id.value, p.in.activity.id.value)
        }
        return pairs.sorted { key($0) < key($1) }
    }

    /// Makes two transactions one transfer: a suggestion, or any money-out and money-in on two
    /// different accounts. Both sides become transfers, whatever set their type before.
    ///
    /// - Throws: `LedgerError.notFound` for an id not in the ledger; `.invalid` when the two are
    ///   not a money-out and a money-in on two accounts, or a side is paired with another already.
    @discardableResult
    public func acceptTransfer(_ a: ActivityID, _ b: ActivityID) throws(LedgerError) -> TransferPair {
        guard !importInProgress else { throw .invalid("an import into '\(path)' is in progress") }
        let (out, into) = try sides(a, b)
        guard let outAccount = out.activity.account, let inAccount = into.activity.account, outAccount != inAccount else {
            throw .invalid("\(out.activity.id) and \(into.activity.id) are on the same account (or one has none); a transfer moves money between two accounts")
        }
        let rows = try pairRows()
        for (side, other) in [(out.activity.id, into.activity.id), (into.activity.id, out.activity.id)] {
            let mine = Int64(bitPattern: side.value), partner = Int64(bitPattern: other.value)
            if let taken = rows.first(where: { $0.status.isApplied && ($0.out == mine || $0.in == mine) && $0.out != partner && $0.in != partner }) {
                let elsewhere = taken.out == mine ? taken.in : taken.out
                throw .invalid(
                    "\(side) is already paired with \(ActivityID(value: UInt64(bitPattern: elsewhere))); reject that pair first ('pfin transfers --reject')")
            }
        }
        let existing = rows.first { $0.out == Int64(bitPattern: out.activity.id.value) && $0.in == Int64(bitPattern: into.activity.id.value) }
        return try inTransaction("accepting a transfer pair") { () throws(LedgerError) -> TransferPair in
            let now = Timestamp.now()
            var reasons = existing?.reasons ?? TransferMatcher.evidence(out: candidate(out), in: candidate(into))
            reasons.removeAll { $0 == .ambiguous || $0 == .typeLocked(.out) || $0 == .typeLocked(.in) }
            if !reasons.contains(.acceptedByUser) { reasons.insert(.acceptedByUser, at: 0) }
            if existing?.status.isApplied == true {
                try setStatus(of: out.activity.id, into.activity.id, .accepted, reasons: reasons, decidedAt: now)
            } else {
                try store(
                    out: out.activity.id, in: into.activity.id, status: .accepted, reasons: reasons,
                    typesBefore: (out.activity.type, into.activity.type), importID: nil, decidedAt: now, replacing: true)
                try setType(.transfer, of: out.activity.id, force: true)
                try setType(.transfer, of: into.activity.id, force: true)
            }
            try dropOtherSuggestions(out.activity.id, into.activity.id)
            var pair = TransferPair(
                out: out, in: into, status: .accepted, reasons: reasons, confidence: TransferConfidence(reasons),
                decidedAt: now)
            pair.out.activity.type = .transfer
            pair.in.activity.type = .transfer
            return pair
        }
    }

    /// Un-pairs a matched or accepted pair (both sides get back the type they had before it was
    /// applied: the sign's, the file's or a rule's) or dismisses a suggestion. Either way the
    /// pair is never found again.
    ///
    /// - Throws: `LedgerError.notFound` for an id not in the ledger; `.invalid` when the two are
    ///   not a pair or suggestion.
    @discardableResult
    public func rejectTransfer(_ a: ActivityID, _ b: ActivityID) throws(LedgerError) -> TransferPair {
        guard !importInProgress else { throw .invalid("an import into '\(path)' is in progress") }
        let (out, into) = try sides(a, b)
        let key = (Int64(bitPattern: out.activity.id.value), Int64(bitPattern: into.activity.id.value))
        guard let row = try pairRows().first(where: { $0.out == key.0 && $0.in == key.1 }) else {
            throw .invalid("\(out.activity.id) and \(into.activity.id) are not a transfer pair or a suggestion; 'pfin transfers' lists them")
        }
        var pair = TransferPair(
            out: out, in: into, status: .rejected, reasons: row.reasons, confidence: row.confidence,
            decidedAt: row.decidedAt)
        guard row.status != .rejected else { return pair }
        return try inTransaction("rejecting a transfer pair") { () throws(LedgerError) -> TransferPair in
            let now = Timestamp.now()
            if row.status.isApplied {
                let before = [(out, row.outTypeBefore), (into, row.inTypeBefore)]
                for (side, type) in before {
                    let restored = type ?? PaymentType(sign: side.activity.amount)
                    try setType(restored, of: side.activity.id, force: true)
                }
                pair.out.activity.type = before[0].1 ?? PaymentType(sign: out.activity.amount)
                pair.in.activity.type = before[1].1 ?? PaymentType(sign: into.activity.amount)
            }
            try setStatus(of: out.activity.id, into.activity.id, .rejected, reasons: row.reasons, decidedAt: now)
            pair.decidedAt = now
            return pair
        }
    }

    /// The two entries as (money-out, money-in).
    private func sides(_ a: ActivityID, _ b: ActivityID) throws(LedgerError) -> (LedgerEntry, LedgerEntry) {
        guard a != b else { throw .invalid("a transfer pair needs two different transactions; \(a) was given twice") }
        guard let first = try entry(a), !first.deleted else { throw .notFound(a) }
        guard let second = try entry(b), !second.deleted else { throw .notFound(b) }
        let x = first.entry, y = second.entry
        switch (x.activity.amount.isNegative, y.activity.amount.isNegative) {
        case (true, false) where !y.activity.amount.isZero: return (x, y)
        case (false, true) where !x.activity.amount.isZero: return (y, x)
        default:
            throw .invalid("\(a) and \(b) are not a money-out and a money-in; a transfer pair needs one of each")
        }
    }

    private func candidate(_ e: LedgerEntry) -> TransferCandidate {
        let a = e.activity
        return TransferCandidate(
            id: a.id, account: a.account ?? "", date: a.date, amount: a.amount, type: a.type,
            typeLocked: e.typeLocked, isNew: false, name: TransferCandidate.matchingName(a.name, raw: a.rawName), memo: a.memo, category: a.category)
    }
}
