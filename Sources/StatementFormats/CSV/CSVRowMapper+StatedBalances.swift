import FinanceCore

/// What `CSVRowMapper` says about a file's accounts besides their rows: their kind, before their
/// first transaction, and the balances stated above and below the table.
extension CSVRowMapper {
    static let balanceInPeriodCode = "csv.balance-in-period"
    static let balanceOfWhichAccountCode = "csv.balance-account-unknown"

    /// Sends an account's kind before its first transaction, so that a journal writer names a
    /// card account `Liabilities:Card:…` from its first posting on. The statement with the
    /// file's dates and balances follows at the end and supersedes this one.
    @inline(never)
    func sendKind(_ kind: AccountKind, account: String?, currency: CurrencyCode?, into sink: inout some ActivitySink) throws {
        try sink.statement(
            StatementInfo(
                account: Account(id: account ?? "", kind: kind), currency: currency,
                source: SourceLocation(file: file, line: dialect.skip + 1)))
    }

    /// Takes the balances stated around the table as the statement's opening or closing balance.
    ///
    /// A label that says which (`Anfangssaldo`, `Neuer Kontostand`) decides; a plain balance
    /// (`Kontostand vom 31.05.2024`, `Solde au …`) is the closing balance when dated on or after
    /// the last transaction, or undated, and the opening when dated before the first or on the
    /// first day of the period the file states (`Start Date : 1 Apr 2023`). One dated
    /// within the transactions is neither, and said so. They belong to the file's one account:
    /// `--account`, the profile's or the preamble's, or the account of all its rows.
    func noteStatedBalances(into sink: inout some ActivitySink) throws {
        let statedBalances = statedBalances + rowStatedBalances
        guard !statedBalances.isEmpty else { return }
        let accounts = statements.accounts
        let account: String
        if let defaultAccount {
            account = defaultAccount
        } else if accounts.count <= 1 {
            account = accounts.first ?? ""
        } else {
            for stated in statedBalances {
                try sink.report(
                    Diagnostic(
                        .warning, code: Self.balanceOfWhichAccountCode, at: SourceLocation(file: file, line: stated.line),
                        "line \(stated.line) states a balance ('\(stated.label)'), but the file holds \(accounts.count) accounts; it was not taken as any one's",
                        notes: ["pass --account NAME (or put 'account NAME' in a profile) if the file is one account's"]))
            }
            return
        }
        let period = statements.period(of: account)
        for stated in statedBalances {
            let opening: Bool
            switch stated.kind {
            case .opening: opening = true
            case .closing: opening = false
            case .either:
                guard let date = stated.date, let period else { opening = false; break }
                if date >= period.end {
                    opening = false
                } else if date < period.start || date == statementPeriod?.start {
                    // SBI's `Balance as on 1 Apr 2023` above `Start Date : 1 Apr 2023`: the
                    // balance the stated period starts from, before its first day's rows.
                    opening = true
                } else {
                    try sink.report(
                        Diagnostic(
                            .warning, code: Self.balanceInPeriodCode, at: SourceLocation(file: file, line: stated.line),
                            "line \(stated.line) states a balance ('\(stated.label)') dated \(date), within the transactions (\(period.start)…\(period.end)); it was taken as neither the opening nor the closing balance",
                            notes: ["a balance dated before the first transaction is the opening balance, one dated on or after the last the closing balance"]))
                    continue
                }
            }
            statements.noteBalance(account: account, opening: opening, amount: stated.amount, date: stated.date)
        }
    }
}
