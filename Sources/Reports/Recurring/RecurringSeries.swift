import FinanceCore

/// Payments to (or from) one payee at a regular interval, found in the history by
/// `RecurringDetector`: what `pfin recurring` lists.
public struct RecurringSeries: Sendable, Equatable {
    public enum Interval: String, Sendable, Equatable, CaseIterable {
        case weekly, fortnightly, monthly, quarterly, yearly

        /// The interval in months (calendar-based intervals) or nil (weekly, fortnightly).
        public var months: Int? {
            switch self {
            case .weekly, .fortnightly: nil
            case .monthly: 1
            case .quarterly: 3
            case .yearly: 12
            }
        }

        /// `week`, `fortnight`, `month`, `quarter`, `year`.
        public var noun: String {
            switch self {
            case .weekly: "week"
            case .fortnightly: "fortnight"
            case .monthly: "month"
            case .quarterly: "quarter"
            case .yearly: "year"
            }
        }

        /// The interval in days, for the day-based ones and as an approximation of the others.
        public var days: Int {
            switch self {
            case .weekly: 7
            case .fortnightly: 14
            case .monthly: 30
            case .quarterly: 91
            case .yearly: 365
            }
        }
    }

    /// One payment of the series, its amount positive (money spent, or received for income).
    public struct Payment: Sendable, Equatable {
        public var date: LocalDate
        public var amount: Money
        public var source: SourceLocation

        public init(date: LocalDate, amount: Money, source: SourceLocation) {
            self.date = date
            self.amount = amount
            self.source = source
        }
    }

    /// What changed in the series, in the order it happened.
    public struct Change: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable {
            /// The amount moved to a new level and stayed there (two payments or more on each side).
            case price
            /// An income payment came more than a few days after its usual day.
            case late
            /// The expected payment has not come by the end of the data (one period).
            case missed
            /// No payment for two periods or more: ended, or cancelled.
            case stopped
            /// The series began within the last months of the data, long after the data's start.
            case new
        }

        public var kind: Kind
        /// The payment the change is seen in (price, late, new), or the date expected (missed,
        /// stopped: the first payment that did not come).
        public var date: LocalDate
        /// The amounts before and after (price).
        public var from: Money?
        public var to: Money?
        /// `(to - from) / from` (price).
        public var share: Share?
        /// How many days late (late), or how many payments were expected and did not come
        /// (missed, stopped).
        public var count: Int?

        public init(kind: Kind, date: LocalDate, from: Money? = nil, to: Money? = nil, share: Share? = nil, count: Int? = nil) {
            self.kind = kind
            self.date = date
            self.from = from
            self.to = to
            self.share = share
            self.count = count
        }
    }

    /// The name of the latest payment, as the bank wrote it.
    public var payee: String
    /// What the payments were grouped by (`PayeeKey`).
    public var key: String
    /// The category more than half the payments have (whenever one has; otherwise one of theirs).
    public var category: String?
    public var currency: CurrencyCode?
    /// `.income` or `.spending` (`AccountingModel`); transfers form no series.
    public var side: AccountingSide
    public var interval: Interval
    /// The median of the last three payments.
    public var usualAmount: Money
    /// The usual day of the month (calendar intervals), the median of the payments'.
    public var usualDay: Int?
    public var payments: [Payment]
    /// When the next payment is due; nil once the series has stopped.
    public var nextExpected: LocalDate?
    public var changes: [Change]

    public var first: LocalDate { payments.first!.date }
    public var last: LocalDate { payments.last!.date }
    public var hasStopped: Bool { changes.contains { $0.kind == .stopped } }

    /// The usual amount over a year at this interval (a quarterly 45.30 is 181.20), exact.
    public var yearlyAmount: Money? {
        let times: Int64 =
            switch interval {
            case .weekly: 52
            case .fortnightly: 26
            case .monthly: 12
            case .quarterly: 4
            case .yearly: 1
            }
        let (units, overflow) = usualAmount.units.multipliedReportingOverflow(by: times)
        return overflow ? nil : Money(units: units, scale: usualAmount.scale, currency: usualAmount.currency)
    }
}

/// A group of payments to one payee that was looked at, and whether it is a series: what
/// `pfin recurring --explain PAYEE` shows.
public struct RecurringCandidate: Sendable, Equatable {
    public var payee: String
    public var key: String
    public var currency: CurrencyCode?
    public var side: AccountingSide
    /// The series, or nil with `reason` saying why not.
    public var series: RecurringSeries?
    public var reason: String?
    /// The payments in date order, as the detector keeps them (plain values; the file by number).
    var stored: [StoredPayment]
    var files: [String]

    /// The payments in date order.
    public var payments: [RecurringSeries.Payment] { stored.map { $0.payment(files: files, currency: currency) } }
    public var paymentCount: Int { stored.count }
}

/// A payment as `RecurringDetector` keeps it: plain values only, so that a million of them cost
/// no reference counting and a few megabytes.
struct StoredPayment: Sendable, Equatable {
    // Widest first: 24 bytes a payment (the detector keeps every one), where the order of
    // meaning took 32.
    var units: Int64
    /// `LocalDate.daysSinceEpoch`.
    var day: Int32
    var file: Int32
    var line: Int32
    var scale: UInt8

    var date: LocalDate { LocalDate(daysSinceEpoch: Int(day)) }

    func amount(_ currency: CurrencyCode?) -> Money { Money(units: units, scale: scale, currency: currency) }

    func payment(files: [String], currency: CurrencyCode? = nil) -> RecurringSeries.Payment {
        RecurringSeries.Payment(
            date: date, amount: amount(currency), source: SourceLocation(file: files[Int(file)], line: Int(line)))
    }
}

/// Every series found in a history, and the groups that were not series.
public struct RecurringReport: Sendable, Equatable {
    /// The date asked for, else the end of the data: "missed" and "stopped" are judged at the
    /// date asked for, or at the end of the data of the accounts a series was paid from.
    public var asOf: LocalDate?
    /// Active series first (spending, then income), then the stopped ones; each by payee.
    public var series: [RecurringSeries]
    /// Every group of at least two payments, series or not, by payee.
    public var candidates: [RecurringCandidate]

    /// The groups whose payee or key contains `text` (ignoring case), for `--explain`.
    public func explain(_ text: String) -> [RecurringCandidate] {
        let needle = text.lowercased()
        return candidates.filter { $0.key.contains(needle) || $0.payee.lowercased().contains(needle) }
    }
}
