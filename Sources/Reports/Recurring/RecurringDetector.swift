import FinanceCore
import Rules

/// Finds recurring payments in a history streamed through it: the same payee (`PayeeKey`, the
/// grouping of `rules suggest`), in one currency and on one side (spending or income; transfers
/// and refunds are no payments of a series), at least `minimumPayments` times, at a regular
/// interval (weekly, fortnightly, monthly, quarterly or yearly, tolerant of weekends and month
/// ends), for amounts that stay close from one payment to the next. `RecurringClassifier` says
/// for each group whether it is a series and why not.
///
///     var detector = RecurringDetector()
///     for activity in history { detector.add(activity) }
///     let report = detector.finish()
public struct RecurringDetector {
    /// The fewest payments a series has: two payments make no series.
    public var minimumPayments = 3
    /// The last date looked at: later activities are no payments (their accounts' series are
    /// judged at this date), so that a report that ends in May, or `pfin recurring --as-of`,
    /// sees the history as it stood then.
    public var through: LocalDate?

    struct GroupKey: Hashable {
        var key: String
        var currency: CurrencyCode?
        var side: AccountingSide

        /// The name, then the currency and side as one word.
        func hash(into hasher: inout Hasher) {
            hasher.combine(key)
            hasher.combine(Self.pair(currency, side))
        }

        /// A currency and a side as one word.
        static func pair(_ currency: CurrencyCode?, _ side: AccountingSide) -> UInt64 {
            let number: UInt64 =
                switch side {
                case .income: 0
                case .spending: 1
                case .transfer: 2
                }
            return UInt64(currency?.packed ?? 0xFFFF_FFFF) << 2 | number
        }
    }

    struct Group {
        var key: GroupKey
        /// The name of the latest payment so far.
        var payee: String
        var payments: [StoredPayment] = []
        /// The category of most payments, by a majority vote (Boyer and Moore's): a comparison
        /// per payment, where counting every category cost a hash. It is the category more
        /// than half the payments have whenever one has; otherwise one of theirs.
        var category: String?
        var votes = 0

        mutating func vote(category: String) {
            if votes == 0 {
                self.category = category
                votes = 1
            } else if category == self.category {
                votes += 1
            } else {
                votes -= 1
            }
        }
        /// The accounts the payments were in (numbers into `spans`), in order of first sight.
        var accounts: [Int] = []
    }

    /// The first and last date of each account's data.
    struct Span {
        var first: LocalDate
        var last: LocalDate
    }

    private var groups: [Group] = []
    private var index: [GroupKey: Int] = [:]
    /// Groups by the bank's own name, so that a name seen before costs one lookup (bank texts
    /// repeat, and keying folds and splits the name): the names numbered by their bytes
    /// (`StringNumbering`; a `[String: Int]` cost a SipHash per row), and per number the group
    /// of the currency and side the name came with first (-1: a name with no key); other pairs
    /// are in `byName`. At most `nameLimit` names are kept, so that a file of names that never
    /// repeat holds no more than that.
    private var names = StringNumbering()
    private var nameGroups: [(pair: UInt64, group: Int)] = []
    private var byName: [GroupKey: Int] = [:]
    static let nameLimit = 200_000
    private var latest: LocalDate?
    /// The files payments were read from, by number, and the last one looked up.
    private var files: [String] = []
    private var fileNumbers: [String: Int32] = [:]
    private var lastFile: (name: String, number: Int32)?
    /// Accounts by number, and the span of each one's data: a series is judged at the end of its
    /// accounts' data (an export that ends in May does not stop its series in June), and is new
    /// when it begins long after their start.
    /// Keyed by the account's name, or by the file for activities without one.
    private var accountNumbers: [String: Int] = [:]
    private var spans: [Span] = []
    private var lastAccount: (account: String?, file: String, number: Int)?

    public init(through: LocalDate? = nil) {
        self.through = through
    }

    public mutating func add(_ activity: PaymentActivity) {
        add(activity, booking: AccountingModel.booking(activity))
    }

