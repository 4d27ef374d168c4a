import FinanceCore

/// Everything the builder keeps of one month in one currency while activities stream in.
///
/// Months before the report's range feed only the comparisons (previous month, trailing average),
/// so they keep just the totals and the per-category sums; payees, the largest transactions and
/// the transactions themselves are kept only for months inside the range.
struct MonthAccumulator {
    let month: YearMonth
    let currency: CurrencyCode?
    let inRange: Bool

    /// The fewest digits that hold every amount of the month exactly, and at least the currency's
    /// minor digits (two when it is unknown): the scale of the summary's amounts.
    private(set) var scale: UInt8
    /// Set when a sum overflowed and saturated (see `ExactSum`).
    var saturated = false

    /// The plain sum of the amounts on the income side (`AccountingModel`).
    var income = ExactSum()
    /// The plain sum of the amounts on the spending side (so normally negative; refunds raise it).
    var expense = ExactSum()
    /// The plain sum of the refunds: the positive amounts on the spending side.
    var refunds = ExactSum()
    var transferIn = ExactSum()
    /// The plain sum of the negative transfer amounts.
    var transferOut = ExactSum()
    var uncategorizedCount = 0

    /// Income-side sums by category number (`CategoryTable`), not rolled up; grown on demand.
    var incomeByCategory: [ExactSum] = []
    /// Spending-side sums by category number, plain sums of the amounts (normally negative).
    var expenseByCategory: [ExactSum] = []

    /// Spending-side sums by payee (plain sums, normally negative), in order of first appearance.
    var payeeSums: [ExactSum] = []
    /// The payee number (`PayeeTable`) of each entry of `payeeSums`.
    var payeeNumbers: [Int] = []
    /// Where each payee's entry is in `payeeSums`: the fallback when `PayeeTable`'s cache misses.
    private var payeeSlots: [Int: Int] = [:]

    var largest: LargestActivities
    /// In input order.
    var transactions: [PaymentActivity] = []
    /// With a transaction limit, the newest transactions instead of `transactions`.
    var newest: NewestActivities?

    init(month: YearMonth, currency: CurrencyCode?, inRange: Bool, topCount: Int, transactionLimit: Int? = nil) {
        self.month = month
        self.currency = currency
        self.inRange = inRange
        scale = UInt8(currency?.minorDigits ?? 2)
        largest = LargestActivities(capacity: inRange ? topCount : 0)
        if inRange, let transactionLimit { newest = NewestActivities(capacity: transactionLimit) }
    }

    /// Every transaction the month counted, whatever side.
    var transactionCount: Int { income.count + expense.count + transferIn.count + transferOut.count }

    /// Makes room for an amount written with more digits than the month has needed so far;
    /// trailing zeros do not count (`-54.200` dollars needs two).
    mutating func widenScale(for amount: Money) {
        let canonical = amount.canonical
        if canonical.scale > scale { scale = canonical.scale }
    }

    /// Adds an amount (in units of 10^-18) to the month's totals, on the side `AccountingModel` gave it.
    @inline(__always)
    mutating func addTotal(_ value: Int128, booking: Booking) {
        var overflow: Bool
        switch booking.side {
        case .income: overflow = income.add(value)
        case .spending:
            overflow = expense.add(value)
            if booking.isReversal && refunds.add(value) { overflow = true }
        case .transfer: overflow = value < 0 ? transferOut.add(value) : transferIn.add(value)
        }
        if overflow { saturated = true }
    }

    /// Files an income or spending amount under its category and, in the report's months, a
    /// spending under its payee (a refund lowers both). Takes the fields rather than the activity so that `finish`, which
    /// reads kept activities through a buffer, never has to copy a whole one to call it.
    @inline(__always)
    mutating func addDetails(
        side: AccountingSide, category: String?, payee: String, value: Int128, month m: Int,
        categories: inout CategoryTable, payees: inout PayeeTable
    ) {
        guard side != .transfer else { return }
        let category = categories.number(of: category)
        if side == .income {
            if category >= incomeByCategory.count { MonthAccumulator.grow(&incomeByCategory, to: category) }
            if incomeByCategory[category].add(value) { saturated = true }
            return
        }
        if category >= expenseByCategory.count { MonthAccumulator.grow(&expenseByCategory, to: category) }
        if expenseByCategory[category].add(value) { saturated = true }
        guard inRange else { return }
        let number = payees.number(of: payee)
        let slot: Int
        if let cached = payees.cachedSlot(of: number, month: m) {
            slot = cached
        } else {
            slot = self.slot(ofPayee: number)
            payees.remember(slot: slot, of: number, month: m)
        }
        if payeeSums[slot].add(value) { saturated = true }
    }

    /// The slot of `payee` in `payeeSums`, made on its first transaction of the month.
    private mutating func slot(ofPayee payee: Int) -> Int {
        if let slot = payeeSlots[payee] { return slot }
        let slot = payeeSums.count
        payeeSlots[payee] = slot
        payeeSums.append(ExactSum())
        payeeNumbers.append(payee)
        return slot
    }

    private static func grow(_ sums: inout [ExactSum], to index: Int) {
        sums.append(contentsOf: repeatElement(ExactSum(), count: index + 1 - sums.count))
    }
}
