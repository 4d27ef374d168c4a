import FinanceCore

/// One side of a possible transfer between two of the user's own accounts.
public struct TransferCandidate: Sendable, Equatable {
    /// The transaction's id.
    public var id: ActivityID
    public var account: String
    public var date: LocalDate
    /// Signed: the money-out side is negative, the money-in side positive.
    public var amount: Money
    public var type: PaymentType
    /// A rule or the user set the type: it is never changed.
    public var typeLocked: Bool
    /// Part of the import being matched (only pairs with a new side are considered).
    public var isNew: Bool

    public init(id: ActivityID, account: String, date: LocalDate, amount: Money, type: PaymentType, typeLocked: Bool,
                isNew: Bool)
    {
        self.id = id
        self.account = account
        self.date = date
        self.amount = amount
        self.type = type
        self.typeLocked = typeLocked
        self.isNew = isNew
    }
}

/// Finds money moved between the user's own accounts: a money-out in one account and a money-in of
/// the same magnitude and currency in another, booked within `windowDays` of each other.
///
/// Conservative on purpose, because a wrong transfer hides real spending from the reports: a pair
/// is matched only when each side is the *only* candidate of the other (two equal money-ins within
/// the window leave the money-out unmatched). Candidates include every side, also those that will
/// not change (a rule's type, an older import), so that they still make a choice ambiguous.
/// A pair is left alone when a side's type was set to something other than `transfer` by a rule or
/// the user; otherwise its sides that are not transfers yet become transfers.
public enum TransferMatcher {
    /// Banks book the two legs of a transfer up to a few working days apart.
    public static let windowDays = 3

    /// The sides to turn into transfers: pairs `(out, in)` of indexes into `candidates`, in the
    /// order of their money-out side. Only pairs with at least one new side and at least one side to
    /// change are returned.
    public static func match(_ candidates: [TransferCandidate]) -> [(out: Int, in: Int)] {
        // Group by magnitude and currency; Money hashes equal values at any scale alike.
        var buckets: [Money: (outs: [Int], ins: [Int])] = [:]
        var accounts: [String: Int] = [:]
        var accountOf = [Int](repeating: 0, count: candidates.count)
        for (i, c) in candidates.enumerated() where !c.amount.isZero {
            guard let magnitude = c.amount.magnitude else { continue }
            accountOf[i] = accounts[c.account, default: accounts.count]
            accounts[c.account] = accountOf[i]
            if c.amount.isNegative { buckets[magnitude, default: ([], [])].outs.append(i) } else { buckets[magnitude, default: ([], [])].ins.append(i) }
        }
        var pairs: [(out: Int, in: Int)] = []
        for (_, bucket) in buckets where !bucket.outs.isEmpty && !bucket.ins.isEmpty {
            let day = { (i: Int) in candidates[i].date.daysSinceEpoch }
            let outs = bucket.outs.sorted { day($0) < day($1) }
            let ins = bucket.ins.sorted { day($0) < day($1) }
            let inOnlyCandidate = Dictionary(uniqueKeysWithValues: ins.map { ($0, onlyCandidate(of: $0, among: outs, day: day, accountOf: accountOf)) })
            for o in outs {
                guard let i = onlyCandidate(of: o, among: ins, day: day, accountOf: accountOf), inOnlyCandidate[i] == o,
                    candidates[o].isNew || candidates[i].isNew, changes(candidates[o], candidates[i])
                else { continue }
                pairs.append((o, i))
            }
        }
        return pairs.sorted { $0.out < $1.out }
    }

    /// The one side in `others` (sorted by day) within the window of `side` on another account, if
    /// there is exactly one.
    private static func onlyCandidate(of side: Int, among others: [Int], day: (Int) -> Int, accountOf: [Int]) -> Int? {
        let d = day(side)
        // The first with a day at or after d - window.
        var low = 0, high = others.count
        while low < high {
            let mid = (low + high) / 2
            if day(others[mid]) < d - windowDays { low = mid + 1 } else { high = mid }
        }
        var found: Int?
        var k = low
        while k < others.count && day(others[k]) <= d + windowDays {
            if accountOf[others[k]] != accountOf[side] {
                if found != nil { return nil }
                found = others[k]
            }
            k += 1
        }
        return found
    }

    /// Whether matching the pair changes anything, and is allowed to.
    private static func changes(_ a: TransferCandidate, _ b: TransferCandidate) -> Bool {
        let blocked = { (c: TransferCandidate) in c.typeLocked && c.type != .transfer }
        guard !blocked(a), !blocked(b) else { return false }
        return a.type != .transfer || b.type != .transfer
    }
}
