import FinanceCore

/// Pending rows the balance column shows booked: PayPal's activity download marks the bank
/// funding of a payment (`Bank Deposit to PP Account`) `Pending` for days, while its `Balance`
/// column already counts it (`-6.99` after the payment, `0.00` after the funding). Skipping such
/// a row would leave the running balance wrong at every later row, and the payment unfunded.
///
/// The evidence is the file's own arithmetic, so any export with a status and a balance column is
/// read this way: a pending row whose balance is the balance of the account's previous row (in
/// the same currency) plus its amount, net of any fee, is read as a transaction, with one warning
/// per file. A pending row the balance leaves out, the first row of an account (no balance before
/// it) and every pending row of a file that runs newest first (the balance before a row is then
/// below it, not yet read) stay skipped, as under `--strict`.
extension CSVRowMapper {
    static let pendingInBalanceCode = "csv.lenient.pending-in-balance"

    /// Whether rows' balances are followed for pending rows: only in a file with a status column
    /// and a balance column (other files pay nothing for it).
    var followsPendingBalances: Bool { columns.status != nil && columns.balance != nil && !options.strict }

    /// Whether rows' balances are noted as the balance before the next row: for pending rows, and
    /// for reversed rows even under `--strict` (`reversedRowLeftOut`).
    var notesBalancesBefore: Bool { columns.status != nil && columns.balance != nil }

    /// Whether a row whose status says `Reversed` is one its balance cell shows never moved the
    /// account: the balance before it plus its amount is not the balance it states (M-Pesa lists
    /// a reversal it never booked). A reversed row the balance counts (PayPal's reversed payment,
    /// whose reversal is a row of its own), and one with no balance to test against (no balance
    /// column, the account's first row, a file newest first), stays a transaction.
    @inline(never)
    func reversedRowLeftOut(_ record: borrowing CSVRecord) -> Bool {
        guard let (stated, expected) = balanceTest(record) else { return false }
        return expected != stated
    }

    /// The balance `record` states and the one its account's previous row and its amount give,
    /// when both are known; `nil` without a balance column, for the account's first row, and in a
    /// file that runs newest first (the balance before this row is on a row not read yet).
    private func balanceTest(_ record: borrowing CSVRecord) -> (stated: Money, expected: Money)? {
        guard let balanceColumn = columns.balance, let net = pendingNet(record),
            case .success(let parsed) = parseBalance(record, balanceColumn)
        else { return nil }
        if let first = firstRowDate, columns.date < record.count,
            let date = record.withField(columns.date, { dialect.dateFormat.parse(CSVRecord.trimmed($0)) }), date < first
        {
            return nil
        }
        var stated = Money(units: parsed.units, scale: parsed.scale)
        if invertsAmounts { stated.units = -stated.units }
        guard let before = balancesBefore[balanceKey(record)], let expected = before.adding(net) else { return nil }
        return (stated, expected)
    }

    /// Whether the pending row `record` is one the balance column shows booked; says so once per
    /// file when it is.
    @inline(never)
    func pendingRowInBalance(_ record: borrowing CSVRecord, statusColumn: Int) -> Bool {
        guard followsPendingBalances, let balanceColumn = columns.balance, let (stated, expected) = balanceTest(record), expected == stated
        else { return false }
        if leniencies.isFirst(Self.pendingInBalanceCode) {
            let at = record.location(ofField: statusColumn)
            let leniency = Leniency(
                code: Self.pendingInBalanceCode,
                "the row's \(columnName(statusColumn)) is '\(record.string(statusColumn))', but its \(columnName(balanceColumn)) shows its amount booked (the balance before it plus its amount); read it and the file's other such rows as transactions",
                notes: [
                    "a pending row the balance does not include is still skipped; --strict skips them all"
                ], changesMeaning: true)
            holdBack(leniency, at: SourceLocation(file: file, line: at.line, column: at.column))
        }
        return true
    }

    /// Notes the balance a read row states, as the balance before its account's next row.
    @inline(never)
    func noteBalanceBefore(_ record: borrowing CSVRecord, date: LocalDate) {
        if firstRowDate == nil { firstRowDate = date }
        guard let column = columns.balance else { return }
        let key = balanceKey(record)
        guard case .success(let parsed) = parseBalance(record, column) else {
            balancesBefore[key] = nil
            return
        }
        var stated = Money(units: parsed.units, scale: parsed.scale)
        if invertsAmounts { stated.units = -stated.units }
        balancesBefore[key] = stated
    }

    /// The row's account and currency, as the running-balance check groups rows.
    private func balanceKey(_ record: borrowing CSVRecord) -> String {
        let account = defaultAccount ?? columns.account.map { record.string($0) } ?? ""
        var currency = ""
        if let column = columns.currency, column < record.count { currency = TextFolding.fold(record.string(column)) }
        return account + "\u{1F}" + currency
    }

    /// A pending row's amount as `row` would read it (signed, inverted, less its fee), without
    /// its currency; `nil` when it does not read.
    private func pendingNet(_ record: borrowing CSVRecord) -> Money? {
        var amount = Money(units: 0, scale: 0)
        if let column = filledAmountColumn(record) {
            guard case .success(let parsed) = parseAmount(record, column) else { return nil }
            amount = Money(units: parsed.units, scale: parsed.scale)
            if let direction = columns.direction, !parsed.isSigned {
                guard direction < record.count, let out = DirectionWords.isMoneyOut(TextFolding.fold(record.string(direction))) else { return nil }
                if out { amount.units = -amount.units }
            }
        } else {
            var saw = false
            for (column, isCredit) in [(columns.debit, false), (columns.credit, true)] {
                guard let column, case .success(let parsed) = parseAmount(record, column) else { continue }
                let magnitude = Money(units: abs(parsed.units), scale: parsed.scale)
                let credit = parsed.hasDirectionMark ? parsed.units >= 0 : isCredit
                guard let signed = credit ? magnitude : magnitude.negated, let sum = amount.adding(signed) else { return nil }
                amount = sum
                saw = true
            }
            guard saw else { return nil }
        }
        if invertsAmounts { amount.units = -amount.units }
        if let column = columns.fee, case .success(let fee) = parseAmount(record, column) {
            guard let net = amount.adding(Money(units: -abs(fee.units), scale: fee.scale)) else { return nil }
            amount = net
        }
        return amount
    }
}
