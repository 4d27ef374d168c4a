import FinanceCore

/// Checks each statement's transactions against the balances it states: opening + transactions
/// = closing, and each row's stated balance = the previous balance + its amount. Pure: segments
/// in (see `BalanceCollector`), `StatementReconciliation` values out.
///
/// Rows are taken in the order they happened: a file that runs newest first (its first row is
/// later than its last) is walked from the bottom. After a mismatch the walk goes on from the
/// balance the row states, so one wrong row is one mismatch, not all those after it.
public enum Reconciler {
    /// How many mismatches a statement lists (all are counted).
    public static let listedMismatches = 10

    public static func reconcile(_ collector: BalanceCollector) -> [StatementReconciliation] {
        collector.segments.map { segment in
            var segment = segment
            if segment.statement == nil, let file = segment.rows.first?.source.file { segment.pending = collector.pending(in: file) }
            return reconcile(segment)
        }
    }

    public static func reconcile(_ segment: BalanceCollector.Segment) -> StatementReconciliation {
        let currency = segment.currency ?? segment.statement?.currency
        func inCurrency(_ money: Money) -> Money {
            var money = money
            money.currency = currency
            return money
        }
        var rows = segment.rows.map { row -> BalanceCollector.Row in
            var row = row
            row.amount = inCurrency(row.amount)
            row.balance = row.balance.map(inCurrency)
            return row
        }
        let info = segment.statement
        let opening = info?.openingBalance.map { Balance(amount: inCurrency($0.amount), date: $0.date) }
        let closing = info?.ledgerBalance.map { Balance(amount: inCurrency($0.amount), date: $0.date) }
        let total = rows.reduce(Money.zero(currency)) { $0.plus($1.amount) }
        let rowBalanceCount = rows.reduce(0) { $0 + ($1.balance == nil ? 0 : 1) }
        if let first = rows.first, let last = rows.last, first.date > last.date { rows.reverse() }

        var result = StatementReconciliation(
            account: segment.account, currency: currency,
            source: info?.source ?? segment.rows.first?.source ?? SourceLocation(file: "", line: 0),
            opening: opening, impliedOpening: nil, closing: closing,
            available: info?.availableBalance.map { Balance(amount: inCurrency($0.amount), date: $0.date) },
            transactionCount: rows.count, total: total, rowBalanceCount: rowBalanceCount, outcome: .reconciled,
            mismatches: [], mismatchCount: 0,
            first: rows.map(\.date).min(), last: rows.map(\.date).max())
        var mismatches: [BalanceMismatch] = []
        if rowBalanceCount > 0 {
            var walked = walk(rows, from: opening?.amount, pending: segment.pending)
            if walked.mismatches.count > 0, rows.count > 1, rows.first?.date == rows.last?.date {
                // One day only: the order cannot be told from the dates; take the one that adds up better.
                let reversed = walk(rows.reversed(), from: opening?.amount, pending: segment.pending)
                if reversed.mismatches.count < walked.mismatches.count { walked = reversed }
            }
            mismatches = walked.mismatches
            if opening == nil { result.impliedOpening = walked.implied }
            if let closing, let end = walked.end, closing.amount != end {
                mismatches.append(closingMismatch(rows, expected: end, closing: closing, at: result.source, pending: segment.pending))
            }
        } else if let closing {
            if let opening {
                let expected = opening.amount.plus(total)
                if expected != closing.amount {
                    mismatches.append(closingMismatch(rows, expected: expected, closing: closing, at: result.source, pending: segment.pending))
                }
            } else {
                result.impliedOpening = closing.amount.minus(total)
                result.outcome = .closingOnly
            }
        } else {
            result.outcome = opening == nil ? .noBalances : .closingOnly
        }
        if !mismatches.isEmpty { result.outcome = .mismatch }
        result.mismatchCount = mismatches.count
        result.mismatches = Array(mismatches.prefix(listedMismatches))
        return result
    }

    // MARK: Running balances

    private struct Walk {
        var mismatches: [BalanceMismatch] = []
        var implied: Money?
        var end: Money?
    }

