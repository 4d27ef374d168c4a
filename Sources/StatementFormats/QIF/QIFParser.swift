import FinanceCore

/// Reads a QIF file line by line: section headers, account blocks and transaction records.
///
/// Structure (Quicken's QIF, as documented in Quicken's help and followed by GnuCash and
/// KMyMoney): a `!` line starts a section; each record is a run of lines whose first character
/// names the field, ended by a line `^`. Transaction sections are `!Type:Bank`, `!Type:CCard`,
/// `!Type:Cash`, `!Type:Oth A` and `!Type:Oth L`; other `!Type:` sections (Invst, Cat, Class,
/// Memorized, Prices…) are skipped with one warning each. An `!Account` block (`N` name, `T`
/// type, `^`) names the account of the sections after it, unless `!Option:AutoSwitch` is on:
/// then `!Account` blocks are only an account list, until `!Clear:AutoSwitch`.
///
/// Leniencies: a record cut off by a header or by the end of the file (no final `^`) is still
/// read; records before any header are read as `!Type:Bank`, with a warning. Lines starting with
/// `#` before the first header or between records are comments (some tools' test files open with
/// `### … ###` lines): skipped, with one warning. A `D` line after a record's first `S` line (a
/// date of a split's own, which Quicken's format does not have) is not read: every split keeps
/// the transaction's date, with one warning.
struct QIFParser {
    enum Section {
        case none
        case transactions
        case account
        case skipped
    }

    let file: String
    let options: ReadOptions
    let prescan: QIFPrescan
    let mapper: QIFRecordMapper
    private var section = Section.none
    private var record = QIFRecord()
    private var accountName: String?
    /// The `T` line of the `!Account` block being read (`Bank`, `CCard`…).
    private var accountType: String?
    /// The block's statement balance (`$`) and its date (`/`), as written.
    private var blockBalance: (text: String, line: Int)?
    private var blockBalanceDate: (text: String, line: Int)?
    /// The balances the blocks stated, with the account, its kind and the block's line, in file order.
    private var statedBalances: [(String, AccountKind?, Balance, Int)] = []
    /// The name of the last finished `!Account` block.
    private var lastBlockName: String?
    private var currentAccount: String?
    /// The currency the names of the last block and of the current section state (`Checking (EUR)`).
    private var lastBlockCurrency: CurrencyCode?
    private var currentCurrency: CurrencyCode?
    private var autoSwitch = false
    /// The line of the account block's `N`.
    private var blockLine = 0
    /// Accounts already reported (`sink.statement`), and those reported as credit cards.
    private var reported: Set<String> = []
    private var cards: Set<String> = []
    /// Whether the transactions read are under `!Type:CCard`.
    private var inCardSection = false
    /// Field letters already warned about, one bit each.
    private var warnedLetters: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var warnedComment = false
    private var warnedSplitDate = false

    init(file: String, options: ReadOptions, prescan: QIFPrescan) {
        self.file = file
        self.options = options
        self.prescan = prescan
        mapper = QIFRecordMapper(file: file, currency: options.currency, incomeCategories: prescan.incomeCategories)
    }

    /// Handles one line (without its line break).
    mutating func line(_ raw: UnsafeBufferPointer<UInt8>, number: Int, into sink: inout some ActivitySink) throws {
        let text = QIFText.trimmed(raw)
        guard let letter = text.first else { return }
        let value = UnsafeBufferPointer(rebasing: text[1...])
        switch letter {
        case UInt8(ascii: "^"):
            try endRecord(into: &sink)
            return
        case UInt8(ascii: "!"):
            try header(text, number: number, into: &sink)
            return
        case UInt8(ascii: "#") where section == .none || section == .transactions && record.line == 0:
            if !warnedComment {
                warnedComment = true
                try sink.report(QIFIssue.commentLines.diagnostic(at: SourceLocation(file: file, line: number, column: 1)))
            }
            return
        default:
            break
        }
        switch section {
        case .transactions:
            try field(letter, value, number: number, into: &sink)
        case .account:
            if letter == UInt8(ascii: "N") {
                accountName = QIFText.string(QIFText.trimmed(value))
                blockLine = number
            }
            if letter == UInt8(ascii: "T") { accountType = QIFText.string(QIFText.trimmed(value)) }
            if letter == UInt8(ascii: "$") { blockBalance = (QIFText.string(QIFText.trimmed(value)), number) }
            if letter == UInt8(ascii: "/") { blockBalanceDate = (QIFText.string(QIFText.trimmed(value)), number) }
        case .skipped:
            return
        case .none:
            try sink.report(QIFIssue.recordsBeforeHeader.diagnostic(at: SourceLocation(file: file, line: number, column: 1)))
            section = .transactions
            try field(letter, value, number: number, into: &sink)
        }
    }

