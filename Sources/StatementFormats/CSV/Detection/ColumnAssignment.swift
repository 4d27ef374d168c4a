import FinanceCore

/// Decides which column plays which role: from header names where there is a header (the values
/// must agree: a `Valuta` column of dates is a value date, of `EUR`s a currency), then from the
/// values for whatever is still missing.
enum ColumnAssignment {
    /// Money columns that values alone could not tell apart: the one taken as the amount, and
    /// the others (no column is their running balance).
    struct AmountGuess: Equatable {
        var amount: Int
        var others: [Int]
    }

    static func assign(header: [String]?, stats: [ColumnStats]) -> [ColumnRole: Int] {
        var guess: AmountGuess?
        return assign(header: header, stats: stats, guess: &guess)
    }

    /// The roles, and in `guess` the amount column when it was a guess among several.
    static func assign(header: [String]?, stats: [ColumnStats], guess: inout AmountGuess?) -> [ColumnRole: Int] {
        var roles: [ColumnRole: Int] = [:]
        var taken = Set<Int>()
        func take(_ role: ColumnRole, _ column: Int) {
            roles[role] = column
            taken.insert(column)
        }

        if let header {
            var choices: [(strength: Int, column: Int, role: ColumnRole)] = []
            // A quantity is a security's only beside a column naming the security (a broker's).
            let securities = SecurityColumns.names(header)
            for (column, name) in header.enumerated() where column < stats.count {
                let partner = numberBesideCode(header: header, stats: stats, column: column)
                for candidate in HeaderMatching.candidates(name) where candidate.role != .direction && (candidate.role != .quantity || securities) {
                    if let partner, moneyRoles.contains(candidate.role) {
                        if fits(candidate.role, stats[partner]) { choices.append((candidate.strength, partner, candidate.role)) }
                    } else if fits(candidate.role, stats[column]) {
                        choices.append((candidate.strength, column, candidate.role))
                    }
                }
            }
            // A payee column empty in most rows (Wise's "Payee Name", filled only for transfers)
            // comes after every payee column that is mostly filled; a memo column empty in every
            // row (Wise's "Note") after every memo column with text.
            func sparse(_ choice: (strength: Int, column: Int, role: ColumnRole)) -> Int {
                switch choice.role {
                case .name: return stats[choice.column].fillRatio < 0.5 ? 1 : 0
                case .memo: return stats[choice.column].nonEmpty == 0 ? 1 : 0
                default: return 0
                }
            }
            choices.sort { (sparse($0), $0.strength, $0.column) < (sparse($1), $1.strength, $1.column) }
            for choice in choices where roles[choice.role] == nil && !taken.contains(choice.column) {
                take(choice.role, choice.column)
            }
            if let amount = amountAmongCurrencyCodes(header: header, stats: stats, roles: roles, taken: taken) { take(.amount, amount) }
            twinAmounts(header: header, stats: stats, roles: &roles, taken: &taken)
            if roles[.currency] == nil, let amount = roles[.amount], amount > 0, !taken.contains(amount - 1),
                numberBesideCode(header: header, stats: stats, column: amount - 1) == amount
            {
                take(.currency, amount - 1)
            }
            // Payment kinds as the memo while a column the header names as descriptions is left
            // over (NAB's `Transaction Type` and `Transaction Details` beside `Merchant Name`, which
            // transfers leave empty): the descriptions are the memo, so no row loses the bank's
            // text, and a row without a payee is named by it.
            if let memo = roles[.memo], TransactionKindWords.isKindColumn(stats[memo].values.prefix(ColumnStats.sampleSize)),
                let details = choices.first(where: {
                    ($0.role == .name || $0.role == .memo) && !taken.contains($0.column) && stats[$0.column].textRatio >= 0.5
                        && stats[$0.column].fillRatio >= 0.8 && stats[$0.column].distinctCount >= stats[memo].distinctCount
                })
            {
                taken.remove(memo)
                take(.memo, details.column)
            }
            // A column of masked card numbers (`**** 1234`, `N/A` on transfers) names the card that
            // paid, not the account, where a column of one or a few IBANs states the account.
            if let account = roles[.account], stats[account].nonEmpty > 0,
                stats[account].values.prefix(ColumnStats.sampleSize).allSatisfy(AccountNumberShape.isMaskedCardOrNone),
                let iban = stats.first(where: {
                    !taken.contains($0.index) && $0.nonEmpty > 0 && fits(.account, $0)
                        && $0.values.prefix(ColumnStats.sampleSize).allSatisfy(AccountNumberShape.isIBAN)
                })
            {
                taken.remove(account)
                take(.account, iban.index)
            }
            // A fee column counts only where the balance shows the fee comes off the amount
            // (Revolut's); beside PayPal's `Net`, which has it off already, it does not.
            if let fee = roles[.fee] {
                let unbooked = roles[.status].map { RowStatus.unbookedRows(stats[$0]) } ?? []
                let shown = roles[.balance].map { balance in
                    if let amount = roles[.amount] {
                        return RunningBalance.matches(amount: stats[amount], less: stats[fee], balance: stats[balance], unbooked: unbooked)
                    }
                    guard roles[.debit] != nil || roles[.credit] != nil else { return false }
                    return RunningBalance.matches(
                        debit: roles[.debit].map { stats[$0] }, credit: roles[.credit].map { stats[$0] }, less: stats[fee],
                        balance: stats[balance], unbooked: unbooked)
                }
                if shown != true {
                    roles[.fee] = nil
                    taken.remove(fee)
                }
            }
            // An amount column empty in every row beside a debit or credit column that holds the
            // money (Deutsche Bank's `Betrag` next to `Soll` and `Haben`): the pair is the amount.
            if let amount = roles[.amount], stats[amount].nonEmpty == 0,
                [roles[.debit], roles[.credit]].contains(where: { $0.map { stats[$0].nonEmpty > 0 } ?? false })
            {
                roles[.amount] = nil
                taken.remove(amount)
            }
        }

        // Values fill the gaps.
        let namedByHeader = roles[.name] != nil
        if roles[.date] == nil, let column = stats.first(where: { !taken.contains($0.index) && $0.nonEmpty > 0 && $0.dateRatio >= 0.9 }) {
            take(.date, column.index)
        }
        if roles[.date] != nil, roles[.valueDate] == nil, header == nil,
            let column = stats.first(where: { !taken.contains($0.index) && $0.nonEmpty > 0 && $0.dateRatio >= 0.9 })
        {
            take(.valueDate, column.index)
        }
        if roles[.amount] == nil && roles[.debit] == nil && roles[.credit] == nil {
            // A column a header names as a balance (`יתרה`, `Saldo`, and the number beside a
            // `Saldo` over currency codes) is never the amount, whatever its values.
            let balances = header.map { balanceColumns(header: $0, stats: stats) } ?? []
            guess = assignAmountsFromValues(stats, taken: taken.union(balances), take: take)
        }
        // A column of codes filled in only some rows is no account's currency but a foreign
        // payment's (N26's `Type Foreign Currency` beside `Amount (EUR)`).
        if roles[.currency] == nil,
            let column = stats.first(where: { !taken.contains($0.index) && $0.nonEmpty > 0 && $0.currencyRatio >= 0.9 && $0.fillRatio >= 0.8 })
        {
            take(.currency, column.index)
        }
        if roles[.name] == nil {
            // A column the header names as references (`Kundenreferenz`) names no one, whatever its values.
            let texts = stats.filter { column in
                !taken.contains(column.index) && column.textRatio >= 0.5 && column.dateRatio < 0.5 && fits(.name, column)
                    && !(header.map { column.index < $0.count && ReferenceShape.namesReferences($0[column.index]) } ?? false)
            }
            // A column of payment kinds (`Direct Debit`, `Card Payment`) or of bank references
            // (`B9F21PGYA068V2KD`) names no one: any other text column comes first.
            let named = texts.filter {
                !TransactionKindWords.isKindColumn($0.values.prefix(ColumnStats.sampleSize))
                    && !ReferenceShape.mostly($0.values.prefix(ColumnStats.sampleSize))
            }
            if let best = (named.isEmpty ? texts : named).max(by: { nameScore($0) < nameScore($1) }) { take(.name, best.index) }
        }
        // Payment kinds in the name column and the payee's text in the memo column (Barclays'
        // `Subcategory` and `Memo`): the two swap, when the memo varies as much. So do a column picked
        // by its values that holds one value in nearly every row (Spendee's `Author`, who keyed
        // it in) and a memo of text; that column is then nothing.
        if let name = roles[.name], let memo = roles[.memo], stats[memo].textRatio >= 0.5, stats[memo].fillRatio >= 0.5,
            stats[memo].distinctCount >= stats[name].distinctCount,
            !TransactionKindWords.isKindColumn(stats[memo].values.prefix(ColumnStats.sampleSize))
        {
            if TransactionKindWords.isKindColumn(stats[name].values.prefix(ColumnStats.sampleSize)) {
                roles[.name] = memo
                roles[.memo] = name
            } else if !namedByHeader, stats[memo].distinctCount > stats[name].distinctCount,
                stats[name].distinctCount <= max(1, stats[name].nonEmpty / 10)
            {
                roles[.name] = memo
                roles[.memo] = nil
                taken.remove(name)
            }
        }

        // A payer column counts beside a name column where the account's holder is in one of the
        // two in nearly every row; otherwise it is the name column, unless a header named another.
        if let payer = roles[.payer], !(roles[.name].map { HolderColumns.pair(payer: stats[payer], payee: stats[$0]) } ?? false) {
            roles[.payer] = nil
            if namedByHeader {
                taken.remove(payer)
            } else {
                if let guessed = roles[.name] { taken.remove(guessed) }
                roles[.name] = payer
            }
        }

        // Debit/credit indicators: the amount's, and the balance's where the balance has one.
        indicators(header: header, stats: stats, roles: &roles, taken: &taken)
        return roles
    }