    /// Follows the balance row by row, in the order the rows happened.
    private static func walk(_ rows: [BalanceCollector.Row], from opening: Money?, pending: [SourceLocation]) -> Walk {
        var walk = Walk()
        var balance = opening
        var before = Money.zero(rows.first?.amount.currency)
        var previousDate: LocalDate?
        for (index, row) in rows.enumerated() {
            defer { previousDate = row.date }
            guard let known = balance else {
                before = before.plus(row.amount)
                if let stated = row.balance {
                    balance = stated
                    walk.implied = stated.minus(before)
                }
                continue
            }
            let expected = known.plus(row.amount)
            balance = expected
            guard let stated = row.balance, stated != expected else { continue }
            balance = stated
            let difference = stated.minus(expected)
            walk.mismatches.append(
                BalanceMismatch(
                    kind: .row, location: row.source, date: row.date, expected: expected, found: stated, difference: difference,
                    causes: causes(at: index, in: rows, difference: difference, after: previousDate, pending: pending)))
        }
        walk.end = balance
        return walk
    }

    /// What could explain a row's balance being off by `difference`, most likely first.
    private static func causes(
        at index: Int, in rows: [BalanceCollector.Row], difference: Money, after: LocalDate?,
        pending: [SourceLocation]
    ) -> [LikelyCause] {
        let row = rows[index]
        var causes: [LikelyCause] = []
        if difference == row.amount.negated, let twin = rows.firstIndex(where: { $0 != row && $0.sameTransaction(as: row) }) {
            let (first, second) = twin < index ? (rows[twin], row) : (row, rows[twin])
            causes.append(.duplicate(second.source, of: first.source, amount: row.amount))
        }
        causes += pending.map { LikelyCause.pending($0) }
        let corrected = row.amount.plus(difference)
        if corrected == row.amount.negated { causes.append(.sign(row.source, found: row.amount)) }
        let amount = LikelyCause.amount(row.source, found: row.amount, expected: corrected)
        let missing = LikelyCause.missing(
            amount: difference, after: after, before: row.date,
            days: after.map { row.date.daysSinceEpoch - $0.daysSinceEpoch })
        if causes.isEmpty || !causes.contains(where: { if case .duplicate = $0 { true } else { false } }) {
            if Self.looksMistyped(row.amount, corrected) { causes += [amount, missing] } else { causes += [missing, amount] }
        }
        return causes
    }

    // MARK: Closing balance

    private static func closingMismatch(
        _ rows: [BalanceCollector.Row], expected: Money, closing: Balance, at source: SourceLocation,
        pending: [SourceLocation]
    ) -> BalanceMismatch {
        let difference = closing.amount.minus(expected)
        var causes: [LikelyCause] = []
        var seen: [BalanceCollector.Row: SourceLocation] = [:]
        for row in rows {
            var key = row
            key.source = SourceLocation(file: "", line: 0)
            key.balance = nil
            if let first = seen[key], row.amount.negated == difference {
                causes.append(.duplicate(row.source, of: first, amount: row.amount))
            } else if seen[key] == nil {
                seen[key] = row.source
            }
            if row.amount.plus(row.amount).negated == difference, !difference.isZero { causes.append(.sign(row.source, found: row.amount)) }
        }
        causes += pending.map { LikelyCause.pending($0) }
        if causes.isEmpty { causes.append(.missing(amount: difference, after: nil, before: closing.date, days: nil)) }
        return BalanceMismatch(
            kind: .closing, location: source, date: closing.date, expected: expected, found: closing.amount,
            difference: difference, causes: causes)
    }

    /// Whether `found` reads like a slip of the keyboard for `expected`: a digit shifted (×10,
    /// ÷10) or two digits swapped. (One digit changed is not enough: small amounts all look alike.)
    static func looksMistyped(_ found: Money, _ expected: Money) -> Bool {
        let scale = max(found.scale, expected.scale)
        guard let a = found.rescaled(to: scale)?.units.magnitude, let b = expected.rescaled(to: scale)?.units.magnitude, a != b else { return false }
        if a == b * 10 || b == a * 10 { return true }
        let x = Array(String(a)), y = Array(String(b))
        guard x.count == y.count else { return false }
        let differing = zip(x, y).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        return differing.count == 2 && x[differing[0]] == y[differing[1]] && x[differing[1]] == y[differing[0]]
    }
}

extension BalanceCollector.Row {
    /// The same date, amount and name: a row that is probably there twice.
    func sameTransaction(as other: BalanceCollector.Row) -> Bool {
        date == other.date && amount == other.amount && name == other.name
    }
}

extension Money {
    /// The sum in this amount's currency (the reconciler has put every amount in one), saturating
    /// rather than failing: balances do not come near `Int64`'s range.
    func plus(_ other: Money) -> Money {
        var other = other
        other.currency = currency
        return adding(other) ?? self
    }

    func minus(_ other: Money) -> Money {
        plus(other.negated ?? other)
    }
}
