import FinanceCore

/// The recurring payments of one month in one currency: the series paid in it, their total, and
/// what changed in it (a new price, a late salary, a payment that did not come). What a month
/// page's "Recurring" section shows; `RecurringReport.month(_:currency:)` makes it.
public struct RecurringMonth: Sendable, Equatable {
    /// One series in the month.
    public struct Entry: Sendable, Equatable {
        public var series: RecurringSeries
        /// The series' payments dated in the month, oldest first; none for a payment expected
        /// in it that did not come.
        public var payments: [RecurringSeries.Payment]
        /// The series' changes dated in the month: a price change seen in one of its payments,
        /// a late income, the first payment of a new series, or a payment due in it that did
        /// not come (missed, or the first of those that stopped the series).
        public var changes: [RecurringSeries.Change]
        /// The payments' sum; nil when it does not fit `Money`.
        public var paid: Money?

        /// A payment was due in the month and did not come.
        public var wentUnpaid: Bool { changes.contains { $0.kind == .missed || $0.kind == .stopped } }
    }

    public var month: YearMonth
    public var currency: CurrencyCode?
    /// Spending series paid in the month or with a change in it, the largest payments first.
    public var spending: [Entry]
    /// Income series, likewise.
    public var income: [Entry]
    /// What the spending series were paid in the month, summed exactly; nil when it does not fit.
    public var spent: Money?
    /// What the income series brought in the month, likewise.
    public var received: Money?

    public var isEmpty: Bool { spending.isEmpty && income.isEmpty }
}

extension RecurringReport {
    /// The series of `currency` in `month`: each with a payment dated in it or a change dated in
    /// it (`RecurringMonth`).
    public func month(_ month: YearMonth, currency: CurrencyCode?) -> RecurringMonth {
        let first = month.firstDay, last = month.lastDay
        var spending: [RecurringMonth.Entry] = [], income: [RecurringMonth.Entry] = []
        var totals = [ExactSum(), ExactSum()], scales: [UInt8] = [0, 0], overflows = [false, false]
        for s in series where s.currency == currency && s.first <= last {
            let payments = s.payments.filter { $0.date >= first && $0.date <= last }
            let changes = s.changes.filter { $0.date >= first && $0.date <= last }
            guard !payments.isEmpty || !changes.isEmpty else { continue }
            var sum = ExactSum(), scale: UInt8 = 0, overflow = false
            for payment in payments {
                scale = max(scale, payment.amount.scale)
                overflow = sum.add(payment.amount) || overflow
            }
            var saturated = overflow
            let paid = ExactSum.money(sum.value, scale: scale, currency: currency, saturated: &saturated)
            let entry = RecurringMonth.Entry(series: s, payments: payments, changes: changes, paid: saturated ? nil : paid)
            let side = s.side == .income ? 1 : 0
            if side == 1 { income.append(entry) } else { spending.append(entry) }
            scales[side] = max(scales[side], scale)
            overflows[side] = totals[side].add(sum.value, amounts: payments.count) || overflow || overflows[side]
        }
        func largestFirst(_ a: RecurringMonth.Entry, _ b: RecurringMonth.Entry) -> Bool {
            let x = a.paid.map(ExactSum.value(of:)) ?? (a.payments.isEmpty ? 0 : .max)
            let y = b.paid.map(ExactSum.value(of:)) ?? (b.payments.isEmpty ? 0 : .max)
            return x != y ? x > y : (a.series.key != b.series.key ? a.series.key < b.series.key : a.series.first < b.series.first)
        }
        spending.sort(by: largestFirst)
        income.sort(by: largestFirst)
        let sums = (0..<2).map { side in
            var saturated = overflows[side]
            let total = ExactSum.money(totals[side].value, scale: scales[side], currency: currency, saturated: &saturated)
            return saturated ? nil : total
        }
        return RecurringMonth(
            month: month, currency: currency, spending: spending, income: income, spent: sums[0], received: sums[1])
    }

    /// The active spending series of `currency`, the largest yearly amounts first.
    public func activeSpending(in currency: CurrencyCode?) -> [RecurringSeries] {
        series.filter { $0.currency == currency && !$0.hasStopped && $0.side == .spending }.sorted { a, b in
            let x = a.yearlyAmount.map(ExactSum.value(of:)) ?? .max
            let y = b.yearlyAmount.map(ExactSum.value(of:)) ?? .max
            return x != y ? x > y : a.key < b.key
        }
    }

    /// The active spending series' usual amounts over a year, summed exactly: what the
    /// subscriptions and bills of `currency` cost a year. Nil when there are none or the sum
    /// does not fit.
    public func yearlySpending(in currency: CurrencyCode?) -> Money? {
        Self.yearlySpending(series.filter { $0.currency == currency })
    }

    /// The active spending series' (of one currency) usual amounts over a year, summed exactly;
    /// nil when there are none or the sum does not fit.
    public static func yearlySpending(_ series: [RecurringSeries]) -> Money? {
        let active = series.filter { !$0.hasStopped && $0.side == .spending }
        guard !active.isEmpty else { return nil }
        var sum = ExactSum()
        var scale: UInt8 = 0
        for s in active {
            guard let yearly = s.yearlyAmount else { return nil }
            scale = max(scale, yearly.scale)
            if sum.add(yearly) { return nil }
        }
        var saturated = false
        let total = ExactSum.money(sum.value, scale: scale, currency: active[0].currency, saturated: &saturated)
        return saturated ? nil : total
    }
}
