import FinanceCore

/// Rows that name the accounts on both sides (Firefly III's `source_name` and `destination_name`,
/// with their kinds): which side is the user's, which way the money went, and the other side of a
/// transfer between two of the user's accounts, which is a transaction on that account too.
///
/// Firefly III writes one row per transaction, whatever its accounts: a withdrawal negative, every
/// other row positive (a transfer too, and a reconciliation whichever way it went), so the sign
/// comes from the side, not from the cell.
extension CSVRowMapper {
    /// What a row's two sides say.
    struct RowSides {
        /// The user's side: the account the row is read on.
        var account: String?
        /// Whether the money left that account (it is the source).
        var out: Bool
        /// The account on the other side.
        var other: String?
        /// Whether the other side is the user's too (a transfer): the row is also a transaction on it.
        var otherIsOwn: Bool
        /// Firefly III's `Opening balance`: a transfer from `Equity:Opening Balances`.
        var opening: Bool
    }

    /// The kinds of account that hold the user's own money or debt (Firefly III's account types,
    /// folded); the others are where money goes to or comes from (`Expense account`, `Revenue
    /// account`, `Cash account`, `Initial balance account`, `Reconciliation account`).
    static let ownAccountKinds: Set<String> = ["asset account", "default account", "loan", "debt", "mortgage", "credit card"]

    /// The row's sides; `nil` after holding the problem back when neither side is the user's.
    ///
    /// The kinds decide where the file has them: the side of a kind of the user's. Where both are,
    /// the row is a transfer unless its type says otherwise (Firefly III's `Withdrawal` from a
    /// checking account to a loan is the checking account's, `Deposit` from a loan the other
    /// way round). Without the kinds, the type word says: `Withdrawal` leaves the source, `Deposit`
    /// reaches the destination, a transfer is both.
    @inline(never)
    func sides(_ record: borrowing CSVRecord, invalid: inout Bool) -> RowSides? {
        let source = text(record, columns.sourceAccount, &invalid)
        let destination = text(record, columns.destinationAccount, &invalid)
        let typeCell = text(record, columns.transfer, &invalid)
        let word = typeCell.map { TextFolding.fold($0) }
        let marked = word.map { AppTransferWords.words.contains($0) }
        var kinds: (source: String?, destination: String?) = (nil, nil)
        if columns.sourceAccountType != nil || columns.destinationAccountType != nil {
            kinds = (text(record, columns.sourceAccountType, &invalid), text(record, columns.destinationAccountType, &invalid))
        }
        let sourceIsOwn: Bool, destinationIsOwn: Bool
        if columns.sourceAccountType != nil || columns.destinationAccountType != nil {
            sourceIsOwn = kinds.source.map { Self.ownAccountKinds.contains(TextFolding.fold($0)) } ?? false
            destinationIsOwn = kinds.destination.map { Self.ownAccountKinds.contains(TextFolding.fold($0)) } ?? false
        } else {
            sourceIsOwn = marked == true || word == "withdrawal"
            destinationIsOwn = marked == true || word == "deposit"
        }
        guard sourceIsOwn || destinationIsOwn else {
            let column = columns.sourceAccountType ?? columns.transfer ?? columns.sourceAccount
            _ = hold(
                .noOwnSide(source: source ?? "", sourceKind: kinds.source, destination: destination ?? "", destinationKind: kinds.destination, type: typeCell),
                record, column: column)
            return nil
        }
        let both = sourceIsOwn && destinationIsOwn && marked != false
        let out = sourceIsOwn && destinationIsOwn ? both || word != "deposit" : sourceIsOwn
        return RowSides(
            account: out ? source : destination, out: out, other: out ? destination : source, otherIsOwn: both,
            opening: word == "opening balance")
    }

    /// A transfer a row's own columns say it is: the category it gets when it has none (the other
    /// account under `Transfers:`, or `Equity:Opening Balances`), if they name one.
    struct FileTransfer {
        var category: String?
        /// The transfer cell named the other account in words of the app's (Monefy's `To 'Cash'`
        /// in its category column): its category is that account's, whatever the row's own.
        var named = false
    }

    /// The transfer the row's `transfer`, `transfer-account` or side columns say it is; `nil` when
    /// they say nothing.
    @inline(never)
    func fileTransfer(_ record: borrowing CSVRecord, sides: RowSides?, invalid: inout Bool) -> FileTransfer? {
        if let sides, sides.opening { return FileTransfer(category: "Equity:Opening Balances") }
        if let categories = dialect.balanceCategories, let cell = text(record, columns.category, &invalid),
            categories.contains(TextFolding.fold(cell))
        {
            return balanceTransfer(record, invalid: &invalid)
        }
        let cell = transferCell(record, invalid: &invalid)
        if let other = cell.other { return FileTransfer(category: "Transfers:" + other, named: true) }
        if cell.marked || sides?.otherIsOwn == true {
            let other = sides?.other ?? text(record, columns.transferAccount, &invalid)
            return FileTransfer(category: other.map { "Transfers:" + $0 })
        }
        if let other = text(record, columns.transferAccount, &invalid) { return FileTransfer(category: "Transfers:" + other) }
        return nil
    }