    /// The end of the input: a last record without its `^` still counts. The balances the
    /// `!Account` blocks stated follow every transaction, as sinks expect a statement's balance
    /// after its transactions (a block comes before them, and with AutoSwitch before all of them).
    mutating func finish(into sink: inout some ActivitySink) throws {
        try endRecord(into: &sink)
        for (account, kind, balance, line) in statedBalances {
            let info = StatementInfo(
                account: Account(id: account, kind: cards.contains(account) ? .creditCard : kind), ledgerBalance: balance,
                source: SourceLocation(file: file, line: line, column: 1))
            try sink.statement(info)
        }
    }

    private mutating func endRecord(into sink: inout some ActivitySink) throws {
        switch section {
        case .transactions:
            guard record.line > 0 else { return }
            let account = options.account ?? currentAccount
            if isOpeningBalance(record) { record.category = QIFCategory.openingBalances }
            try mapper.emit(&record, account: account, card: inCardSection || account.map(cards.contains) == true, into: &sink)
            record.reset()
        case .account:
            if let named = accountName {
                // pfin writes an account's amounts in each currency in a section of its own,
                // named with the currency (QIF has no currency field): take it back from there.
                let (accountName, currency) = Self.currencySuffix(named)
                lastBlockName = accountName
                lastBlockCurrency = currency
                if !autoSwitch {
                    currentAccount = accountName
                    currentCurrency = currency
                }
                // Every account the file lists is reported, so that writers know them all before
                // their transactions (the journals' transfers between two of them, QIF's `CCard`).
                // GnuCash's income and expense accounts are categories, no statement's account.
                if options.account == nil, let accountName, QIFCategory.root(ofAccount: accountName) == nil {
                    try report(accountName, kind: Self.kind(ofType: accountType), line: blockLine, into: &sink)
                }
                if let balance = try statedBalance(currency: currency ?? options.currency, into: &sink),
                    let account = options.account ?? accountName
                {
                    statedBalances.append((account, Self.kind(ofType: accountType), balance, blockLine))
                }
            }
            accountName = nil
            accountType = nil
            blockBalance = nil
            blockBalanceDate = nil
        case .none, .skipped:
            return
        }
    }

    private mutating func header(_ text: UnsafeBufferPointer<UInt8>, number: Int, into sink: inout some ActivitySink) throws {
        let afterAccount = section == .account
        try endRecord(into: &sink)
        if QIFText.hasPrefixIgnoringCase(text, "!Type:") {
            let name = QIFText.trimmed(UnsafeBufferPointer(rebasing: text[6...]))
            if QIFText.equalsIgnoringCase(name, "Bank") || QIFText.equalsIgnoringCase(name, "CCard") || QIFText.equalsIgnoringCase(name, "Cash")
                || QIFText.equalsIgnoringCase(name, "Oth A") || QIFText.equalsIgnoringCase(name, "Oth L")
            {
                // Some exporters set AutoSwitch and never clear it, writing each account's block
                // right before its transactions: a block directly followed by them names them.
                if autoSwitch && afterAccount, let lastBlockName {
                    currentAccount = lastBlockName
                    currentCurrency = lastBlockCurrency
                }
                section = .transactions
                inCardSection = QIFText.equalsIgnoringCase(name, "CCard")
                // A card section says what kind of account it is, for the writers that care (OFX, QIF).
                if QIFText.equalsIgnoringCase(name, "CCard"), let card = options.account ?? currentAccount, !cards.contains(card) {
                    try report(card, kind: .creditCard, line: number, into: &sink)
                }
            } else {
                section = .skipped
                // A category list holds no transactions, but its income marks were read (`QIFPrescan`).
                let issue =
                    QIFText.equalsIgnoringCase(name, "Cat")
                    ? QIFIssue.categoryList(name: QIFText.string(name), income: prescan.incomeCategories.count)
                    : QIFIssue.skippedSection(name: QIFText.string(name))
                try sink.report(issue.diagnostic(at: SourceLocation(file: file, line: number, column: 1)))
            }
        } else if QIFText.equalsIgnoringCase(text, "!Account") {
            section = .account
            accountName = nil
            accountType = nil
            blockBalance = nil
            blockBalanceDate = nil
        } else if QIFText.equalsIgnoringCase(text, "!Option:AutoSwitch") {
            autoSwitch = true
        } else if QIFText.equalsIgnoringCase(text, "!Clear:AutoSwitch") {
            autoSwitch = false
        } else if QIFText.hasPrefixIgnoringCase(text, "!Option:") || QIFText.hasPrefixIgnoringCase(text, "!Clear:") {
            // Other options (`!Option:MDY`, `!Option:DMY`) were read by the prescan or change nothing here.
            return
        } else {
            section = .skipped
            let issue = QIFIssue.unknownHeader(text: QIFText.string(text))
            try sink.report(issue.diagnostic(at: SourceLocation(file: file, line: number, column: 1)))
        }
    }

