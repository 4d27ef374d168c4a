import FinanceCore

/// The blocks read for one account: what its statement and its balance check need.
struct BlocksStatementState {
    /// The account an `Account:` line named (spaces collapsed), if any.
    var account: String?
    /// Each block read, in file order, with the balance it states; `source` is its `Balance:`
    /// line (else its first line), where a balance that does not follow is reported.
    var rows: [BalanceCollector.Row] = []
    /// Blocks skipped for errors: a balance check then says so.
    var skipped = 0

    mutating func add(date: LocalDate, amount: Money, name: String, balance: Money?, at source: SourceLocation) {
        rows.append(BalanceCollector.Row(date: date, amount: amount, name: name, source: source, balance: balance))
    }
}

/// Each account's statement and the check of its blocks' balances.
extension BlocksMapper {
    /// Sends the statement of the blocks read since the last `Account:` line (or the start), and
    /// warns at each balance that does not follow from the one before it; then starts afresh.
    ///
    /// Santander lists the newest block first: the closing balance is the newest block's, and the
    /// opening balance the oldest block's balance less its amount, dated the day before it (a
    /// balance dated D is the balance at the end of D). A file whose first block is older than its
    /// last is taken the other way round.
    mutating func finishStatement(into sink: inout some ActivitySink) throws {
        let state = statement
        statement = BlocksStatementState(account: state.account)
        guard let first = state.rows.first, let last = state.rows.last else { return }
        let (oldest, newest) = first.date < last.date ? (first, last) : (last, first)
        let opening = oldest.balance.flatMap { balance in oldest.amount.negated.flatMap { balance.adding($0) } }
        let dates = state.rows.map(\.date)
        let account = options.account ?? state.account
        try sink.statement(
            StatementInfo(
                account: Account(id: account ?? ""), currency: newest.balance?.currency ?? newest.amount.currency,
                openingBalance: opening.map { Balance(amount: $0, date: oldest.date.adding(days: -1)) },
                ledgerBalance: newest.balance.map { Balance(amount: $0, date: newest.date) },
                start: dates.min(), end: dates.max(), source: newest.source))
        try checkBalances(state, account: account, into: &sink)
    }

    /// Walks the balances the blocks state as `pfin reconcile` does (`Reconciler`: oldest first,
    /// each balance the one before it plus the block's amount, going on from the stated balance
    /// after a mismatch, so one wrong block is one warning), and warns at each that does not follow.
    private func checkBalances(_ state: BlocksStatementState, account: String?, into sink: inout some ActivitySink) throws {
        guard state.rows.contains(where: { $0.balance != nil }), Set(state.rows.map(\.amount.currency)).count == 1 else { return }
        let segment = BalanceCollector.Segment(account: account ?? "", currency: state.rows[0].amount.currency, rows: state.rows)
        let result = Reconciler.reconcile(segment)
        let mismatches = result.mismatches.filter { $0.kind == .row }.sorted { $0.location.line < $1.location.line }
        for (index, mismatch) in mismatches.enumerated() {
            var diagnostic = BlocksIssue.balanceMismatch(
                date: mismatch.date, found: mismatch.found, expected: mismatch.expected, difference: mismatch.difference, file: file,
                skipped: state.skipped
            )
            .diagnostic(at: mismatch.location)
            let unlisted = result.mismatchCount - result.mismatches.count
            if index == mismatches.count - 1, unlisted > 0 {
                diagnostic.notes.append("\(Plural.count(unlisted, "more balance does", plural: "more balances do")) not follow either")
            }
            try sink.report(diagnostic)
        }
    }
}
