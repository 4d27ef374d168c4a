import FinanceCore

/// Writes a beancount file (`--to beancount`) that `bean-check` accepts: one transaction per
/// activity, and an `open` directive for every account used.
///
///     2024-05-03 * "Whole Foods Market" "POS 0503"
///       id: "5f0c2a9e4b1d7c33"
///       fitid: "20240503001"
///       source: "Samples/us-checking-chase.csv:14"
///       Assets:Bank:Checking-1234                     -54.20 USD
///       Expenses:Food:Groceries                        54.20 USD
///
///     2024-05-01 open Assets:Bank:Checking-1234
///     2024-05-03 open Expenses:Food:Groceries
///
/// Following beancount's language syntax:
/// - "Transactions": date, flag `*` (the bank booked it), payee and narration strings (the memo, or
///   `""`), escaped (`JournalText.putBeancountString`).
/// - "Metadata": `key: "value"` lines indented under the transaction, keys starting with a
///   lower-case letter: `id` (pfin's stable id), `fitid` (the bank's, when known), `check`, and
///   `source` (file and line), so that a re-import can be recognised.
/// - "Postings": the bank side (`JournalAccounts.bank`) with the signed amount and the other side
///   (`JournalAccounts.counterpart`) with its negation, both written, in accounts spelled by
///   `BeancountAccountName`. Every amount needs a currency: an unknown one is written as `XXX`.
/// - "Balance": a statement's opening balance, against `Equity:Opening-Balances`, the first time
///   its account states one, and a `balance` directive for each closing balance, dated the day
///   after it since beancount checks at the start of the day (`JournalBalances`).
/// - "Open": an account must be opened on or before its first use. beancount sorts directives by
///   date and does not care where in the file they stand ("the order of declarations in the file
///   is not important"), so the opens come at the end, each dated by the first transaction that
///   uses the account, sorted by name. That way the writer streams: only the account table is kept.
public struct BeancountWriter: StatementWriter {
    private let output: ByteOutput
    private let buffer = ByteBuffer()
    private let accounts = JournalAccountTable(spelling: BeancountAccountName.component)
    private var source = JournalSourceText(context: .beancountString)
    private var unknownCurrencies = 0
    private var balances = JournalBalances()

    public init(output: ByteOutput) {
        self.output = output
    }

    public var notices: [String] { JournalPosting.currencyNotice(unknownCurrencies) }

    public mutating func statement(_ info: StatementInfo) throws {
        accounts.know(info.account)
        guard let plan = balances.plan(info, accounts: accounts) else { return }
        let bank = accounts.name(accounts.entries[plan.bank])
        var text = ""
        if let opening = plan.opening {
            let equityIndex = accounts.openingBalances(on: plan.openingDate)  // before `entries`: it may add one
            let equity = accounts.name(accounts.entries[equityIndex])
            text += "\(plan.openingDate) * \"Opening balance\" \"\"\n  source: \(JournalText.beancountString(info.source.description))\n"
            text += JournalBalances.posting(indent: 2, account: bank, amount: JournalBalances.text(opening))
            text += JournalBalances.posting(indent: 2, account: equity, amount: JournalBalances.text(opening.negated ?? opening)) + "\n"
        }
        // beancount checks a balance at the start of its day: the day after the statement's.
        text += "\(plan.closing.date.adding(days: 1)) balance \(bank)  \(JournalBalances.text(plan.closing.amount))\n"
        text += "  source: \(JournalText.beancountString(info.source.description))\n\n"
        buffer.append(contentsOf: Array(text.utf8))
    }

    public mutating func write(_ a: PaymentActivity) throws {
        // Indices first: looking an account up may add it to the table.
        let bankIndex = accounts.bank(a.account, on: a.date)
        let otherIndex = accounts.counterpart(category: a.category, type: a.type, account: a.account, on: a.date)
        let bank = accounts.entries[bankIndex], other = accounts.entries[otherIndex]
        balances.add(a.amount, bank: bankIndex)
        if a.currency == nil { unknownCurrencies += 1 }
        source.file(a.source.file)

        var strings = a.name.utf8.count
        if let memo = a.memo { strings += memo.utf8.count }
        if let fitid = a.fitid { strings += fitid.utf8.count }
        if let check = a.checkNumber { strings += check.utf8.count }
        let out = buffer
        out.write(maximum: 160 + 2 * strings + source.fileText.count + bank.count + other.count + 2 * JournalPosting.maximumExtra) { start in
            var p = JSONCursor(start)

            p.advance(a.date.writeISO(to: p.at))
            p.put(" * \"")
            p.advance(a.name.withUTF8Bytes { JournalText.putBeancountString($0, at: p.at) })
            p.put("\" \"")
            if let memo = a.memo {
                p.advance(memo.withUTF8Bytes { JournalText.putBeancountString($0, at: p.at) })
            }
            p.put("\"\n  id: \"")
            p.advance(a.id.writeHex(to: p.at))
            if let fitid = a.fitid {
                p.put("\"\n  fitid: \"")
                p.advance(fitid.withUTF8Bytes { JournalText.putBeancountString($0, at: p.at) })
            }
            if let check = a.checkNumber {
                p.put("\"\n  check: \"")
                p.advance(check.withUTF8Bytes { JournalText.putBeancountString($0, at: p.at) })
            }
            p.put("\"\n  source: \"")
            p.advance(source.put(line: a.source.line, at: p.at))
            p.put("\"\n")
            p.advance(accounts.putPostings(a, bank: bank, other: other, indent: 2, at: p.at))
            p.put(0x0A)
            return p.at - start
        }
        if out.count >= 1 << 16 {
            try output.write(out)
            out.removeAll()
        }
    }

    /// Writes the buffered transactions, then the `open` directives.
    public mutating func finish() throws {
        let out = buffer
        let opened = accounts.entries.sorted(by: accounts.nameOrder)
        if !opened.isEmpty { out.append("; Accounts, each opened on the day of its first transaction.\n") }
        for entry in opened {
            out.write(maximum: 16) { entry.firstUse.writeISO(to: $0) }
            out.append(" open ")
            accounts.withName(entry) { out.append($0) }
            out.append(0x0A)
        }
        try output.write(out)
        out.removeAll()
    }
}