    /// Whether a column's values suit a role its header suggests. The header has already said what
    /// the column is, so the values need only mostly agree: a few bad cells are the reader's to
    /// report, row by row, not a reason to look elsewhere.
    static func fits(_ role: ColumnRole, _ column: ColumnStats) -> Bool {
        let empty = column.nonEmpty == 0
        switch role {
        // A column of numbers a header names as dates: Excel serials (`SerialDateColumn`).
        case .date, .valueDate:
            return empty || column.dateRatio >= 0.5 || SerialDateColumn.holdsSerials(column.values.prefix(ColumnStats.sampleSize))
        case .amount: return empty || column.amountRatio >= 0.5
        case .debit, .credit, .balance, .fee, .unpaid, .quantity: return empty || column.amountRatio >= 0.5
        case .currency: return !empty && column.currencyRatio >= 0.8
        // Empty on every domestic row: a file of one currency may hold none at all.
        case .originalAmount, .exchangeRate: return empty || column.amountRatio >= 0.5
        case .originalCurrency: return empty || column.currencyRatio >= 0.8
        // Empty throughout: a sign column that marks only the way the sample does not hold (ICICI's
        // `BillingAmountSign`, `CR` on credits only, in a month of charges; `emptyDirection`).
        case .direction, .balanceDirection: return empty || column.directionRatio >= 0.8
        case .status: return !empty && RowStatus.isStatusColumn(column.values.prefix(ColumnStats.sampleSize))
        // The file's own accounts: named in (nearly) every row, and few. A column of account
        // numbers empty for card payments and different in every row is the counterparty's (N26's
        // `Account number`).
        // An app's export with a row per account before its transactions (MoneyWiz) leaves it empty
        // there: a column whose values repeat may miss more rows.
        case .account:
            return empty || (column.fillRatio >= 0.9 && (column.distinctCount <= 3 || column.distinctCount * 2 <= column.nonEmpty))
                || (column.fillRatio >= 0.6 && column.distinctCount * 2 <= column.nonEmpty)
        // A column of account numbers names no one (bunq's `Counterparty`, an IBAN, beside `Name`).
        case .name, .payer: return empty || !AccountNumberShape.mostly(column.values.prefix(ColumnStats.sampleSize))
        case .memo, .address, .category, .checkNumber, .transactionID, .id, .type, .source, .rawName, .transfer, .transferAccount,
            .sourceAccount, .sourceAccountType, .destinationAccount, .destinationAccountType, .transaction:
            return true
        }
    }

