import FinanceCore

/// Walks each account's transactions in the ledger from its earliest stated balance, day by day,
/// and checks every later closing balance and each day's last row balance against the sum. Pure:
/// balances and rows in (`Ledger.reconcile` reads them), `LedgerReconciliation` values out.
///
/// A balance dated D is the balance at the end of D (MT940 `:60F:` is the previous statement's
/// closing, CAMT `OPBD` and Norma 43 date their opening the day before the first booking); a
/// row's balance is the balance once its row was booked, so the balance before the account's
/// first row balance is that balance less the row's amount. After a mismatch the walk goes on
/// from the stated balance, so one wrong day is one mismatch, not all that follow.
enum LedgerReconciler {
    static let listedMismatches = 10

    /// A ledger transaction as reconciliation sees it (deleted ones too: they can be the cause).
    struct Row: Hashable {
        var id: ActivityID
        var account: String?
        var day: Int
        var name: String
        var amount: Money
        var deleted: Bool
        var edited: Bool
        var batch: Int64?
        var source: SourceLocation

        var summary: LedgerRowSummary {
            LedgerRowSummary(id: id, date: LocalDate(daysSinceEpoch: day), name: name, amount: amount, source: source)
        }
    }

    private struct Key: Hashable {
        var account: String?
        /// For rows and balances without an account: their import.
        var batch: Int64?
        var currency: CurrencyCode?
    }

    /// - Parameter rows: in date order, a day's rows as imported.
    static func reconcile(balances: [StatedBalance], rows: [Row]) -> [LedgerReconciliation] {
        // Per account, the currency that amounts without one belong to: the only one it has.
        var currencies: [Key: Set<CurrencyCode>] = [:]
        func base(_ account: String?, _ batch: Int64?) -> Key { Key(account: account, batch: account == nil ? batch : nil) }
        for b in balances { if let c = b.amount.currency { currencies[base(b.account, b.batch), default: []].insert(c) } }
        for r in rows where currencies[base(r.account, r.batch)] != nil {
            if let c = r.amount.currency { currencies[base(r.account, r.batch)]?.insert(c) }
        }
        func key(_ account: String?, _ batch: Int64?, _ currency: CurrencyCode?) -> Key {
            var k = base(account, batch)
            if let currency { k.currency = currency } else if let only = currencies[k], only.count == 1 { k.currency = only.first }
            return k
        }
        var stated: [Key: [StatedBalance]] = [:]
        var order: [Key] = []
        for b in balances {
            let k = key(b.account, b.batch, b.amount.currency)
            if stated[k] == nil { order.append(k) }
            stated[k, default: []].append(b)
        }
        var grouped: [Key: [Row]] = [:]
        for r in rows {
            let k = key(r.account, r.batch, r.amount.currency)
            if stated[k] != nil { grouped[k, default: []].append(r) }
        }
        return order.compactMap { k in
            reconcile(k, balances: stated[k] ?? [], rows: grouped[k] ?? [])
        }
    }

    private struct Checkpoint {
        var balance: StatedBalance
        var day: Int
    }