    /// The account kind an `!Account` block's `T` names: `Bank` and `CCard` map to OFX's; the
    /// others (`Cash`, `Oth A`, `Oth L`, `Invst`) have no OFX kind.
    private static func kind(ofType type: String?) -> AccountKind? {
        switch type?.lowercased() {
        case "bank": return .checking
        case "ccard": return .creditCard
        default: return nil
        }
    }

    /// An account name that ends in an upper-case ISO 4217 code in parentheses (`Checking 1234 (EUR)`, `(EUR)`)
    /// split into the name before it (`nil` when none) and the currency; any other name unchanged.
    static func currencySuffix(_ name: String) -> (String?, CurrencyCode?) {
        let bytes = Array(name.utf8)
        guard bytes.count >= 5, bytes[bytes.count - 5] == UInt8(ascii: "("), bytes[bytes.count - 1] == UInt8(ascii: ")"),
            bytes[(bytes.count - 4)..<(bytes.count - 1)].allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }),
            let code = CurrencyCode(String(decoding: bytes[(bytes.count - 4)..<(bytes.count - 1)], as: UTF8.self)),
            CurrencyText.isoCodes.contains(code)
        else { return (name, nil) }
        var base = bytes[..<(bytes.count - 5)]
        while base.last == 0x20 { base.removeLast() }
        return (base.isEmpty ? nil : String(decoding: base, as: UTF8.self), code)
    }

    /// Whether a record is the account's opening balance: a transfer to the account itself
    /// (`L[Checking]` in Checking's section), without splits, whatever the payee (Quicken writes
    /// `Opening Balance`, a German Quicken or Finanzmanager `Eröffnungssaldo`); or, in a file that
    /// names no account, such a transfer whose payee is an opening balance word in any of the
    /// languages CSV balance rows are read in (`Opening Balance`, `Anfangssaldo`, `Solde initial`,
    /// `Saldo inicial`, `Beginsaldo`). The money was there before the account's first
    /// transaction, not moved from another account.
    private func isOpeningBalance(_ record: QIFRecord) -> Bool {
        guard record.splits.isEmpty, let category = record.category, category.isTransfer else { return false }
        let target = category.name.dropFirst(QIFCategory.transferPrefix.count)
        if let own = currentAccount ?? options.account { return target == own[...] || target == options.account?[...] }
        guard let name = record.name else { return false }
        return BalanceRowWords.kind(ofFolded: TextFolding.fold(name)) == .opening
    }

    /// The statement balance an `!Account` block states (QIF: `$` the balance, `/` its date,
    /// as KMyMoney and Quicken write them), `nil` when it states none; one that cannot be read,
    /// or has no date, is a warning and no balance.
    private func statedBalance(currency: CurrencyCode?, into sink: inout some ActivitySink) throws -> Balance? {
        guard let text = blockBalance else { return nil }
        let parsed = Array(text.text.utf8).withUnsafeBufferPointer { AmountParser.parse($0, decimalMark: prescan.decimalMark) }
        let date = blockBalanceDate.flatMap { date in Array(date.text.utf8).withUnsafeBufferPointer { QIFDateParts.split($0)?.date(prescan.dateOrder) } }
        guard case .success(let amount) = parsed, let date else {
            let issue = QIFIssue.unreadBalance(amount: text.text, date: blockBalanceDate?.text, order: prescan.dateOrder)
            try sink.report(issue.diagnostic(at: SourceLocation(file: file, line: text.line, column: 1)))
            return nil
        }
        return Balance(amount: Money(units: amount.units, scale: amount.scale, currency: amount.currency(else: currency)), date: date)
    }

    /// Tells the sink about an account (once, or again when it turns out to be a card).
    private mutating func report(_ account: String, kind: AccountKind?, line: Int, into sink: inout some ActivitySink) throws {
        guard reported.insert(account).inserted || (kind == .creditCard && !cards.contains(account)) else { return }
        if kind == .creditCard { cards.insert(account) }
        try sink.statement(StatementInfo(account: Account(id: account, kind: kind), source: SourceLocation(file: file, line: line, column: 1)))
    }

    @inline(__always)
    private mutating func field(_ letter: UInt8, _ raw: UnsafeBufferPointer<UInt8>, number: Int, into sink: inout some ActivitySink) throws {
        if record.line == 0 { record.line = number }
        let value = QIFText.trimmed(raw)
        switch letter {
        case UInt8(ascii: "D") where !record.splits.isEmpty && record.date != nil:
            if !warnedSplitDate {
                warnedSplitDate = true
                try sink.report(QIFIssue.splitDate(text: QIFText.string(value)).diagnostic(at: SourceLocation(file: file, line: number, column: 1)))
            }
        case UInt8(ascii: "D"):
            if let date = QIFDateParts.split(value)?.date(prescan.dateOrder) {
                record.date = date
            } else {
                try fail(.badDate(text: QIFText.string(value), order: prescan.dateOrder, record: record.line), number, into: &sink)
            }
        case UInt8(ascii: "T"), UInt8(ascii: "U"):
            // Quicken writes `U` as a copy of `T`: read it only when no `T` came before.
            guard letter == UInt8(ascii: "T") || !record.sawTotal else { return }
            record.sawTotal = letter == UInt8(ascii: "T")
            record.amount = try amount(value, letter: letter, number, into: &sink)
        case UInt8(ascii: "P"):
            record.name = QIFText.string(value)
        case UInt8(ascii: "M"):
            record.memo = value.isEmpty ? nil : QIFText.string(value)
        case UInt8(ascii: "A"):
            guard !value.isEmpty else { return }
            let line = QIFText.string(value)
            record.address = record.address.map { $0 + ", " + line } ?? line
        case UInt8(ascii: "L"):
            record.category = QIFCategory(value)
        case UInt8(ascii: "N"):
            guard !value.isEmpty else { return }
            if value.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) { record.checkNumber = QIFText.string(value) } else { record.code = QIFText.string(value) }
        case UInt8(ascii: "C"), UInt8(ascii: "F"), UInt8(ascii: "%"):
            // Cleared status (`*`, `c`, `X`, `R`), reimbursable flag, split percentage: nothing to keep.
            return
        case UInt8(ascii: "S"):
            record.splits.append(QIFSplit(line: number, category: QIFCategory(value)))
        case UInt8(ascii: "E"):
            if record.splits.last == nil || record.splits[record.splits.count - 1].memo != nil {
                record.splits.append(QIFSplit(line: number))
            }
            record.splits[record.splits.count - 1].memo = value.isEmpty ? nil : QIFText.string(value)
        case UInt8(ascii: "$"):
            if record.splits.last == nil || record.splits[record.splits.count - 1].amount != nil {
                record.splits.append(QIFSplit(line: number))
            }
            // An unreadable split amount (`$=746.36`, in the QIF spec's own sample) does not lose the
            // record: the mapper gives the split what the total leaves, or reports this then.
            switch parsedAmount(value) {
            case .success(let money): record.splits[record.splits.count - 1].amount = money
            case .failure(let failure):
                let text = QIFText.string(value)
                let issue = QIFIssue.badAmount(text: text, letter: letter, decimalMark: prescan.decimalMark, failure: failure, record: record.line)
                record.splits[record.splits.count - 1].unreadAmount = (issue, text, number)
            }
        default:
            try unknown(letter, number, into: &sink)
        }
    }

    private func parsedAmount(_ value: UnsafeBufferPointer<UInt8>) -> Result<Money, AmountParseFailure> {
        AmountParser.parse(value, decimalMark: prescan.decimalMark).map {
            Money(units: $0.units, scale: $0.scale, currency: $0.currency(else: currentCurrency ?? options.currency))
        }
    }

    private mutating func amount(_ value: UnsafeBufferPointer<UInt8>, letter: UInt8, _ number: Int, into sink: inout some ActivitySink) throws -> Money? {
        switch parsedAmount(value) {
        case .success(let money):
            return money
        case .failure(let failure):
            try fail(
                .badAmount(text: QIFText.string(value), letter: letter, decimalMark: prescan.decimalMark, failure: failure, record: record.line), number,
                into: &sink)
            return nil
        }
    }

    private mutating func fail(_ issue: QIFIssue, _ number: Int, into sink: inout some ActivitySink) throws {
        record.failed = true
        try sink.report(issue.diagnostic(at: SourceLocation(file: file, line: number, column: 2)))
    }

    private mutating func unknown(_ letter: UInt8, _ number: Int, into sink: inout some ActivitySink) throws {
        let bit = UInt64(1) << UInt64(letter & 63)
        let seen: Bool
        switch letter >> 6 {
        case 0: seen = warnedLetters.0 & bit != 0; warnedLetters.0 |= bit
        case 1: seen = warnedLetters.1 & bit != 0; warnedLetters.1 |= bit
        case 2: seen = warnedLetters.2 & bit != 0; warnedLetters.2 |= bit
        default: seen = warnedLetters.3 & bit != 0; warnedLetters.3 |= bit
        }
        guard !seen else { return }
        let shown = letter < 0x80 ? String(UnicodeScalar(letter)) : "byte 0x" + String(letter, radix: 16, uppercase: true)
        try sink.report(QIFIssue.unknownField(letter: shown).diagnostic(at: SourceLocation(file: file, line: number, column: 1)))
    }
}
