import FinanceCore

/// A double-entry export read as the transactions of the user's own accounts
/// (`CSVDialect.postings`): `hledger print -O csv`, `ledger csv`, GnuCash's "Export Transactions
/// to CSV". Every row is a posting; the postings of one transaction are consecutive rows, sharing
/// the `transaction` column's cell (hledger's `txnidx`, GnuCash's `Transaction ID`) or, without
/// one (`ledger csv`), the date and description, up to where their amounts add up to zero.
///
/// Each row is mapped as any row (its activity's account is the posting's account path) into the
/// transaction's group. When the group is complete, the postings to the user's own accounts
/// (`Assets:…`, `Liabilities:…`: `JournalExport.isOwn`) go out as activities, each categorised by
/// the account of the largest posting on the other side of it; one whose other side is another
/// own account (categorised `Transfers:<that account>`) or equity (an opening balance) is a
/// transfer. The other postings are sent as
/// skipped (`posting`), having said what they had to say as categories.
///
/// A row with no date (GnuCash's layout of a transaction line followed by its split lines) takes
/// the date, description, notes and currency of the row above that had one; a row with neither an
/// account nor an amount is such a transaction line, and opens a transaction.
extension CSVRowMapper {
    /// What mapping a posting sent, held until its transaction is complete.
    struct PostingEvents: ActivitySink {
        enum Event {
            case activity(PaymentActivity)
            case diagnostic(Diagnostic)
            case statement(StatementInfo)
            case skipped(SkippedLines)
        }
        var events: [Event] = []
        /// The group's key: its `transaction` cell, or its date and description.
        var key: [UInt8]?
        var postings = 0
        var sum: Int64 = 0

        mutating func accept(_ activity: consuming PaymentActivity) throws {
            let activity = activity
            postings += 1
            sum &+= activity.amount.units
            events.append(.activity(activity))
        }
        mutating func report(_ diagnostic: Diagnostic) throws { events.append(.diagnostic(diagnostic)) }
        mutating func statement(_ info: StatementInfo) throws { events.append(.statement(info)) }
        mutating func skipped(_ lines: SkippedLines) throws { events.append(.skipped(lines)) }
    }

    /// One posting of a transaction: its account, its amount's units, and whether the account is
    /// the user's own or equity.
    typealias PostingSide = (account: String, units: Int64, own: Bool, equity: Bool)

    static let postingsWithoutOwnCode = "csv.postings-without-own-account"
    /// The most postings (and other events) held for one transaction.
    static let maximumPostings = 10_000