    private static func nameScore(_ column: ColumnStats) -> Double {
        Double(column.distinctCount) * column.averageLength * column.fillRatio
    }

    /// Whether any value carries its own sign: `-`, parentheses, or a debit/credit mark (`DR`, `S`).
    /// A `+` alone is none: John Lewis writes `+ £1,234.56` on money in, which its direction
    /// column marks `CR` as well.
    static func hasSignedValues(_ column: ColumnStats) -> Bool {
        column.values.contains { value in
            if [UInt8(ascii: "-"), UInt8(ascii: "(")].contains(value.utf8.first ?? 0) || value.hasSuffix("-") {
                return true
            }
            for mark in [UInt8(ascii: "."), UInt8(ascii: ",")] {
                if case .success(let parsed) = AmountParser.parse(value, decimalMark: mark), parsed.isSigned, parsed.units < 0 || parsed.hasDirectionMark {
                    return true
                }
            }
            return false
        }
    }

    /// Amount columns from values alone: one money column is the amount; of two, the one that
    /// adds up as a running total of the other is the balance (never the amount), whichever way
    /// the file runs; two half-empty columns that never both hold a value are debit and credit, in
    /// that order. When no column is the running balance of another, the amount is the one whose
    /// values are most often negative (a balance rarely is), and the guess is returned.
    private static func assignAmountsFromValues(
        _ stats: [ColumnStats], taken: Set<Int>,
        take: (ColumnRole, Int) -> Void
    ) -> AmountGuess? {
        let money = stats.filter {
            !taken.contains($0.index) && $0.nonEmpty > 0 && $0.amountRatio >= 0.9 && $0.moneyLikeRatio >= 0.5
                && $0.dateRatio < 0.5
        }
        let full = money.filter { $0.fillRatio >= 0.9 }
        let partial = money.filter { $0.fillRatio < 0.9 }
        if full.count == 1 {
            // `Date, Description, Withdrawal, Deposit, Balance` without a header (TD's, CIBC's
            // exports): the one full column is the running balance of the pair, not the amount.
            if partial.count >= 2, RunningBalance.matches(debit: partial[0], credit: partial[1], balance: full[0]) {
                take(.debit, partial[0].index)
                take(.credit, partial[1].index)
                take(.balance, full[0].index)
                return nil
            }
            take(.amount, full[0].index)
        } else if full.count >= 2 {
            for amount in full {
                if let balance = full.first(where: { $0.index != amount.index && RunningBalance.matches(amount: amount, balance: $0) }) {
                    take(.amount, amount.index)
                    take(.balance, balance.index)
                    return nil
                }
            }
            // ASN Bank's export without a header states the balance before each row's amount
            // (the next row's balance is this one's plus its amount): the amount, told by adding
            // up. That column is no balance after the row, so it takes no role.
            for amount in full where full.contains(where: { $0.index != amount.index && RunningBalance.matches(amount: amount, balanceBefore: $0) }) {
                take(.amount, amount.index)
                return nil
            }
            let amount = full.max { negativeShare($0) < negativeShare($1) || (negativeShare($0) == negativeShare($1) && $0.index > $1.index) }!
            take(.amount, amount.index)
            return AmountGuess(amount: amount.index, others: full.map(\.index).filter { $0 != amount.index })
        }
        guard full.isEmpty else { return nil }
        if partial.count >= 2 {
            take(.debit, partial[0].index)
            take(.credit, partial[1].index)
        }
        return nil
    }

    /// The share of a column's values that are negative.
    private static func negativeShare(_ column: ColumnStats) -> Double {
        let negative = column.values.filter { value in
            for mark in [UInt8(ascii: "."), UInt8(ascii: ",")] {
                if case .success(let parsed) = AmountParser.parse(value, decimalMark: mark) { return parsed.units < 0 }
            }
            return false
        }.count
        return column.values.isEmpty ? 0 : Double(negative) / Double(column.values.count)
    }
}
