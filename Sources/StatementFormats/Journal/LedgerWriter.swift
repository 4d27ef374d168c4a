import FinanceCore

/// Writes a journal that ledger and hledger both read (`--to ledger`): one transaction per activity.
///
///     2024-05-03 * Whole Foods Market | POS 0503
///         ; id: 5f0c2a9e4b1d7c33
///         ; fitid: 20240503001
///         ; source: Samples/us-checking-chase.csv:14
///         Assets:Bank:Checking 1234                   -54.20 USD
///         Expenses:Food:Groceries                      54.20 USD
///
/// - Date `YYYY-MM-DD` and status `*` (cleared: the bank booked it). A check number becomes the
///   transaction code, `(1001)`.
/// - Description: the payee, then ` | ` and the memo when there is one: hledger's "payee | note"
///   convention (hledger journal manual, "Payee and note"); ledger reads the whole line as the
///   payee. Characters the tools read as syntax are replaced (`JournalText`); a description that
///   would start with `(` gets an empty code `()` first, or both tools would take it for a code.
/// - Metadata as comment lines under the description, which both tools attach to the transaction
///   as tags (hledger manual "Tags"; ledger manual "Metadata"): `id` (pfin's stable id),
///   `fitid` (the bank's id, when known), `check`, and `source` (file and line), so a re-import
///   can be recognised (`hledger print tag:id=…`, `ledger reg %id=…`).
/// - Postings: the bank side (`JournalAccounts.bank`) with the signed amount, and the other side
///   (`JournalAccounts.counterpart`) with its negation, both written out (`JournalPosting`).
///   Account names are spelled by `LedgerAccountName`.
///
/// - Balances (`JournalBalances`): a statement's opening balance, against `Equity:Opening
///   Balances`, the first time its account states one, and an assertion of each closing balance,
///   `Assets:Bank:X  0 EUR = 1234.56 EUR`, as transactions of their own.
///
/// Streaming: transactions are written as they come, through a 64 KiB buffer; only the table of
/// account names (one entry per distinct account or category) and the commodities are kept. At the
/// end, an `account` directive for every account and a `commodity` directive for every commodity
/// used, sorted, so that `hledger -s` (strict: hledger manual, "Strict mode") accepts the journal;
/// hledger reads declarations wherever they stand. (ledger's `--pedantic` wants them before first
/// use, which a streaming writer cannot do; ledger reads the journal without it.)
public struct LedgerWriter: StatementWriter {
    private let output: ByteOutput
    private let buffer = ByteBuffer()
    private let accounts = JournalAccountTable(spelling: LedgerAccountName.component)
    private var source = JournalSourceText(context: .comment)
    private var unknownCurrencies = 0
    /// The commodities used, by packed ISO code (0 for XXX, no currency), and the last one seen.
    private var commodities: [UInt32: String] = [:]
    private var lastCommodity: UInt32?
    private var balances = JournalBalances()

    public init(output: ByteOutput) {
        self.output = output
    }

    public var notices: [String] { JournalPosting.currencyNotice(unknownCurrencies) }

    public mutating func statement(_ info: StatementInfo) throws {
        accounts.know(info.account)
        guard let plan = balances.plan(info, accounts: accounts) else { return }
        let bank = accounts.name(accounts.entries[plan.bank])
        let closing = plan.closing.amount
        let commodity = closing.currency?.packed ?? 0
        if commodities[commodity] == nil { commodities[commodity] = closing.currency?.description ?? JournalPosting.unknownCommodity.description }
        let where_ = "    ; source: \(JournalText.comment(info.source.description))\n"
        var text = ""
        if let opening = plan.opening {
            let equityIndex = accounts.openingBalances(on: plan.openingDate)  // before `entries`: it may add one
            let equity = accounts.name(accounts.entries[equityIndex])
            text += "\(plan.openingDate) * Opening balance\n" + where_
            text += JournalBalances.posting(indent: 4, account: bank, amount: JournalBalances.text(opening))
            text += JournalBalances.posting(indent: 4, account: equity, amount: JournalBalances.text(opening.negated ?? opening)) + "\n"
        }
        // An assertion on a posting of zero: a posting with no amount would be a balance
        // *assignment* to both tools, which never fails.
        text += "\(plan.closing.date) * Closing balance\n" + where_
        text +=
            JournalBalances.posting(
                indent: 4, account: bank, amount: JournalBalances.text(Money(units: 0, scale: 0, currency: closing.currency)),
                assertion: JournalBalances.text(closing)) + "\n"
        buffer.append(contentsOf: Array(text.utf8))
    }