    /// What the row's `transfer` cell says, worked out once per change of cell.
    func transferCell(_ record: borrowing CSVRecord, invalid: inout Bool) -> TransferCell {
        guard let column = columns.transfer, column < record.count else { return TransferCell() }
        if let known = record.withField(column, { transferMemo.value(of: $0) }) {
            if known.invalid { invalid = true }
            return known
        }
        var made = TransferCell()
        if let text = text(record, column, &made.invalid) {
            let folded = TextFolding.fold(text)
            made.other = AppTransferWords.otherAccount(text).map(String.init)
            made.marked = dialect.transferWords.map { $0.contains(folded) } ?? AppTransferWords.isTransfer(text)
            made.income = DirectionWords.isIncome(folded)
        }
        // A cell marked as text (`'Transfer`) is read each time: reading it notes the row's mark.
        record.withField(column) { if $0.first != UInt8(ascii: "'") { transferMemo.store(made, for: $0) } }
        if made.invalid { invalid = true }
        return made
    }

    /// A row in one of the app's balance categories (Cashew's `Balance Correction`): one side of
    /// money moved between the user's accounts when its memo starts with the app's transfer note
    /// (`Transferred Balance`, then `Federal Bank → Cash`: categorised `Transfers:` the account that
    /// is not the row's), else an account's balance set from `Equity:Opening Balances`.
    @inline(never)
    private func balanceTransfer(_ record: borrowing CSVRecord, invalid: inout Bool) -> FileTransfer {
        guard let note = dialect.transferNote, let memo = text(record, columns.memo, &invalid), TextFolding.fold(memo).hasPrefix(note) else {
            return FileTransfer(category: "Equity:Opening Balances", named: true)
        }
        // Cashew writes the note's line breaks as a backslash and an `n`; a real one may come too.
        let lines = memo.split(separator: "\n").flatMap { $0.split(separator: "\\n") }
        let account = text(record, columns.account, &invalid)
        for line in lines.dropFirst() {
            let sides = line.split(separator: "→", omittingEmptySubsequences: false).map { Self.trimmedSpaces($0) }
            guard sides.count == 2, !sides[0].isEmpty, !sides[1].isEmpty else { continue }
            return FileTransfer(category: "Transfers:" + (sides[0] == account ? sides[1] : sides[0]), named: true)
        }
        return FileTransfer(category: nil, named: true)
    }

    /// `text` without the spaces around it.
    private static func trimmedSpaces(_ text: Substring) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The category of money in that a budgeting app's type column calls income (Spendee's
    /// `Income`, Wallet's `Доход`, Copilot's `income`): under `Income:` unless it is an income
    /// category already (`Quest Rewards` is `Income:Quest Rewards`, as QIF's income categories
    /// are), so that the row counts as income, not as a refund of spending. Any other row keeps
    /// its category.
    @inline(never)
    func incomeCategory(_ record: borrowing CSVRecord, category: String?) -> String? {
        var invalid = false
        // The app's type is its transfer mark (Spendee, Copilot) or, beside unsigned amounts, the
        // direction (Wallet, whose transfer mark is a column of its own); or money in is income
        // (Monefy).
        guard
            dialect.incomeBySign || transferCell(record, invalid: &invalid).income
                || text(record, columns.direction, &invalid).map({ DirectionWords.isIncome(TextFolding.fold($0)) }) ?? false
        else { return category }
        guard let category else { return "Income" }
        return AccountingModel.kind(ofCategory: category) == .income ? category : "Income:" + category
    }

    /// Sends the other side of a transfer between two of the user's accounts, named on one row:
    /// the same money arriving on (or leaving) `account`, in its own currency where the row states
    /// the other side's amount in another (Firefly III's `foreign_amount`).
    @inline(never)
    func sendOtherSide(
        of first: PaymentActivity, account: String, category: String?, idFITID: String?, idName: String,
        into sink: inout some ActivitySink
    ) throws {
        var amount = first.amount.negated ?? first.amount
        var original: OriginalAmount?
        if let stated = first.original, let other = stated.amount, let negated = other.negated {
            amount = negated
            original = first.amount.negated.map { OriginalAmount(currency: first.amount.currency ?? stated.currency, amount: $0) }
        }
        ids.log?.mark(row: partRows + 1, line: first.source.line)
        let id =
            idFITID.map { ids.id(account: account, bankID: $0, date: first.date) }
            ?? ids.id(account: account, date: first.date, amount: amount, name: idName)
        if statements.note(account: account, date: first.date, currency: amount.currency, balance: nil), let kind = accountKind,
            ids.log == nil
        {
            try sendKind(kind, account: account, currency: amount.currency, into: &sink)
        }
        try sink.accept(
            PaymentActivity(
                id: id, account: account, date: first.date, name: first.name, address: first.address, amount: amount,
                memo: first.memo, type: .transfer, category: category ?? first.account.map { "Transfers:" + $0 }, fitid: first.fitid,
                checkNumber: first.checkNumber, source: first.source, original: original, rawName: first.rawName))
        partRows &+= 1
    }
}