    /// Maps one posting row into its transaction's group, sending the group before it when the
    /// row opens another transaction.
    func mapPosting(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws {
        let dated = !isEmpty(record, columns.date)
        let opensTransaction =
            isEmpty(record, columns.account) && isEmpty(record, columns.amount)
            && isEmpty(record, columns.debit) && isEmpty(record, columns.credit)
        if dated {
            postingCells = Dictionary(uniqueKeysWithValues: postingHeaderColumns.map { column in (column, cell(record, column)) })
        }
        let key = dated || opensTransaction ? groupKey(record) : nil
        if let key, key != postingGroup.key || !hasTransactionColumn && isBalanced {
            try sendPostingGroup(into: &sink)
            postingGroup.key = key
        } else if postingGroup.events.count >= Self.maximumPostings {
            // No books have transactions this large; a file whose rows all share one key (or never
            // add up to zero) is read in groups of this size, in bounded memory.
            let key = postingGroup.key
            try sendPostingGroup(into: &sink)
            postingGroup.key = key
        }
        if opensTransaction {
            return try sink.skipped(SkippedLines(.posting, file: file, line: record.line))
        }
        if dated {
            try mapRow(record, into: &postingGroup)
        } else {
            try withFilledCells(record) { try mapRow($0, into: &postingGroup) }
        }
        try placePostingInCommodity(record)
    }

    /// Sends the transaction held, its own accounts' postings categorised by the others.
    func sendPostingGroup(into sink: inout some ActivitySink) throws {
        let group = postingGroup
        postingGroup = PostingEvents()
        guard !group.events.isEmpty else { return }
        var sides: [PostingSide] = []
        for case .activity(let activity) in group.events {
            let account = activity.account ?? ""
            sides.append((account, activity.amount.units, JournalExport.isOwn(account), JournalExport.isEquity(account)))
        }
        // Each own account is named to the sink before its first transaction, as a card's kind is:
        // a journal then clears a transfer between two of them through one account.
        for case .activity(let activity) in group.events {
            guard let account = activity.account, JournalExport.isOwn(account), !postingAccounts.contains(account) else { continue }
            postingAccounts.insert(account)
            try sink.statement(
                StatementInfo(
                    account: Account(id: account, kind: accountKind), currency: activity.currency,
                    source: SourceLocation(file: file, line: dialect.skip + 1)))
        }
        // The largest posting on each side, another account's of the user's last: what a posting
        // on the other side is categorised by.
        func largest(out: Bool) -> Int? {
            sides.indices.filter { (sides[$0].units < 0) == out && sides[$0].units != 0 }
                .max { a, b in (sides[a].own ? 0 : 1, sides[a].units.magnitude) < (sides[b].own ? 0 : 1, sides[b].units.magnitude) }
        }
        let largestOut = largest(out: true)
        let largestIn = largest(out: false)
        let splits = Self.splits(of: group, sides: sides)
        var index = 0
        var sentOwn = false
        for event in group.events {
            switch event {
            case .activity(var activity):
                defer { index += 1 }
                guard sides[index].own else {
                    try sink.skipped(SkippedLines(.posting, file: file, line: activity.source.line))
                    continue
                }
                if activity.category == nil, let splits {
                    try sendSplits(of: activity, into: splits, sink: &sink)
                    sentOwn = true
                    continue
                }
                let other = sides[index].units < 0 ? largestIn : largestOut
                if let other {
                    // Between two of the user's accounts, each side names the other as QIF's `[B]`
                    // does, so that journals clear both through one account.
                    if activity.category == nil { activity.category = (sides[other].own ? "Transfers:" : "") + sides[other].account }
                    if sides[other].own || sides[other].equity { activity.type = .transfer }
                }
                sentOwn = true
                try sink.accept(activity)
            case .diagnostic(let diagnostic): try sink.report(diagnostic)
            case .statement(let info): if JournalExport.isOwn(info.account.id) { try sink.statement(info) }
            case .skipped(let lines): try sink.skipped(lines)
            }
        }
        if !sentOwn, !sides.isEmpty, leniencies.isFirst(Self.postingsWithoutOwnCode) {
            let line =
                group.events.lazy.compactMap { event -> Int? in
                    if case .activity(let activity) = event { return activity.source.line }
                    return nil
                }.first ?? 0
            try sink.report(
                Diagnostic(
                    .warning, code: Self.postingsWithoutOwnCode, at: SourceLocation(file: file, line: line),
                    "the transaction on line \(line) posts to none of your own accounts (Assets, Liabilities), only to \(sides.map(\.account).joined(separator: ", ")); it moves no money of yours and gives no transaction, nor do others like it",
                    notes: ["pfin takes accounts under Assets and Liabilities for yours"]))
        }
    }

    /// The postings that split a transaction's one posting to the user's accounts, when they are
    /// two or more, all on its other side, in its currency and scale, and add up to it exactly
    /// (`eat & shop`: food 1, supplies 1, cash -2): each is then a transaction of its own, as a
    /// QIF split is. `nil` for any other transaction (the largest posting categorises it).
    private static func splits(
        of group: PostingEvents, sides: [PostingSide]
    ) -> [PaymentActivity]? {
        var own: PaymentActivity?
        var others: [PaymentActivity] = []
        var k = 0
        for case .activity(let activity) in group.events {
            defer { k += 1 }
            if sides[k].own {
                guard own == nil else { return nil }
                own = activity
            } else if sides[k].units != 0 {
                others.append(activity)
            }
        }
        guard let own, own.amount.units != 0, others.count >= 2, others.count < Int(Self.splitMask) else { return nil }
        var sum: Int64 = 0
        for other in others {
            guard other.amount.currency == own.amount.currency, other.amount.scale == own.amount.scale,
                (other.amount.units < 0) != (own.amount.units < 0)
            else { return nil }
            sum &+= other.amount.units
        }
        return sum == -own.amount.units ? others : nil
    }

    /// The most splits numbered apart in the last hex digits of an id, as QIF's.
    static let splitMask: UInt64 = 0xFFF

    /// Sends `activity`, the one posting to the user's accounts, as one transaction per split:
    /// each the split's amount turned, categorised by its account (a transfer when that is equity),
    /// with its comment as the memo when it has one; the ids share all but their last three hex
    /// digits, which number the splits.
    private func sendSplits(
        of activity: PaymentActivity, into splits: [PaymentActivity], sink: inout some ActivitySink
    ) throws {
        for (n, split) in splits.enumerated() {
            var part = activity
            part.id = ActivityID(value: (activity.id.value & ~Self.splitMask) | UInt64(n + 1))
            part.amount.units = -split.amount.units
            let account = split.account ?? ""
            part.category = account
            if JournalExport.isEquity(account) { part.type = .transfer }
            if let memo = split.memo { part.memo = memo }
            try sink.accept(part)
        }
    }

    private var hasTransactionColumn: Bool { columns.transaction != nil }

    /// Without a transaction column, a group whose postings add up to zero is complete.
    private var isBalanced: Bool { postingGroup.postings >= 2 && postingGroup.sum == 0 }

    /// The columns a posting row takes from the row above when its own are empty.
    private var postingHeaderColumns: [Int] {
        [columns.date, columns.name, columns.memo, columns.transaction, columns.currency, columns.checkNumber].compactMap { $0 }
    }

    private func groupKey(_ record: borrowing CSVRecord) -> [UInt8] {
        if let column = columns.transaction { return cell(record, column) }
        return cell(record, columns.date) + [0x1F] + cell(record, columns.name ?? columns.memo ?? columns.date)
    }

    private func isEmpty(_ record: borrowing CSVRecord, _ column: Int?) -> Bool {
        guard let column, column < record.count else { return true }
        return record.withField(column) { CSVRecord.trimmed($0).isEmpty }
    }

    private func cell(_ record: borrowing CSVRecord, _ column: Int) -> [UInt8] {
        guard column < record.count else { return [] }
        return record.withField(column) { Array(CSVRecord.trimmed($0)) }
    }

    /// Calls `body` with `record`, its empty date, description, notes and currency cells filled
    /// from the last row that had a date.
    private func withFilledCells(_ record: borrowing CSVRecord, _ body: (borrowing CSVRecord) throws -> Void) throws {
        var filled = OwnedCSVRecord(record)
        for (column, value) in postingCells where column < filled.count && !value.isEmpty && filled.field(column).isEmpty {
            filled.setField(column, to: value)
        }
        try filled.withRecord(body)
    }
}