    /// Adds `activity`, whose `AccountingModel.booking` the caller has worked out already.
    public mutating func add(_ activity: PaymentActivity, booking: Booking) {
        // An activity after `through` is no payment, but says that its account's data reaches
        // past it: the account's series are judged at `through`.
        let date = min(activity.date, through ?? activity.date)
        let isLater = date != activity.date
        if latest.map({ date > $0 }) ?? true { latest = date }
        let currency = activity.amount.currency
        let account: Int
        if let last = lastAccount, last.account == activity.account, activity.account != nil || last.file == activity.source.file {
            account = last.number
        } else {
            let name = activity.account.map { "account " + $0 } ?? "file " + activity.source.file
            if let known = accountNumbers[name] {
                account = known
            } else {
                account = spans.count
                accountNumbers[name] = account
                spans.append(Span(first: date, last: date))
            }
            lastAccount = (activity.account, activity.source.file, account)
        }
        if date < spans[account].first { spans[account].first = date }
        if date > spans[account].last { spans[account].last = date }
        if isLater { return }
        guard booking.side != .transfer, !booking.isReversal, !activity.amount.isZero,
            let magnitude = activity.amount.magnitude
        else { return }
        let pair = GroupKey.pair(currency, booking.side)
        let number = names.count < Self.nameLimit ? names.number(of: activity.name) : names.known(activity.name)
        var known: Int?
        if let number, number < nameGroups.count {
            let first = nameGroups[number]
            if first.group < 0 { return }
            known = first.pair == pair ? first.group : byName[GroupKey(key: activity.name, currency: currency, side: booking.side)]
        }
        let g: Int
        if let known {
            g = known
        } else {
            let key = PayeeKey.of(activity.name, limit: 3)
            if key.isEmpty {
                if number == nameGroups.count { nameGroups.append((pair, -1)) }
                return
            }
            let groupKey = GroupKey(key: key, currency: currency, side: booking.side)
            if let found = index[groupKey] {
                g = found
            } else {
                g = groups.count
                index[groupKey] = g
                groups.append(Group(key: groupKey, payee: activity.name))
            }
            if number == nameGroups.count {
                nameGroups.append((pair, g))
            } else if number != nil && byName.count < Self.nameLimit {
                byName[GroupKey(key: activity.name, currency: currency, side: booking.side)] = g
            }
        }
        let day = Int32(truncatingIfNeeded: date.daysSinceEpoch)
        if let last = groups[g].payments.last, day >= last.day, groups[g].payee != activity.name { groups[g].payee = activity.name }
        let file: Int32
        if let last = lastFile, last.name == activity.source.file {
            file = last.number
        } else {
            file = fileNumbers[activity.source.file] ?? Int32(files.count)
            if file == Int32(files.count) {
                files.append(activity.source.file)
                fileNumbers[activity.source.file] = file
            }
            lastFile = (activity.source.file, file)
        }
        groups[g].payments.append(
            StoredPayment(
                units: magnitude.units, day: day, file: file, line: Int32(truncatingIfNeeded: activity.source.line),
                scale: magnitude.scale))
        if groups[g].accounts.last != account && !groups[g].accounts.contains(account) { groups[g].accounts.append(account) }
        if let category = activity.category, !category.isEmpty { groups[g].vote(category: category) }
    }

    /// The series found, judged at `asOf` (by default the end of the data of each series' accounts).
    public func finish(asOf: LocalDate? = nil) -> RecurringReport {
        var series: [RecurringSeries] = []
        var candidates: [RecurringCandidate] = []
        for group in groups {
            let spans = group.accounts.map { self.spans[$0] }
            let classifier = RecurringClassifier(
                minimumPayments: minimumPayments, asOf: asOf ?? spans.map(\.last).max() ?? latest,
                dataStart: spans.map(\.first).min() ?? group.payments[0].date, files: files)
            let candidate = classifier.classify(group)
            if let found = candidate.series { series.append(found) }
            candidates.append(candidate)
        }
        func rank(_ s: RecurringSeries) -> Int { s.hasStopped ? 2 : (s.side == .spending ? 0 : 1) }
        series.sort { a, b in
            rank(a) != rank(b) ? rank(a) < rank(b) : (a.key != b.key ? a.key < b.key : a.first < b.first)
        }
        candidates.sort { $0.key != $1.key ? $0.key < $1.key : $0.paymentCount > $1.paymentCount }
        return RecurringReport(asOf: asOf ?? latest, series: series, candidates: candidates)
    }
}
