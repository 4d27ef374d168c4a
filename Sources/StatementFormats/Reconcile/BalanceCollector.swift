import FinanceCore

/// An `ActivitySink` that keeps what reconciliation needs from what readers send: each
/// account's transactions in file order, the balances rows state, and the statements' balances.
///
/// Transactions go into one open segment per account and currency until a statement with a
/// balance for that account arrives and closes it (readers send a statement after its
/// transactions, or twice: an OFX statement first comes without balances). `Reconciler` then
/// checks each segment.
public struct BalanceCollector: ActivitySink {
    /// One row as reconciliation sees it.
    public struct Row: Hashable, Sendable {
        public var date: LocalDate
        public var amount: Money
        public var name: String
        public var source: SourceLocation
        /// The balance the row states, if any.
        public var balance: Money?

        public init(date: LocalDate, amount: Money, name: String, source: SourceLocation, balance: Money? = nil) {
            self.date = date
            self.amount = amount
            self.name = name
            self.source = source
            self.balance = balance
        }
    }

    /// The transactions of one account and currency between two statements, and the statement
    /// that closed them (`nil` while open, or when none came).
    public struct Segment: Hashable, Sendable {
        public var account: String
        public var currency: CurrencyCode?
        public var rows: [Row] = []
        public var statement: StatementInfo?
        /// Rows the reader skipped as pending (not booked yet), in this segment's file.
        public var pending: [SourceLocation] = []

        public init(account: String, currency: CurrencyCode?, rows: [Row] = [], statement: StatementInfo? = nil) {
            self.account = account
            self.currency = currency
            self.rows = rows
            self.statement = statement
        }
    }

    private struct Key: Hashable {
        var account: String
        var currency: CurrencyCode?
    }

    /// Closed segments, in the order their statements came.
    public private(set) var closed: [Segment] = []
    private var open: [Key: Int] = [:]
    private var openSegments: [Segment?] = []
    private var lastKey: Key?
    private var pendingRows: [SourceLocation] = []

    public init() {}

    /// Every segment: the closed ones, then those no statement closed.
    public var segments: [Segment] {
        closed + openSegments.compactMap { $0 }
    }

    public mutating func accept(_ activity: PaymentActivity) throws {
        let key = Key(account: activity.account ?? "", currency: activity.amount.currency)
        let index =
            open[key]
            ?? {
                openSegments.append(Segment(account: key.account, currency: key.currency))
                open[key] = openSegments.count - 1
                return openSegments.count - 1
            }()
        openSegments[index]?.rows.append(Row(date: activity.date, amount: activity.amount, name: activity.name, source: activity.source))
        lastKey = key
    }

    public mutating func report(_ diagnostic: Diagnostic) throws {
        if diagnostic.code == "csv.pending-row" { pendingRows.append(diagnostic.location) }
    }

    public var wantsRowBalances: Bool { true }

    public mutating func rowBalance(_ balance: RowBalance) throws {
        guard let key = lastKey, let index = open[key], let last = openSegments[index]?.rows.indices.last,
            openSegments[index]?.rows[last].source == balance.source
        else { return }
        // In place: a copy of the segment would copy its rows for every row (quadratic).
        openSegments[index]?.rows[last].balance = balance.amount
    }

    public mutating func statement(_ info: StatementInfo) throws {
        guard let stated = info.ledgerBalance ?? info.openingBalance ?? info.availableBalance else { return }
        let key = Key(account: info.account.id, currency: stated.amount.currency ?? info.currency)
        var segment: Segment
        if let index = open.removeValue(forKey: key), let found = openSegments[index] {
            segment = found
            openSegments[index] = nil
        } else if let (index, found) = soleOpenSegment(of: key.account) {
            // Amounts without a currency while the balance has one (a CSV with no currency).
            segment = found
            open.removeValue(forKey: Key(account: found.account, currency: found.currency))
            openSegments[index] = nil
        } else {
            segment = Segment(account: key.account, currency: key.currency)
        }
        if lastKey.map({ open[$0] == nil }) ?? false { lastKey = nil }
        segment.statement = info
        if segment.currency == nil { segment.currency = key.currency }
        let file = info.source.file
        segment.pending = pendingRows.filter { $0.file == file }
        closed.append(segment)
    }

    private func soleOpenSegment(of account: String) -> (Int, Segment)? {
        let matching = openSegments.enumerated().compactMap { entry -> (Int, Segment)? in
            guard let segment = entry.element, segment.account == account, segment.currency == nil else { return nil }
            return (entry.offset, segment)
        }
        return matching.count == 1 ? matching[0] : nil
    }

    /// Pending rows seen in `file`, for segments no statement closed.
    public func pending(in file: String) -> [SourceLocation] {
        pendingRows.filter { $0.file == file }
    }
}
