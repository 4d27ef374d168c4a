import FinanceCore

/// Whether one group of payments is a series, and if so its interval, usual amount and day, next
/// date and changes (`RecurringDetector`).
struct RecurringClassifier {
    let minimumPayments: Int
    /// The end of the data of the group's accounts, or the date asked for.
    let asOf: LocalDate?
    /// The start of the data of the group's accounts: a series that begins long after it is new.
    let dataStart: LocalDate
    /// The detector's files, which stored payments name by number.
    let files: [String]

    /// Median gaps that name an interval, and the gaps that still fit it (a late or early
    /// payment, a weekend, a month end).
    private static let intervals: [(RecurringSeries.Interval, median: ClosedRange<Int>, fits: ClosedRange<Int>)] = [
        (.weekly, 5...9, 4...10), (.fortnightly, 12...17, 10...18), (.monthly, 25...36, 20...42),
        (.quarterly, 80...100, 70...110), (.yearly, 350...380, 330...400),
    ]
    /// The share of gaps, and of steps between amounts, that must fit: three in four.
    private static let fitting = (numerator: 3, denominator: 4)
    /// How far apart two payments' amounts may be, of the larger: a quarter.
    private static let closeness = (numerator: 1, denominator: 4)

    func classify(_ group: RecurringDetector.Group) -> RecurringCandidate {
        // Histories often come in date order; otherwise a stable sort by date, as a sort of
        // words that pack the day above the position (no two alike, so stable).
        var stored = group.payments
        if !zip(stored, stored.dropFirst()).allSatisfy({ $0.day <= $1.day }) {
            var order = stored.indices.map { Int64(stored[$0].day) << 32 | Int64($0) }
            order.sort()
            let payments = stored
            stored = order.map { payments[Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF)] }
        }
        var candidate = RecurringCandidate(
            payee: group.payee, key: group.key.key, currency: group.key.currency, side: group.key.side,
            series: nil, reason: nil, stored: stored, files: files)
        let payments = stored
        guard payments.count >= minimumPayments else {
            candidate.reason = "only \(payments.count == 1 ? "1 payment" : "\(payments.count) payments") (a series needs \(minimumPayments))"
            return candidate
        }
        let gaps = zip(payments, payments.dropFirst()).map { Int($1.day) - Int($0.day) }
        let median = GapMedian.of(gaps)
        guard let (interval, _, fits) = Self.intervals.first(where: { $0.median.contains(median) }) else {
            candidate.reason = "payments \(median) days apart on the median: no regular interval"
            return candidate
        }
        let fitting = gaps.filter { fits.contains($0) }.count
        guard fitting * Self.fitting.denominator >= gaps.count * Self.fitting.numerator else {
            candidate.reason = "irregular: \(fitting) of \(gaps.count) gaps near a \(interval.noun)"
            return candidate
        }
        let factors = ExactSum.factors
        let values = payments.map { Int128($0.units) * factors[Int($0.scale)] }
        let close = zip(values, values.dropFirst()).filter { a, b in
            let larger = max(a, b)
            return (larger - min(a, b)) * Int128(Self.closeness.denominator) <= larger * Int128(Self.closeness.numerator)
        }.count
        guard close * Self.fitting.denominator >= (values.count - 1) * Self.fitting.numerator else {
            let low = payments[values.indices.min { values[$0] < values[$1] }!].amount(nil)
            let high = payments[values.indices.max { values[$0] < values[$1] }!].amount(nil)
            candidate.reason = "amounts vary too much: \(low.decimalString) to \(high.decimalString)"
            return candidate
        }
        candidate.series = series(
            group, payments: payments.map { $0.payment(files: files, currency: group.key.currency) }, values: values,
            interval: interval)
        return candidate
    }

    private func series(
        _ group: RecurringDetector.Group, payments: [RecurringSeries.Payment], values: [Int128],
        interval: RecurringSeries.Interval
    ) -> RecurringSeries {
        let scale = payments.map(\.amount.scale).max() ?? 2
        let currency = group.key.currency
        var saturated = false
        let recent = values.suffix(3).sorted()
        let usual = ExactSum.money(recent[recent.count / 2], scale: scale, currency: currency, saturated: &saturated)
        let usualDay = interval.months == nil ? nil : payments.map(\.date.day).sorted()[payments.count / 2]
        let category = group.category

        var changes: [RecurringSeries.Change] = []
        if let first = payments.first, first.date.daysSinceEpoch >= dataStart.daysSinceEpoch + 2 * interval.days,
            let asOf, first.date.daysSinceEpoch >= asOf.daysSinceEpoch - max(183, 3 * interval.days)
        {
            changes.append(RecurringSeries.Change(kind: .new, date: first.date))
        }
        changes += priceChanges(payments, values: values, scale: scale, currency: currency)
        if group.key.side == .income { changes += lateness(payments, interval: interval, usualDay: usualDay) }
        changes.sort { $0.date < $1.date }

        let next = expected(after: payments.last!.date, interval: interval, usualDay: usualDay, steps: 1)
        var nextExpected: LocalDate? = next
        if let asOf {
            let grace: Int
            switch interval {
            case .weekly: grace = 3
            case .fortnightly: grace = 5
            case .monthly: grace = 7
            case .quarterly: grace = 14
            case .yearly: grace = 30
            }
            var missed = 0
            while missed < 1000,
                expected(after: payments.last!.date, interval: interval, usualDay: usualDay, steps: missed + 1)
                    .daysSinceEpoch + grace <= asOf.daysSinceEpoch
            {
                missed += 1
            }
            if missed == 1 {
                changes.append(RecurringSeries.Change(kind: .missed, date: next, count: 1))
            } else if missed > 1 {
                changes.append(RecurringSeries.Change(kind: .stopped, date: next, count: missed))
                nextExpected = nil
            }
        }
        return RecurringSeries(
            payee: group.payee, key: group.key.key, category: category, currency: currency, side: group.key.side,
            interval: interval, usualAmount: usual, usualDay: usualDay, payments: payments, nextExpected: nextExpected,
            changes: changes)
    }

    /// Where the amount moved from one level held by two payments or more to another held as
    /// long (one-off amounts between them are passed over).
    private func priceChanges(
        _ payments: [RecurringSeries.Payment], values: [Int128], scale: UInt8, currency: CurrencyCode?
    ) -> [RecurringSeries.Change] {
        var runs: [(value: Int128, start: Int, count: Int)] = []
        for (i, value) in values.enumerated() {
            if let last = runs.last, last.value == value {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((value, i, 1))
            }
        }
        let stable = runs.filter { $0.count >= 2 }
        var changes: [RecurringSeries.Change] = []
        var saturated = false
        for (before, after) in zip(stable, stable.dropFirst()) where before.value != after.value {
            let from = ExactSum.money(before.value, scale: scale, currency: currency, saturated: &saturated)
            let to = ExactSum.money(after.value, scale: scale, currency: currency, saturated: &saturated)
            changes.append(
                RecurringSeries.Change(
                    kind: .price, date: payments[after.start].date, from: from, to: to,
                    share: Share(part: to.units - from.units, of: from.units)))
        }
        return changes
    }

    /// Income payments that came more than three days after their usual day (calendar
    /// intervals) or after the previous one and an interval (weekly, fortnightly).
    private func lateness(
        _ payments: [RecurringSeries.Payment], interval: RecurringSeries.Interval, usualDay: Int?
    ) -> [RecurringSeries.Change] {
        var changes: [RecurringSeries.Change] = []
        for (i, payment) in payments.enumerated() {
            var days: Int
            if let usualDay {
                days = payment.date.daysSinceEpoch - Self.day(usualDay, year: payment.date.year, month: payment.date.month).daysSinceEpoch
                // Paid in the month after its slot (due the 30th, paid the 2nd).
                if days < -15 {
                    let previous = YearMonth(year: payment.date.year, month: payment.date.month)!.previous
                    days = payment.date.daysSinceEpoch - Self.day(usualDay, year: previous.year, month: previous.month).daysSinceEpoch
                }
            } else {
                guard i > 0 else { continue }
                days = payment.date.daysSinceEpoch - payments[i - 1].date.daysSinceEpoch - interval.days
            }
            if days > 3 { changes.append(RecurringSeries.Change(kind: .late, date: payment.date, count: days)) }
        }
        return changes
    }

    /// The date `steps` intervals after `date`: the usual day of that month (calendar
    /// intervals, clamped to the month's length), or so many days later.
    private func expected(after date: LocalDate, interval: RecurringSeries.Interval, usualDay: Int?, steps: Int) -> LocalDate {
        guard let months = interval.months, let usualDay else { return date.adding(days: interval.days * steps) }
        let target = YearMonth(ordinal: YearMonth(year: date.year, month: date.month)!.ordinal + months * steps)
        return Self.day(usualDay, year: target.year, month: target.month)
    }

    private static func day(_ day: Int, year: Int, month: Int) -> LocalDate {
        LocalDate(year: year, month: month, day: min(day, LocalDate.daysIn(month: month, year: year)))!
    }
}
