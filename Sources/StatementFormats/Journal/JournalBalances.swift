import FinanceCore

/// What a journal writer makes of a statement's stated balances: an opening balance the first
/// time an account states one, and an assertion of every closing (ledger) balance.
///
/// A journal starts each account at zero, so a closing balance holds only once the balance before
/// the file's transactions is in it too: the statement's opening balance where it states one
/// (CAMT `OPBD`, MT940 `:60F:`, Norma 43), else the closing balance less the account's
/// transactions written so far (OFX, which states only `LEDGERBAL`; a CSV balance column). That
/// opening is booked against `Equity:Opening Balances` once per account and currency; later
/// statements of the account are asserted on what came before, so a gap between them shows.
///
/// Statements may reach the writer after their transactions (OFX and CSV send balances at the
/// end), so nothing is placed among the transactions: the opening and the assertion are written
/// as transactions of their own when the statement comes, dated the opening's and the closing's
/// day. hledger checks assertions in date order, ledger in the order of the file; written after
/// the statement's transactions and dated as they are, they hold in both. Only the running sum
/// of each account and currency is kept, never the transactions.
struct JournalBalances {
    private struct Key: Hashable {
        var bank: Int
        var currency: CurrencyCode?
    }

    /// What to write for a statement.
    struct Plan {
        var bank: Int
        /// The balance to book before the account's transactions, and its day; `nil` after the
        /// account's first statement, or when it is zero and only implied.
        var opening: Money?
        var openingDate: LocalDate
        var closing: Balance
    }

    private var sums: [Key: Money] = [:]
    private var last: Key?
    private var lastSum = Money.zero()
    private var opened: Set<Key> = []

    /// Adds a written amount to its account's sum. On the path of every transaction: the account
    /// and currency of the last one are nearly always the next one's.
    @inline(__always)
    mutating func add(_ amount: Money, bank: Int) {
        let key = Key(bank: bank, currency: amount.currency)
        if key != last { switchTo(key) }
        if let sum = lastSum.adding(amount) { lastSum = sum }
    }

    @inline(never)
    private mutating func switchTo(_ key: Key) {
        if let last { sums[last] = lastSum }
        last = key
        lastSum = sums[key] ?? Money.zero()
        lastSum.currency = key.currency
    }

    /// The opening and the assertion a statement with a closing balance calls for.
    mutating func plan(_ info: StatementInfo, accounts: JournalAccountTable) -> Plan? {
        guard var closing = info.ledgerBalance else { return nil }
        if closing.amount.currency == nil { closing.amount.currency = info.currency }
        let account: String? = info.account.id.isEmpty ? nil : info.account.id
        let bank = accounts.bank(account, on: closing.date)
        let key = Key(bank: bank, currency: closing.amount.currency)
        if let last { sums[last] = lastSum }
        last = nil
        guard opened.insert(key).inserted else {
            return Plan(bank: bank, opening: nil, openingDate: closing.date, closing: closing)
        }
        let firstUse = accounts.entries[bank].firstUse
        var opening: Money
        var date = firstUse
        if let stated = info.openingBalance {
            opening = stated.amount
            date = min(stated.date, firstUse)
        } else {
            var written = sums[key] ?? Money.zero()
            written.currency = closing.amount.currency
            opening = closing.amount.adding(written.negated ?? written) ?? closing.amount
            if opening.isZero { return Plan(bank: bank, opening: nil, openingDate: date, closing: closing) }
        }
        opening.currency = closing.amount.currency
        _ = accounts.bank(account, on: date)
        return Plan(bank: bank, opening: opening, openingDate: date, closing: closing)
    }

    /// `amount` and its commodity, `12.50 EUR` (`XXX` without a currency).
    static func text(_ amount: Money) -> String {
        amount.decimalString + " " + (amount.currency?.description ?? JournalPosting.unknownCommodity.description)
    }

    /// A posting line with its amount right-aligned as `JournalPosting` aligns them.
    static func posting(indent: Int, account: String, amount: String, assertion: String? = nil) -> String {
        let width = account.unicodeScalars.count
        let number = amount.split(separator: " ").first.map(String.init) ?? amount
        let padding = max(2, JournalPosting.amountEnd - indent - width - number.count)
        var line = String(repeating: " ", count: indent) + account + String(repeating: " ", count: padding) + amount
        if let assertion { line += " = " + assertion }
        return line + "\n"
    }
}
