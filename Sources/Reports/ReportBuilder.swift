import FinanceCore

/// Computes a `MonthlyReport` from activities streamed through it, one `add` per transaction.
///
/// `add` only accumulates: exact sums per month × currency × category, payee sums, the largest
/// transactions and (optionally) the transactions themselves. Roll-ups, orderings and comparisons
/// with earlier months happen once, in `finish`. Category and payee names are numbered on first
/// sight so that per-transaction work is a dictionary lookup keyed by the strings the activity
/// already holds, and no string is built per transaction.
///
///     var builder = ReportBuilder(options: ReportOptions(currency: .only(CurrencyCode("EUR"))))
///     for activity in activities { builder.add(activity) }
///     let report = builder.finish()
public struct ReportBuilder {
    public let options: ReportOptions
    /// The range as month ordinals (`YearMonth.ordinal`); the whole calendar when not given.
    private let firstOrdinal: Int, lastOrdinal: Int
    /// The `currencyKey` the filter admits, or -1 for every currency.
    private let onlyKey: Int
    private let factors = ExactSum.factors

    /// Month accumulators in order of creation (`finish` moves them out).
    var months: [MonthAccumulator] = []
    /// `monthKey` → index in `months`.
    private(set) var monthIndex: [Int: Int] = [:]
    private var lastKey = -1, lastMonth = 0
    /// `currencyKey`s of `tables`, in order of first appearance.
    private var tableKeys: [Int] = []
    private var tables: [MonthTable] = []
    var categories = CategoryTable()
    var payees = PayeeTable()
    /// How many activities were accumulated (the source order of the next one).
    private var sequence = 0
    /// How many transactions the months of the range keep, and how many such months there are.
    private var keptCount = 0, keepingMonths = 0

    public init(options: ReportOptions) {
        self.options = options
        firstOrdinal = options.months?.lowerBound.ordinal ?? Int.min
        lastOrdinal = options.months?.upperBound.ordinal ?? Int.max
        switch options.currency {
        case .all: onlyKey = -1
        case .only(let currency): onlyKey = ReportBuilder.currencyKey(currency)
        }
    }

    /// Accumulates one transaction. Call in source order: it decides the order of same-day
    /// transactions and ties among the largest.
    public mutating func add(_ activity: PaymentActivity) {
        add(activity, booking: AccountingModel.booking(activity))
    }

    /// Adds `activity`, whose `AccountingModel.booking` the caller has worked out already (for
    /// the recurring payments' detector too).
    public mutating func add(_ activity: PaymentActivity, booking: Booking) {
        let amount = activity.amount
        let currencyKey = ReportBuilder.currencyKey(amount.currency)
        if onlyKey >= 0 && currencyKey != onlyKey { return }
        let date = activity.date
        let ordinal = date.year &* 12 &+ date.month &- 1
        if ordinal > lastOrdinal { return }
        let key = ordinal << 25 | currencyKey
        let m = key == lastKey ? lastMonth : locate(key: key, ordinal: ordinal, currency: amount.currency)
        let sequence = self.sequence
        self.sequence = sequence &+ 1

        if amount.scale > months[m].scale && !options.roundsTotals { months[m].widenScale(for: amount) }
        let value = ExactSum.value(of: amount, factors: factors)
        months[m].addTotal(value, booking: booking)
        if activity.category?.isEmpty ?? true { months[m].uncategorizedCount &+= 1 }

        if options.keepTransactions && months[m].inRange && options.transactionLimit == nil {
            // `finish` files these under category and payee from the kept copy, a month at a
            // time, which keeps `add` to the work every month needs.
            months[m].transactions.append(activity)
            keptCount &+= 1
        } else {
            months[m].addDetails(
                side: booking.side, category: activity.category, payee: activity.name, value: value,
                month: m, categories: &categories, payees: &payees)
            if booking.side != .transfer && months[m].inRange {
                let magnitude = value < 0 ? 0 &- value : value
                if months[m].largest.admits(magnitude: magnitude, date: activity.date, sequence: sequence) {
                    months[m].largest.keep(activity, magnitude: magnitude, sequence: sequence)
                }
            }
            if options.keepTransactions { months[m].newest?.offer(activity, sequence: sequence) }
        }
    }

    /// The accumulator for a month and currency other than the last one used, made on first use.
    private mutating func locate(key: Int, ordinal: Int, currency: CurrencyCode?) -> Int {
        let currencyKey = key & (1 << 25 - 1)
        // Reports have a handful of currencies: a linear scan beats hashing.
        var table = 0
        while table < tableKeys.count && tableKeys[table] != currencyKey { table += 1 }
        if table == tableKeys.count {
            tableKeys.append(currencyKey)
            tables.append(MonthTable())
        }
        let m: Int
        if let found = tables[table].accumulator(ordinal: ordinal) {
            m = found
        } else {
            m = months.count
            monthIndex[key] = m
            tables[table].set(m, ordinal: ordinal)
            var month = MonthAccumulator(
                month: YearMonth(ordinal: ordinal), currency: currency,
                inRange: ordinal >= firstOrdinal, topCount: options.topCount,
                transactionLimit: options.keepTransactions ? options.transactionLimit : nil)
            if month.inRange && options.keepTransactions && options.transactionLimit == nil {
                // Room for as many as the months so far averaged: most months then never grow
                // their array, which (by doubling) copied every activity about twice more.
                if keepingMonths > 0 {
                    let average = keptCount / keepingMonths
                    month.transactions.reserveCapacity(average + average / 8)
                }
                keepingMonths += 1
            }
            months.append(month)
        }
        lastKey = key
        lastMonth = m
        return m
    }

    /// A currency as a small integer: its packed letters (24 bits), or 2^24 for none, so that
    /// sorting keys puts a `nil` currency after every code.
    @inline(__always)
    static func currencyKey(_ currency: CurrencyCode?) -> Int {
        currency.map { Int($0.packed) } ?? 1 << 24
    }

    /// The key of a month accumulator: month ordinal, then currency; orders as summaries do.
    static func monthKey(ordinal: Int, currency: CurrencyCode?) -> Int {
        ordinal << 25 | currencyKey(currency)
    }
}