    private static func reconcile(_ key: Key, balances: [StatedBalance], rows: [Row]) -> LedgerReconciliation? {
        // The walk sums in units of 10^-18 in 128 bits (`ExactSum`), so that no sum of 64-bit
        // amounts can overflow into a wrong verdict; amounts are shown at the most decimals any
        // balance or row of the account has (a value beyond `Money` is shown clamped, and is a
        // mismatch in any case, since no stated balance can be that large).
        let checked = balances.filter { $0.kind != .available }
        guard !checked.isEmpty else { return nil }
        let scale = max(checked.map(\.amount.scale).max() ?? 0, rows.map(\.amount.scale).max() ?? 0)
        func exact(_ m: Money) -> Int128 { ExactSum.value(of: m) }
        func money(_ value: Int128) -> Money {
            var clamped = false
            return ExactSum.money(value, scale: scale, currency: nil, saturated: &clamped)
        }
        func shown(_ m: Money) -> Money { Money(units: m.units, scale: m.scale, currency: key.currency) }
        func shown(_ value: Int128) -> Money { shown(money(value)) }
        func minus(_ a: Int128, _ b: Int128) -> Int128 {
            var clamped = false
            return ExactSum.sum(a, ExactSum.negated(b), saturated: &clamped)
        }
        // Each day's last row balance: the highest place in the day (a later, longer export of the day wins a tie).
        var lastOfDay: [Int: StatedBalance] = [:]
        for b in checked where b.kind == .running {
            let day = b.date.daysSinceEpoch
            if let known = lastOfDay[day], (known.position, known.batch) >= (b.position, b.batch) { continue }
            lastOfDay[day] = b
        }
        // The start: the earliest balance; for row balances, the balance before the first row.
        var candidates: [(day: Int, rank: Int, value: Int128, balance: StatedBalance)] = []
        for b in checked where b.kind != .running {
            candidates.append((b.date.daysSinceEpoch, b.kind == .opening ? 0 : 1, exact(b.amount), b))
        }
        if let firstDay = lastOfDay.keys.min() {
            let first = checked.filter { $0.kind == .running && $0.date.daysSinceEpoch == firstDay }
                .min { ($0.position, $0.batch) < ($1.position, $1.batch) }!
            if let row = rows.first(where: { $0.batch == first.batch && $0.source.line == first.line && $0.day == firstDay }) {
                candidates.append((firstDay - 1, 2, minus(exact(first.amount), exact(row.amount)), first))
            } else if let last = lastOfDay[firstDay] {
                candidates.append((firstDay, 2, exact(last.amount), last))
            }
        }
        guard let start = candidates.min(by: { ($0.day, $0.rank) < ($1.day, $1.rank) }) else { return nil }

        var points = checked.filter { $0.kind == .closing && $0 != start.balance }.map { Checkpoint(balance: $0, day: $0.date.daysSinceEpoch) }
        points += lastOfDay.values.filter { $0 != start.balance }.map { Checkpoint(balance: $0, day: $0.date.daysSinceEpoch) }
        points = points.filter { $0.day >= start.day }.sorted { ($0.day, $0.balance.kind == .closing ? 1 : 0) < ($1.day, $1.balance.kind == .closing ? 1 : 0) }

        var result = LedgerReconciliation(
            account: key.account, currency: key.currency,
            file: key.account == nil ? balances.first?.file : nil, batch: key.account == nil ? key.batch : nil,
            start: Balance(amount: shown(start.value), date: LocalDate(daysSinceEpoch: start.day)), startKind: start.balance.kind,
            end: nil, checked: points.count, transactions: 0, outcome: points.isEmpty ? .nothingToCheck : .reconciled,
            mismatches: [], mismatchCount: 0)
        var value = start.value
        var cursor = start.day
        var next = rows.firstIndex { $0.day > start.day } ?? rows.endIndex
        var mismatches: [LedgerBalanceMismatch] = []
        for point in points {
            let window = rows[next...].prefix { $0.day <= point.day }
            for row in window where !row.deleted {
                var clamped = false
                value = ExactSum.sum(value, exact(row.amount), saturated: &clamped)
                result.transactions += 1
            }
            next = window.endIndex
            let stated = exact(point.balance.amount)
            if stated != value {
                let difference = money(minus(stated, value))
                mismatches.append(
                    LedgerBalanceMismatch(
                        kind: point.balance.kind, date: point.balance.date,
                        location: SourceLocation(file: point.balance.file, line: point.balance.line),
                        stated: shown(point.balance.amount), ledger: shown(value), difference: shown(difference),
                        since: LocalDate(daysSinceEpoch: cursor),
                        causes: causes(
                            in: rows.filter { $0.day > cursor && $0.day <= point.day }, difference: difference,
                            after: cursor, before: point.day, shown: shown)))
                value = stated
            }
            cursor = point.day
            result.end = Balance(amount: shown(point.balance.amount), date: point.balance.date)
        }
        if !mismatches.isEmpty { result.outcome = .mismatch }
        result.mismatchCount = mismatches.count
        result.mismatches = Array(mismatches.prefix(listedMismatches))
        return result
    }

    /// What in the rows between two checked balances would explain `difference` (stated − ledger).
    private static func causes(in rows: [Row], difference: Money, after: Int, before: Int, shown: (Money) -> Money) -> [LedgerCause] {
        func plain(_ m: Money) -> Money { Money(units: m.units, scale: m.scale, currency: nil) }
        func summary(_ r: Row) -> LedgerRowSummary {
            var s = r.summary
            s.amount = shown(r.amount)
            return s
        }
        var causes: [LedgerCause] = []
        for row in rows where row.deleted && plain(row.amount) == difference { causes.append(.deleted(summary(row))) }
        let live = rows.filter { !$0.deleted }
        for (i, row) in live.enumerated() where plain(row.amount).negated == difference {
            if let twin = live[..<i].first(where: { $0.day == row.day && $0.name == row.name && plain($0.amount) == plain(row.amount) }) {
                causes.append(.duplicate(summary(row), of: summary(twin)))
            }
        }
        for row in live where row.edited {
            if let would = plain(row.amount).adding(difference) { causes.append(.edited(summary(row), would: shown(would))) }
        }
        if causes.isEmpty {
            causes.append(.missing(amount: shown(difference), after: LocalDate(daysSinceEpoch: after), before: LocalDate(daysSinceEpoch: before)))
        }
        return causes
    }
}
