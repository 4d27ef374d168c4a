import FinanceCore

/// Turns the builder's accumulators into summaries: rolls categories up, orders lines, payees and
/// transactions, and compares each month with the months before it.
///
/// Runs once per report, so it favours plainness over speed; its cost grows with the number of
/// months × categories, not with the number of transactions (bar moving the kept ones).
struct ReportAssembler {
    let options: ReportOptions
    var months: [MonthAccumulator]
    let monthIndex: [Int: Int]
    var categories: CategoryTable
    var payees: PayeeTable

    /// Per accumulator, rolled-up income sums by category number (positive for money earned); empty
    /// for months too early to be compared with any month of the range.
    private(set) var rolledIncome: [[ExactSum]] = []
    /// Per accumulator, rolled-up spending by category number (positive for money spent).
    private(set) var rolledExpense: [[ExactSum]] = []
    /// Per accumulator, whether rolling up overflowed.
    private(set) var rollupSaturated: [Bool] = []
    /// The first month with data, by `ReportBuilder.currencyKey`: comparisons never reach before it.
    private(set) var firstOrdinal: [Int: Int] = [:]

    /// How many months back a trailing average looks.
    static let trailingMonths = 12

    init(
        options: ReportOptions, months: [MonthAccumulator], monthIndex: [Int: Int], categories: CategoryTable,
        payees: PayeeTable
    ) {
        self.options = options
        self.months = months
        self.monthIndex = monthIndex
        self.categories = categories
        self.payees = payees
    }

    mutating func report() -> MonthlyReport {
        let ordinals = months.map(\.month.ordinal)
        guard
            let range = options.months.map({ $0.lowerBound.ordinal...$0.upperBound.ordinal })
                ?? ordinals.min().flatMap({ first in ordinals.max().map { first...$0 } })
        else { return MonthlyReport(months: [], summaries: []) }

        for month in months {
            let key = ReportBuilder.currencyKey(month.currency)
            firstOrdinal[key] = min(firstOrdinal[key] ?? Int.max, month.month.ordinal)
        }
        fileKeptTransactions()
        rollUp(from: range.lowerBound - ReportAssembler.trailingMonths)

        let inRange = months.indices.filter { months[$0].inRange }.sorted { a, b in
            let x = months[a], y = months[b]
            return ReportBuilder.monthKey(ordinal: x.month.ordinal, currency: x.currency)
                < ReportBuilder.monthKey(ordinal: y.month.ordinal, currency: y.currency)
        }
        var summaries: [MonthlySummary] = []
        summaries.reserveCapacity(inRange.count)
        for m in inRange { summaries.append(summary(m)) }
        return MonthlyReport(months: range.map { YearMonth(ordinal: $0) }, summaries: summaries)
    }

    /// Files the transactions the builder kept under categories and payees, which `add` leaves
    /// to here for them (see `ReportBuilder.add`); input order within the month is source order.
    private mutating func fileKeptTransactions() {
        guard options.keepTransactions && options.transactionLimit == nil else { return }
        let factors = ExactSum.factors
        for m in months.indices where months[m].inRange {
            var transactions: [PaymentActivity] = []
            swap(&transactions, &months[m].transactions)
            transactions.withUnsafeBufferPointer { buffer in
                for i in buffer.indices {
                    let side = AccountingModel.side(type: buffer[i].type, category: buffer[i].category)
                    let value = ExactSum.value(of: buffer[i].amount, factors: factors)
                    months[m].addDetails(
                        side: side, category: buffer[i].category, payee: buffer[i].name,
                        value: value, month: m, categories: &categories, payees: &payees)
                    guard side != .transfer else { continue }
                    let magnitude = value < 0 ? 0 &- value : value
                    if months[m].largest.admits(magnitude: magnitude, date: buffer[i].date, sequence: i) {
                        months[m].largest.keep(buffer[i], magnitude: magnitude, sequence: i)
                    }
                }
            }
            swap(&transactions, &months[m].transactions)
        }
    }

    /// Rolls each category's sums into all its ancestors, for every month from `firstNeeded` on.
    private mutating func rollUp(from firstNeeded: Int) {
        let parents = categories.parents
        rolledIncome = Array(repeating: [], count: months.count)
        rolledExpense = Array(repeating: [], count: months.count)
        rollupSaturated = Array(repeating: false, count: months.count)
        for m in months.indices where months[m].month.ordinal >= firstNeeded {
            var saturated = false
            func rolled(_ sums: [ExactSum], negate: Bool) -> [ExactSum] {
                var result = sums
                if negate {
                    for i in result.indices { result[i].value = ExactSum.negated(result[i].value) }
                }
                // Parents are numbered before their children, so walking down the numbers adds
                // each category into its parent after it has received all of its own children.
                for number in result.indices.reversed() where result[number].count > 0 {
                    let parent = parents[number]
                    if parent >= 0 && result[parent].add(result[number]) { saturated = true }
                }
                return result
            }
            rolledIncome[m] = rolled(months[m].incomeByCategory, negate: false)
            rolledExpense[m] = rolled(months[m].expenseByCategory, negate: true)
            rollupSaturated[m] = saturated
        }
    }

