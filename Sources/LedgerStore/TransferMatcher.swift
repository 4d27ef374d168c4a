import FinanceCore

/// What pairing found for two candidates: a pair to apply, or a suggestion for the user.
public struct TransferMatch: Sendable, Equatable {
    /// Indexes into the candidates: the money-out side and the money-in side.
    public var out: Int
    public var `in`: Int
    /// Why they look like one transfer (and, for a suggestion, why it is only one).
    public var reasons: [TransferReason]
    public var confidence: TransferConfidence
    /// Applied (both sides become transfers) rather than only suggested.
    public var isMatched: Bool
}

/// Finds money moved between the user's own accounts: a money-out in one account and a money-in of
/// the same magnitude and currency in another, booked within the window of each other, **and**
/// evidence beyond the amount (see `evidence`).
///
/// Conservative on purpose, because a wrong transfer hides real spending from the reports:
/// - a pair is matched only when each side is the *only* candidate of the other (two equal
///   money-ins within the window leave the money-out unmatched); candidates include every side,
///   also those that will not change (a rule's type, an older import), so that they still make a
///   choice ambiguous. Ambiguous candidates are suggested, each pairing once;
/// - a pair whose only evidence is the amount is a suggestion, never applied;
/// - a pair with a side whose type a rule or the user set to something else is a suggestion.
public enum TransferMatcher {
    /// Banks book the two legs of a transfer up to a few working days apart.
    public static let windowDays = 3
    /// The widest distance: four days when a whole weekend lies between (see `withinWindow`).
    public static let widestDays = 4
    /// A side with more candidates than this gets no suggestions: they would be noise.
    static let suggestionLimit = 3

    /// Whether two booking dates are close enough: at most `windowDays` apart, or four when a whole
    /// weekend lies between them (Thursday to Monday, Friday to Tuesday), because banks do not book
    /// on Saturdays and Sundays. A Monday to Friday of four days is not.
    public static func withinWindow(_ a: LocalDate, _ b: LocalDate) -> Bool {
        let first = min(a, b), days = abs(a.daysSinceEpoch - b.daysSinceEpoch)
        if days <= windowDays { return true }
        return days == widestDays && (first.weekday == 4 || first.weekday == 5)
    }

    /// The pairs and suggestions among `candidates`, in the order of their money-out side. Only
    /// pairs with at least one new side are returned; `excluded(out, in)` pairs (rejected by the
    /// user) are not candidates at all.
    public static func match(
        _ candidates: [TransferCandidate],
        excluded: (ActivityID, ActivityID) -> Bool = { _, _ in false }
    ) -> [TransferMatch] {
        // Group by magnitude and currency; Money hashes equal values at any scale alike.
        var buckets: [Money: (outs: [Int], ins: [Int])] = [:]
        for (i, c) in candidates.enumerated() where !c.amount.isZero {
            guard let magnitude = c.amount.magnitude else { continue }
            if c.amount.isNegative { buckets[magnitude, default: ([], [])].outs.append(i) } else { buckets[magnitude, default: ([], [])].ins.append(i) }
        }
        var found: [TransferMatch] = []
        for (_, bucket) in buckets where !bucket.outs.isEmpty && !bucket.ins.isEmpty {
            let day = { (i: Int) in candidates[i].date.daysSinceEpoch }
            let outs = bucket.outs.sorted { day($0) < day($1) }
            let ins = bucket.ins.sorted { day($0) < day($1) }
            func partners(of side: Int, among others: [Int], outSide: Bool) -> [Int] {
                near(side, among: others, candidates: candidates).filter { other in
                    let (o, i) = outSide ? (side, other) : (other, side)
                    return !excluded(candidates[o].id, candidates[i].id)
                }
            }
            var partnersOfIn: [Int: [Int]] = [:]
            for o in outs {
                let options = partners(of: o, among: ins, outSide: true)
                for i in options where candidates[o].isNew || candidates[i].isNew {
                    if partnersOfIn[i] == nil { partnersOfIn[i] = partners(of: i, among: outs, outSide: false) }
                    let unique = options.count == 1 && partnersOfIn[i] == [o]
                    guard unique || (options.count <= suggestionLimit && partnersOfIn[i]!.count <= suggestionLimit) else { continue }
                    found.append(judge(candidates[o], candidates[i], out: o, in: i, unique: unique))
                }
            }
        }
        return found.sorted { ($0.out, $0.in) < ($1.out, $1.in) }
    }

    /// The reasons two sides (the money-out first) are one transfer, the amount's included.
    public static func evidence(out: TransferCandidate, in: TransferCandidate) -> [TransferReason] {
        var reasons: [TransferReason] = []
        switch (out.isTypedTransfer, `in`.isTypedTransfer) {
        case (true, true): reasons.append(.bothTypedTransfer)
        case (true, false): reasons.append(.typedTransfer(.out))
        case (false, true): reasons.append(.typedTransfer(.in))
        case (false, false): break
        }
        for (side, this, other) in [(TransferSide.out, out, `in`), (.in, `in`, out)] {
            let raw = [this.name, this.memo ?? "", this.category ?? ""].joined(separator: " | ")
            if let what = TransferText.naming(other.account, in: TransferText.tokens(raw), raw: raw) {
                reasons.append(.namesAccount(side, what: what))
            }
        }
        for (side, this) in [(TransferSide.out, out), (.in, `in`)] {
            if let word = TransferText.transferWord(in: TransferText.tokens(this.name + " | " + (this.memo ?? ""))) {
                reasons.append(.transferWord(side, word: word))
            }
        }
        reasons.append(.sameAmount(days: abs(out.date.daysSinceEpoch - `in`.date.daysSinceEpoch)))
        return reasons
    }

    /// The match of two sides that are within the window of each other.
    private static func judge(_ o: TransferCandidate, _ i: TransferCandidate, out: Int, in index: Int, unique: Bool) -> TransferMatch {
        var reasons = evidence(out: o, in: i)
        let confidence = TransferConfidence(reasons)
        if !unique { reasons.append(.ambiguous) }
        if o.isBlocked { reasons.append(.typeLocked(.out)) }
        if i.isBlocked { reasons.append(.typeLocked(.in)) }
        let matched = unique && confidence > .low && !o.isBlocked && !i.isBlocked
        return TransferMatch(out: out, in: index, reasons: reasons, confidence: confidence, isMatched: matched)
    }

    /// The sides in `others` (sorted by day) within the window of `side`, on another account.
    private static func near(_ side: Int, among others: [Int], candidates: [TransferCandidate]) -> [Int] {
        let d = candidates[side].date.daysSinceEpoch
        let day = { (i: Int) in candidates[i].date.daysSinceEpoch }
        // The first with a day at or after d - widest.
        var low = 0, high = others.count
        while low < high {
            let mid = (low + high) / 2
            if day(others[mid]) < d - widestDays { low = mid + 1 } else { high = mid }
        }
        var found: [Int] = []
        var k = low
        while k < others.count && day(others[k]) <= d + widestDays {
            let other = candidates[others[k]]
            if other.account != candidates[side].account && withinWindow(other.date, candidates[side].date) {
                found.append(others[k])
                // Past the limit the side is neither unique nor worth suggesting.
                if found.count > suggestionLimit { break }
            }
            k += 1
        }
        return found
    }
}
