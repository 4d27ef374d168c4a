import FinanceCore

/// The per-row work of `CSVRowMapper`: one data record in, one activity out to the sink, or a
/// problem held back.
///
/// This runs a million times a second, so it is written for the common row: the activity is built
/// once and lent to the sink (never copied: a copy retains and releases every string in it), the
/// problem paths live in separate functions out of the way, and values that repeat from row to
/// row (the date cell) are not parsed again.
extension CSVRowMapper {
    /// Maps a data row and hands its activity to `sink`, after any problems held back; `false`
    /// after holding its own problem back in `pending`.
    func row(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws -> Bool {
        let count = record.count
        if count != width && !fitsShape(record) { return try raggedRow(record, into: &sink) }
        if checksBalanceRows && takeBalanceRow(record) { return false }
        // A row the bank has not booked, or that never went through, whatever its other cells hold.
        if let column = columns.status, column < count {
            let status = record.withField(column) { statuses.status(of: CSVRecord.trimmed($0)) }
            switch status {
            case .booked: break
            case .reversed:
                if reversedRowLeftOut(record) { return holdUnbookedRow(record, status: status, column: column) }
            case .notExecuted: return holdUnbookedRow(record, status: status, column: column)
            case .pending:
                if !pendingRowInBalance(record, statusColumn: column) { return holdUnbookedRow(record, status: status, column: column) }
            }
        }

        // Date.
        let dateColumn = columns.date
        guard dateColumn < count else { return hold(.badDate(text: "", format: dialect.dateFormat), record, column: nil) }
        let date =
            yearless
            ? record.withField(dateColumn) { parseDate($0) } : record.withField(dateColumn) { dates.parse(CSVRecord.trimmed($0), format: dialect.dateFormat) }
        // A split's part (`~`) is dated as its total's row (`CSVDialect.splitRows`).
        guard let date = date ?? splitDate ?? asOfDate(record, dateColumn) else {
            return hold(.badDate(text: record.string(dateColumn), format: dialect.dateFormat), record, column: dateColumn)
        }

        if let unpaid = columns.unpaid, isUnpaid(record, unpaid) { return try skipUnpaid(record, into: &sink) }
        // Amount, then its currency: the cell, the row's currency column, the file, the command line;
        // a sign several currencies share (`$`, `¥`) only when none of them says.
        guard var (amount, currency, shared) = rowAmount(record) else { return false }
        if invertsAmounts { amount.units = -amount.units }
        // The fee is money out whichever way the file writes its amounts.
        if let column = columns.fee, column < count, !takeFee(record, column, from: &amount) { return false }
        if currency == nil, let column = columns.currency, column < count {
            let text = record.string(column)
            if let sign = SharedCurrencySign.whole(text) {
                // A currency column of `$` (ledger's and hledger's commodity) is a shared sign too.
                shared = shared ?? sign
            } else if !text.isEmpty {
                guard let code = CurrencyText.currency(inCell: text) else { return hold(.badCurrency(text: text), record, column: column) }
                noteCurrencySynonym(text, record, column: column)
                currency = code
            }
        }
        if let currency {
            amount.currency = currency
            namesCurrencies = true
        } else if let stated = defaultCurrency {
            amount.currency = stated
        } else if let shared {
            amount.currency = shared.guess(scale: amount.scale)
            noteDollarGuess(shared, line: record.line)
        } else if let headerSign {
            amount.currency = headerSign.guess(scale: amount.scale)
            noteDollarGuess(headerSign, line: record.line)
        }

        // Text.
        var invalidText = false
        var memo = text(record, columns.memo, &invalidText)
        for column in columns.memoMore {
            if let more = text(record, column, &invalidText) { memo = memo.map { $0 + " " + more } ?? more }
        }
        // A payment kind whose row continued below it (`CSVDialect.continuationRows`).
        if let kind = continuedKind { memo = memo.map { kind + " " + $0 } ?? kind }
        if let extra = continuedExtra { memo = memo.map { $0 + " " + extra } ?? extra }
        // Money in is named by its payer where the file has a payer column (the name column then
        // names the account's holder).
        let nameColumn = payerOrName(record, amount: amount)
        // A bank's empty payee cell falls back to the memo; pfin's own CSV says what it wrote.
        var name = text(record, nameColumn, &invalidText) ?? (dialect.writtenByPfin ? nil : memo) ?? ""
        var merchantAddress: String?
        if !dialect.writtenByPfin, let parts = CardAcceptorLocation.split(name) {
            name = parts.name
            merchantAddress = parts.address
        }
        let fitid = text(record, columns.transactionID, &invalidText)
        var account = defaultAccount ?? text(record, columns.account, &invalidText)
        var address = text(record, columns.address, &invalidText) ?? merchantAddress
        var category = text(record, columns.category, &invalidText)
        let checkNumber = text(record, columns.checkNumber, &invalidText)
        let rawName = columns.rawName == nil ? nil : text(record, columns.rawName, &invalidText)
        // The accounts on both sides of a row (Firefly III's): the row is read on the user's side,
        // signed by the way the money went; and an app's own word on transfers.
        var sides: RowSides?
        if columns.hasSides {
            guard let found = self.sides(record, invalid: &invalidText) else { return false }
            if defaultAccount == nil { account = found.account }
            amount.units = found.out == (amount.units < 0) ? amount.units : -amount.units
            sides = found
        }
        let transfer =
            columns.transfer == nil && columns.transferAccount == nil && sides == nil
            ? nil : fileTransfer(record, sides: sides, invalid: &invalidText)
        // The app's transfer mark in its place column (Financisto's `location`: `Transfer Out`) is no place.
        if transfer != nil, columns.address != nil, columns.address == columns.transfer { address = merchantAddress }

        // pfin's own columns: its id, type and source, where the file has them.
        var type: PaymentType?
        var source = SourceLocation(file: file, line: record.line)
        var ownID: ActivityID?
        if hasPfinColumns {
            guard let fields = pfinFields(record) else { return false }
            (ownID, type, source) = (fields.id, fields.type, fields.source ?? source)
        }

        // Ids from the text as the bank wrote it, text marks and all (see `text`).
        var (idAccount, idFITID, idName) = (account, fitid, rawName ?? name)
        if lastTextMarkLine == record.line {
            if sides == nil { idAccount = defaultAccount ?? text(record, columns.account, &invalidText, keepingMark: true) }
            idFITID = text(record, columns.transactionID, &invalidText, keepingMark: true)
            if rawName == nil {
                idName = text(record, nameColumn, &invalidText, keepingMark: true) ?? text(record, columns.memo, &invalidText, keepingMark: true) ?? ""
            }
        }
        let id: ActivityID
        if let ownID {
            id = ownID
        } else if let idFITID {
            ids.log?.mark(row: partRows, line: record.line)
            id = ids.id(account: idAccount, bankID: idFITID, date: date)
        } else {
            ids.log?.mark(row: partRows, line: record.line)
            id = ids.id(account: idAccount, date: date, amount: amount, name: idName)
        }
        let firstOfAccount: Bool
        if let column = columns.balance, column < count {
            if columns.balanceDirection == nil {
                firstOfAccount = record.withField(column) { statements.note(account: account, date: date, currency: amount.currency, balance: $0) }
            } else {
                firstOfAccount = noteSidedBalance(record, column, account: account, date: date, currency: amount.currency)
            }
        } else {
            firstOfAccount = statements.note(account: account, date: date, currency: amount.currency, balance: nil)
        }
        let line = record.line
        if invalidText { noteInvalidText(line: line) }
        try flushPending(asErrors: true, into: &sink)
        if firstOfAccount, let kind = accountKind, ids.log == nil { try sendKind(kind, account: account, currency: amount.currency, into: &sink) }
        // The row's own category, for the other side of a transfer between two of its accounts.
        let ownCategory = sides == nil ? nil : category
        // An app's transfer mark or counter-account, a bank's own category 'Payment' or 'Transfer',
        // and a budgeting app's transfer payee (YNAB's `Transfer : Savings`, as QIF's `[Savings]`)
        // say what the row is; pfin's CSV says its type.
        if type == nil {
            if let transfer {
                type = .transfer
                if category == nil || transfer.named { category = transfer.category }
            } else if let other = BankTransferCategory.transferPayee(name) {
                type = .transfer
                if category == nil { category = "Transfers:" + other }
            } else if let bracketed = category, let other = BankTransferCategory.bracketedAccount(bracketed) {
                type = .transfer
                category = "Transfers:" + other
            } else if let category, BankTransferCategory.isTransfer(category) {
                type = .transfer
            } else if columns.quantity != nil, tradesSecurity(record) {
                // A broker's row that bought or sold a security: cash to or from the holdings.
                type = .transfer
            } else if OwnTransferWords.say(name, memo, category) {
                // The row says it moves money between the holder's own accounts or pays their card.
                type = .transfer
            } else if category == nil, amount.units > 0, accountKind?.isLiability == true,
                CardPaymentWords.sayPayment(name: name, memo: memo)
            {
                // Money into a card that says it is the card's payment (`PAYMENT - THANK YOU`).
                type = .transfer
            } else if dialect.incomeBySign || columns.transfer != nil || columns.direction != nil, amount.units > 0 {
                category = incomeCategory(record, category: category)
            }
        }
        let activity = PaymentActivity(
            id: id, account: account, date: date, name: name, address: address, amount: amount, memo: memo,
            type: type, category: category, fitid: fitid, checkNumber: checkNumber, source: source,
            original: columns.originalCurrency == nil ? nil : original(record, booked: amount), rawName: rawName)
        // A transfer between two of the user's accounts on one row is a transaction on each.
        if let sides, sides.otherIsOwn, defaultAccount == nil, let other = sides.other {
            try sink.accept(activity)
            try sendOtherSide(of: activity, account: other, category: ownCategory, idFITID: idFITID, idName: idName, into: &sink)
        } else {
            try sink.accept(consume activity)
        }
        if notesBalancesBefore { noteBalanceBefore(record, date: date) }
        if sink.wantsRowBalances, let column = columns.balance {
            try rowBalance(record, column: column, account: account, date: date, currency: amount.currency, into: &sink)
        }
        return true
    }

    /// The column a row's name comes from: the payer's for money in, when its cell is filled.
    @inline(__always)
    private func payerOrName(_ record: borrowing CSVRecord, amount: Money) -> Int? {
        guard let payer = columns.payer, amount.units > 0, payer < record.count, record.withField(payer, { !CSVRecord.trimmed($0).isEmpty }) else {
            return columns.name
        }
        return payer
    }

    /// Sends the balance a row states, for a sink that wants it; an empty or unreadable cell
    /// states none (its row was read all the same).
    @inline(never)
    private func rowBalance(
        _ record: borrowing CSVRecord, column: Int, account: String?, date: LocalDate, currency: CurrencyCode?,
        into sink: inout some ActivitySink
    ) throws {
        guard case .success(let parsed) = parseBalance(record, column) else { return }
        var balance = Money(units: parsed.units, scale: parsed.scale, currency: parsed.currency(else: currency))
        if invertsAmounts { balance.units = -balance.units }
        try sink.rowBalance(RowBalance(account: account, amount: balance, date: date, source: SourceLocation(file: file, line: record.line)))
    }

    /// A text cell, trimmed; `nil` when the column is absent or the cell empty. Invalid UTF-8 is
    /// replaced and noted in `invalid`, so the row can carry a warning. A text mark (`'TESCO`)
    /// is taken off, unless `keepingMark`: ids are made from the cells as the bank wrote them, so
    /// that they do not change from what an earlier pfin gave the same file.
    @inline(__always)
    func text(_ record: borrowing CSVRecord, _ column: Int?, _ invalid: inout Bool, keepingMark: Bool = false) -> String? {
        guard let column, column < record.count else { return nil }
        return record.withField(column) { bytes in
            // pfin's own CSV is read as written: its spaces are the text's, its apostrophes its own.
            var text = dialect.writtenByPfin ? FormulaDefusing.removingApostrophe(bytes) : CSVRecord.trimmed(bytes)
            // `'TESCO STORES`: NatWest's and others' mark that a cell is text, not a formula.
            if !dialect.writtenByPfin, !keepingMark, text.count >= 2, text[0] == UInt8(ascii: "'"), text[1] != UInt8(ascii: "'"),
                text[1] != UInt8(ascii: " ")
            {
                // ASN Bank quotes the whole text (`'Betaling aan ICS …'`): the closing mark goes too.
                let quoted = text.count >= 3 && text[text.count - 1] == UInt8(ascii: "'") && text[text.count - 2] != UInt8(ascii: "'")
                text = UnsafeBufferPointer(rebasing: text.dropFirst().dropLast(quoted ? 1 : 0))
                if lastTextMarkLine != record.line {
                    lastTextMarkLine = record.line
                    textMarkLines.note(record.line)
                }
            }
            guard !text.isEmpty else { return nil }
            if !UTF8Validation.isValid(text) { invalid = true }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// The row's amount and the currency its cell named, from one amount column or from debit and
    /// credit columns (a sign several currencies share, `$`, `¥`, as its guess, apart); `nil` after
    /// holding the problem back.
    @inline(__always)
    private func rowAmount(_ record: borrowing CSVRecord) -> (Money, CurrencyCode?, shared: SharedCurrencySign?)? {
        guard let column = columns.amount else { return debitAndCredit(record) }
        if columns.hasCurrencyAmounts {
            guard let (amount, currency) = currencyAmount(record) else { return nil }
            return (amount, currency, nil)
        }
        switch parseAmount(record, column) {
        case .failure(.empty) where statesBalanceOnly(record):
            // A notice with its balance (Degiro's `Overboeking van uw geldrekening …`): no money.
            holdNoAmountRow(record)
            return nil
        case .failure(.empty) where tradesSecurity(record):
            holdSharesOnlyRow(record)
            return nil
        case .failure(let failure):
            _ = hold(
                .badAmount(
                    text: record.string(column), column: columnName(column),
                    decimalMark: dialect.decimalMark, failure: failure), record, column: column)
            return nil
        case .success(let parsed):
            guard let (amount, _) = directed(parsed, record) else { return nil }
            return parsed.sharedSign == nil ? (amount, parsed.currency, nil) : (amount, nil, parsed.sharedSign)
        }
    }

    /// An amount cell's value, signed by the direction column where the cell carries no sign of
    /// its own, and the currency the cell named; `nil` after holding the problem back.
    @inline(__always)
    func directed(_ parsed: ParsedAmount, _ record: borrowing CSVRecord) -> (Money, CurrencyCode?)? {
        var amount = Money(units: parsed.units, scale: parsed.scale)
        if let direction = columns.direction, !parsed.isSigned {
            let word = record.string(direction)
            if DirectionWords.isNeutral(word) {
                _ = holdNeutralRow(record, column: direction)
                return nil
            }
            // A column that marks one way only leaves the other way's cells empty.
            guard let out = DirectionWords.isMoneyOut(TextFolding.fold(word)) ?? dialect.emptyDirection.flatMap({ word.isEmpty ? $0 == .debit : nil })
            else {
                _ = hold(.badDirection(text: word, column: columnName(direction)), record, column: direction)
                return nil
            }
            if out { amount.units = -amount.units }
        }
        return (amount, parsed.currency)
    }

    /// Takes the row's fee, if its cell holds one, off `amount`; `false` after holding the
    /// problem back.
    @inline(never)
    private func takeFee(_ record: borrowing CSVRecord, _ column: Int, from amount: inout Money) -> Bool {
        switch parseAmount(record, column) {
        case .failure(.empty): return true
        case .success(let parsed):
            if let net = amount.adding(Money(units: -abs(parsed.units), scale: parsed.scale)) {
                amount = net
                return true
            }
            return hold(
                .badAmount(text: record.string(column), column: columnName(column), decimalMark: dialect.decimalMark, failure: .tooLarge),
                record, column: column)
        case .failure(let failure):
            return hold(
                .badAmount(text: record.string(column), column: columnName(column), decimalMark: dialect.decimalMark, failure: failure),
                record, column: column)
        }
    }

    /// The amount of a row with separate debit and credit columns: debits count as money out.
    @inline(never)
    private func debitAndCredit(_ record: borrowing CSVRecord) -> (Money, CurrencyCode?, shared: SharedCurrencySign?)? {
        var total = Money(units: 0, scale: 0)
        var cellCurrency: CurrencyCode?
        var sharedSign: SharedCurrencySign?
        var sawValue = false
        for (column, isCredit) in [(columns.debit, false), (columns.credit, true)] {
            guard let column, column < record.count else { continue }
            switch parseAmount(record, column) {
            case .failure(.empty): continue
            case .failure(let failure):
                _ = hold(
                    .badAmount(
                        text: record.string(column), column: columnName(column),
                        decimalMark: dialect.decimalMark, failure: failure), record, column: column)
                return nil
            case .success(let parsed):
                sawValue = true
                if parsed.sharedSign == nil {
                    cellCurrency = cellCurrency ?? parsed.currency
                } else {
                    sharedSign = sharedSign ?? parsed.sharedSign
                }
                let magnitude = Money(units: abs(parsed.units), scale: parsed.scale)
                // A debit/credit mark on the cell says the direction, whichever column it is in
                // (TMB's `CREDIT` column holds `0.80Dr` and `15.00Cr`).
                let credit = parsed.hasDirectionMark ? parsed.units >= 0 : isCredit
                let signed = credit ? magnitude : magnitude.negated!
                guard let sum = total.adding(signed) else {
                    _ = hold(
                        .badAmount(
                            text: record.string(column), column: columnName(column),
                            decimalMark: dialect.decimalMark, failure: .tooLarge), record, column: column)
                    return nil
                }
                total = sum
            }
        }
        // A row with only a fee (Capitec's ATM fee on a line of its own): the fee is its money.
        if !sawValue, let fee = columns.fee, fee < record.count, record.withField(fee, { !CSVRecord.trimmed($0).isEmpty }) {
            return (Money(units: 0, scale: 0), nil, nil)
        }
        guard sawValue else {
            if statesBalanceOnly(record) {
                holdNoAmountRow(record)
                return nil
            }
            if tradesSecurity(record) {
                holdSharesOnlyRow(record)
                return nil
            }
            _ = hold(
                .noAmount(
                    debit: columns.debit.map { columnName($0) }, credit: columns.credit.map { columnName($0) }), record, column: columns.debit ?? columns.credit
            )
            return nil
        }
        return (total, cellCurrency, sharedSign)
    }

}