    /// The accumulator of a month in a currency, when it had activity.
    func accumulator(ordinal: Int, currency: CurrencyCode?) -> Int? {
        monthIndex[ReportBuilder.monthKey(ordinal: ordinal, currency: currency)]
    }

    private mutating func summary(_ m: Int) -> MonthlySummary {
        var transactions: [PaymentActivity] = []
        if let newest = months[m].newest {
            transactions = newest.sorted()
            months[m].newest = nil
        } else {
            swap(&transactions, &months[m].transactions)
            NewestFirst.order(&transactions)
        }

        let month = months[m]
        let scale = month.scale, currency = month.currency, ordinal = month.month.ordinal
        var saturated = month.saturated || rollupSaturated[m]
        func money(_ value: Int128, scale: UInt8 = scale) -> Money {
            ExactSum.money(value, scale: scale, currency: currency, saturated: &saturated)
        }

        let income = money(month.income.value)
        let expense = money(ExactSum.negated(month.expense.value))
        let net = money(ExactSum.sum(month.income.value, month.expense.value, saturated: &saturated))
        let savingsRate = SavingsRate.of(income: income, expense: expense, net: net)
        let transfers = TransferTotals(
            moneyIn: money(month.transferIn.value),
            moneyOut: money(ExactSum.negated(month.transferOut.value)),
            count: month.transferIn.count + month.transferOut.count)

        let first = firstOrdinal[ReportBuilder.currencyKey(currency)] ?? ordinal
        let window = MonthComparison(ordinal: ordinal, currency: currency, firstOrdinal: first, assembler: self)
        var previous: MonthTotals?
        if window.hasPrevious {
            let before = window.previous.map { months[$0] }
            let common = max(scale, before?.scale ?? scale)
            let prevIncome = before?.income.value ?? 0, prevExpense = before?.expense.value ?? 0
            previous = MonthTotals(
                income: money(prevIncome, scale: common), expense: money(ExactSum.negated(prevExpense), scale: common),
                net: money(ExactSum.sum(prevIncome, prevExpense, saturated: &saturated), scale: common))
        }

        let incomeLines = categoryLines(
            rolledIncome[m], total: income, window: window, rolled: rolledIncome,
            saturated: &saturated)
        let expenseLines = categoryLines(
            rolledExpense[m], total: expense, window: window, rolled: rolledExpense,
            saturated: &saturated)
        let topPayees = payeeLines(month, saturated: &saturated)

        var summary = MonthlySummary(
            month: month.month, currency: currency, income: income, expense: expense, net: net,
            savingsRate: savingsRate, incomeCount: month.income.count, expenseCount: month.expense.count,
            transfers: transfers, previous: previous, incomeCategories: incomeLines, expenseCategories: expenseLines,
            topPayees: topPayees, largest: month.largest.sorted(), uncategorizedCount: month.uncategorizedCount,
            transactions: transactions)
        summary.transactionCount = month.transactionCount
        summary.averageMonths = window.trailing.count
        summary.refunds = money(month.refunds.value)
        summary.refundCount = month.refunds.count
        summary.isSaturated = saturated
        return summary
    }

    /// The month's payees by spending, largest first, ties by name.
    private func payeeLines(_ month: MonthAccumulator, saturated: inout Bool) -> [PayeeLine] {
        let limit = max(0, options.topCount)
        guard limit > 0 else { return [] }
        let spent = month.payeeSums.map { ExactSum.negated($0.value) }
        var slots = Array(month.payeeSums.indices)
        slots.sort { a, b in
            spent[a] != spent[b]
                ? spent[a] > spent[b] : payees.names[month.payeeNumbers[a]] < payees.names[month.payeeNumbers[b]]
        }
        return slots.prefix(limit).map { slot in
            PayeeLine(
                name: payees.names[month.payeeNumbers[slot]],
                amount: ExactSum.money(
                    spent[slot], scale: month.scale, currency: month.currency,
                    saturated: &saturated),
                count: month.payeeSums[slot].count)
        }
    }
}
