import FinanceCore

extension ReportAssembler {
    /// The category lines of one month and kind (income or expense), in tree order: each parent
    /// before its children, siblings by amount (largest first), then by path. A category of the
    /// previous month that has nothing this month is a line too, of zero (*gone*: its change is
    /// -100 %), so that what stopped shows beside what started.
    ///
    /// - Parameters:
    ///   - sums: the month's rolled-up sums of this kind, by category number.
    ///   - total: the month's income or expense, which shares are of.
    ///   - rolled: the rolled-up sums of this kind of every month, for the comparisons.
    func categoryLines(
        _ sums: [ExactSum], total: Money, window: MonthComparison, rolled: [[ExactSum]],
        saturated: inout Bool
    ) -> [CategoryLine] {
        let before = window.previous.map { rolled[$0] } ?? []
        func value(_ number: Int) -> Int128 { number < sums.count ? sums[number].value : 0 }
        let present = (0..<max(sums.count, before.count)).filter {
            ($0 < sums.count && sums[$0].count > 0) || ($0 < before.count && before[$0].count > 0)
        }
        guard !present.isEmpty else { return [] }
        let ordered = present.sorted { a, b in
            value(a) != value(b) ? value(a) > value(b) : categories.paths[a] < categories.paths[b]
        }
        // Children by parent number (+1, so that top-level lines sit at 0), already in sibling order.
        var children: [Int: [Int]] = [:]
        for number in ordered { children[categories.parents[number] + 1, default: []].append(number) }

        var lines: [CategoryLine] = []
        lines.reserveCapacity(present.count)
        var stack: [Int] = (children[0] ?? []).reversed()
        while let number = stack.popLast() {
            lines.append(line(number, sums: sums, total: total, window: window, rolled: rolled, saturated: &saturated))
            stack.append(contentsOf: (children[number + 1] ?? []).reversed())
        }
        return lines
    }

    private func line(
        _ number: Int, sums: [ExactSum], total: Money, window: MonthComparison, rolled: [[ExactSum]],
        saturated: inout Bool
    ) -> CategoryLine {
        let scale = total.scale, currency = total.currency
        func valueIn(_ m: Int) -> Int128 { number < rolled[m].count ? rolled[m][number].value : 0 }
        let value = number < sums.count ? sums[number].value : 0
        let amount = ExactSum.money(value, scale: scale, currency: currency, saturated: &saturated)

        var previous: Money?, changeFromPrevious: Share?
        if window.hasPrevious {
            let before = window.previous.map(valueIn) ?? 0
            let common = max(scale, window.previous.map { months[$0].scale } ?? scale)
            previous = ExactSum.money(before, scale: common, currency: currency, saturated: &saturated)
            changeFromPrevious = ReportAssembler.change(from: before, to: value, scale: common)
        }

        var trailingAverage: Money?, changeFromAverage: Share?
        // Over the months that have data, and only with enough of them (`minimumAverageMonths`).
        if window.trailing.count >= MonthlySummary.minimumAverageMonths {
            var sum: Int128 = 0
            for m in window.trailing { sum = ExactSum.sum(sum, valueIn(m), saturated: &saturated) }
            let divisor = Int128(window.trailing.count) * ExactSum.factors[Int(scale)]
            let average = ExactSum.roundedQuotient(sum, divisor)
            if let units = Int64(exactly: average) {
                trailingAverage = Money(units: units, scale: scale, currency: currency)
                changeFromAverage = ReportAssembler.change(
                    from: average * ExactSum.factors[Int(scale)], to: value,
                    scale: scale)
            } else {
                saturated = true
                trailingAverage = Money(units: average < 0 ? .min : .max, scale: scale, currency: currency)
            }
        }

        let isUncategorized = number == CategoryTable.uncategorized
        return CategoryLine(
            path: categories.paths[number], name: categories.names[number], depth: categories.depths[number],
            amount: amount, count: number < sums.count ? sums[number].count : 0,
            share: total.units == 0 ? nil : Share(part: amount.units, of: total.units), previous: previous,
            changeFromPrevious: changeFromPrevious, trailingAverage: trailingAverage,
            changeFromAverage: changeFromAverage, isUncategorized: isUncategorized)
    }

    /// `(new - old) / old` for values in units of 10^-18 that both fit `scale` digits; `nil` when
    /// `old` is zero or the amounts are too large for `Share`.
    static func change(from old: Int128, to new: Int128, scale: UInt8) -> Share? {
        let factor = ExactSum.factors[Int(scale)]
        let (difference, overflow) = new.subtractingReportingOverflow(old)
        guard !overflow, let part = Int64(exactly: difference / factor), let whole = Int64(exactly: old / factor)
        else { return nil }
        return Share(part: part, of: whole)
    }
}