    public mutating func write(_ a: PaymentActivity) throws {
        // Indices first: looking an account up may add it to the table.
        let bankIndex = accounts.bank(a.account, on: a.date)
        let otherIndex = accounts.counterpart(category: a.category, type: a.type, account: a.account, on: a.date)
        let bank = accounts.entries[bankIndex], other = accounts.entries[otherIndex]
        balances.add(a.amount, bank: bankIndex)
        if a.currency == nil { unknownCurrencies += 1 }
        let commodity = a.currency?.packed ?? 0
        if commodity != lastCommodity {
            if commodities[commodity] == nil { commodities[commodity] = a.currency?.description ?? JournalPosting.unknownCommodity.description }
            lastCommodity = commodity
        }
        if let foreign = JournalPosting.foreign(a), let code = foreign.amount.currency, commodities[code.packed] == nil {
            commodities[code.packed] = code.description
        }
        source.file(a.source.file)

        var strings = a.name.utf8.count
        if let memo = a.memo { strings += memo.utf8.count }
        if let fitid = a.fitid { strings += fitid.utf8.count }
        if let check = a.checkNumber { strings += 2 * check.utf8.count }
        let out = buffer
        out.write(maximum: 160 + strings + source.fileText.count + bank.count + other.count + 2 * JournalPosting.maximumExtra) { start in
            var p = JSONCursor(start)

            p.advance(a.date.writeISO(to: p.at))
            p.put(" * ")
            var wroteCode = false
            if let check = a.checkNumber, !check.isEmpty {
                p.put(UInt8(ascii: "("))
                p.advance(check.withUTF8Bytes { JournalText.put($0, .ledgerCode, at: p.at) })
                p.put(") ")
                wroteCode = true
            }
            a.name.withUTF8Bytes { name in
                if !wroteCode && Self.startsWithParenthesis(name) { p.put("() ") }
                p.advance(JournalText.put(name, .ledgerPayee, at: p.at))
            }
            if let memo = a.memo, !memo.isEmpty {
                p.put(" | ")
                p.advance(memo.withUTF8Bytes { JournalText.put($0, .ledgerNote, at: p.at) })
            }
            p.put("\n    ; id: ")
            p.advance(a.id.writeHex(to: p.at))
            if let fitid = a.fitid {
                p.put("\n    ; fitid: ")
                p.advance(fitid.withUTF8Bytes { JournalText.put($0, .comment, at: p.at) })
            }
            if let check = a.checkNumber {
                p.put("\n    ; check: ")
                p.advance(check.withUTF8Bytes { JournalText.put($0, .comment, at: p.at) })
            }
            p.put("\n    ; source: ")
            p.advance(source.put(line: a.source.line, at: p.at))
            p.put(0x0A)
            p.advance(accounts.putPostings(a, bank: bank, other: other, indent: 4, at: p.at))
            p.put(0x0A)
            return p.at - start
        }
        if out.count >= 1 << 16 {
            try output.write(out)
            out.removeAll()
        }
    }

    /// Writes the buffered transactions, then the declarations.
    public mutating func finish() throws {
        let out = buffer
        let declared = accounts.entries.sorted(by: accounts.nameOrder)
        if !declared.isEmpty { out.append("; Accounts and commodities, declared for hledger's strict mode (hledger -s).\n") }
        for entry in declared {
            out.append("account ")
            accounts.withName(entry) { out.append($0) }
            out.append(0x0A)
        }
        for code in commodities.values.sorted() {
            out.append("commodity ")
            out.append(contentsOf: Array(code.utf8))
            out.append(0x0A)
        }
        try output.write(out)
        out.removeAll()
    }

    /// Whether the first byte that is not a space or control is `(`, which both tools would read
    /// as the start of a transaction code.
    static func startsWithParenthesis(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b > 0x20 && b != 0x7F { return b == UInt8(ascii: "(") }
        return false
    }
}
