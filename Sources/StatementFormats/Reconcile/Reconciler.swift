import FinanceCore

/// Checks each statement's transactions against the balances it states: opening + transactions
/// = closing, and each row's stated balance = the previous balance + its amount. Pure: segments
/// in (see `BalanceCollector`), `StatementReconciliation` values out.
///
/// Rows are taken in the order they happened: a file that runs newest first (its first row is
/// later than its last) is walked from the bottom. After a mismatch the walk goes on from the
/// balance the row states, so one wrong row is one mismatch, not all those after it.
///
/// Balances are walked in exact sums (`ExactSum`, 128 bits), never in `Money`, so a balance near
/// the limit of 64-bit amounts cannot stop growing and pass for the one a file states; amounts are
/// shown at the most decimals of the statement's balances and rows.
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
        let exact = Exact(rows: rows, balances: [opening, closing].compactMap { $0?.amount }, currency: currency)
        let total = exact.sum(rows.map(\.amount))
        let rowBalanceCount = rows.reduce(0) { $0 + ($1.balance == nil ? 0 : 1) }
        if let first = rows.first, let last = rows.last, first.date > last.date { rows.reverse() }

        var result = StatementReconciliation(
            account: segment.account, currency: currency,
            source: info?.source ?? segment.rows.first?.source ?? SourceLocation(file: "", line: 0),
            opening: opening, impliedOpening: nil, closing: closing,
            available: info?.availableBalance.map { Balance(amount: inCurrency($0.amount), date: $0.date) },
            transactionCount: rows.count, total: exact.money(total), rowBalanceCount: rowBalanceCount, outcome: .reconciled,
            mismatches: [], mismatchCount: 0,
            first: rows.map(\.date).min(), last: rows.map(\.date).max())
        var mismatches: [BalanceMismatch] = []
        if rowBalanceCount > 0 {
            var walked = walk(rows, from: opening?.amount, exact: exact, pending: segment.pending)
            if walked.mismatches.count > 0, rows.count > 1, rows.first?.date == rows.last?.date {
                // One day only: the order cannot be told from the dates; take the one that adds up better.
                let reversed = walk(rows.reversed(), from: opening?.amount, exact: exact, pending: segment.pending)
                if reversed.mismatches.count < walked.mismatches.count { walked = reversed }
            }
            mismatches = walked.mismatches
            if opening == nil { result.impliedOpening = walked.implied }
            if let closing, let end = walked.end, exact.value(closing.amount) != end {
                mismatches.append(
                    closingMismatch(rows, expected: end, closing: closing, exact: exact, at: result.source, pending: segment.pending))
            }
        } else if let closing {
            if let opening {
                let expected = exact.plus(exact.value(opening.amount), total)
                if expected != exact.value(closing.amount) {
                    mismatches.append(
                        closingMismatch(rows, expected: expected, closing: closing, exact: exact, at: result.source, pending: segment.pending))
                }
            } else {
                result.impliedOpening = exact.money(exact.minus(exact.value(closing.amount), total))
                result.outcome = .closingOnly
            }
        } else {
            result.outcome = opening == nil ? .noBalances : .openingOnly
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
        /// The balance after the last row, exactly.
        var end: Int128?
    }

    /// Follows the balance row by row, in the order the rows happened.
    private static func walk(
        _ rows: [BalanceCollector.Row], from opening: Money?, exact: Exact, pending: [SourceLocation]
    ) -> Walk {
        var walk = Walk()
        var balance = opening.map(exact.value)
        var before: Int128 = 0
        var previousDate: LocalDate?
        for (index, row) in rows.enumerated() {
            defer { previousDate = row.date }
            guard let known = balance else {
                before = exact.plus(before, exact.value(row.amount))
                if let stated = row.balance {
                    balance = exact.value(stated)
                    walk.implied = exact.money(exact.minus(exact.value(stated), before))
                }
                continue
            }
            let expected = exact.plus(known, exact.value(row.amount))
            balance = expected
            guard let stated = row.balance, exact.value(stated) != expected else { continue }
            balance = exact.value(stated)
            let difference = exact.money(exact.minus(exact.value(stated), expected))
            // Only the listed mismatches show their causes; looking for a twin row is a pass over
            // the rows, which for every row of a file whose balance never moves was quadratic.
            let listed = walk.mismatches.count < listedMismatches
            walk.mismatches.append(
                BalanceMismatch(
                    kind: .row, location: row.source, date: row.date, expected: exact.money(expected), found: stated,
                    difference: difference,
                    causes: listed ? causes(at: index, in: rows, difference: difference, after: previousDate, pending: pending) : []))
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
        _ rows: [BalanceCollector.Row], expected: Int128, closing: Balance, exact: Exact, at source: SourceLocation,
        pending: [SourceLocation]
    ) -> BalanceMismatch {
        let difference = exact.money(exact.minus(exact.value(closing.amount), expected))
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
            kind: .closing, location: source, date: closing.date, expected: exact.money(expected), found: closing.amount,
            difference: difference, causes: causes)
    }

    /// Whether `found` reads like a slip of the keyboard for `expected`: a digit shifted (×10,
    /// ÷10) or two digits swapped. (One digit changed is not enough: small amounts all look alike.)
    static func looksMistyped(_ found: Money, _ expected: Money) -> Bool {
        let scale = max(found.scale, expected.scale)
        guard let a = found.rescaled(to: scale)?.units.magnitude, let b = expected.rescaled(to: scale)?.units.magnitude, a != b else { return false }
        // Amounts near the limit of 64 bits cannot be ten times another: no overflow trap.
        let (a10, aOver) = a.multipliedReportingOverflow(by: 10), (b10, bOver) = b.multipliedReportingOverflow(by: 10)
        if !bOver && a == b10 || !aOver && b == a10 { return true }
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

/// A statement's amounts as exact values (units of 10^-18, `ExactSum`), and back as `Money` at the
/// most decimals its rows and balances have, in its one currency. A value beyond `Money` is shown
/// clamped; it is a mismatch all the same, since the comparisons are of exact values.
struct Exact {
    let scale: UInt8
    let currency: CurrencyCode?

    init(rows: [BalanceCollector.Row], balances: [Money], currency: CurrencyCode?) {
        var scale = balances.map(\.scale).max() ?? 0
        for row in rows { scale = max(scale, row.amount.scale, row.balance?.scale ?? 0) }
        self.scale = scale
        self.currency = currency
    }

    func value(_ money: Money) -> Int128 { ExactSum.value(of: money) }

    func money(_ value: Int128) -> Money {
        var clamped = false
        return ExactSum.money(value, scale: scale, currency: currency, saturated: &clamped)
    }

    /// `a + b`; saturating past 2^127 leaves a value no stated balance equals, so still a mismatch.
    func plus(_ a: Int128, _ b: Int128) -> Int128 {
        var saturated = false
        return ExactSum.sum(a, b, saturated: &saturated)
    }

    func minus(_ a: Int128, _ b: Int128) -> Int128 { plus(a, ExactSum.negated(b)) }

    func sum(_ amounts: [Money]) -> Int128 { amounts.reduce(0) { plus($0, value($1)) } }
}

extension Money {
    /// The sum in this amount's currency (the reconciler has put every amount in one), saturating:
    /// only for guessing a mismatch's causes, never for a balance (see `Exact`).
    func plus(_ other: Money) -> Money {
        var other = other
        other.currency = currency
        return adding(other) ?? self
    }

    func minus(_ other: Money) -> Money {
        plus(other.negated ?? other)
    }
}
