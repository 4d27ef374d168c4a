/// The dialect's columns as 0-based positions in this file.
struct ResolvedColumns {
    var date = 0
    var amount: Int?
    var debit: Int?
    var credit: Int?
    var direction: Int?
    var name: Int?
    var memo: Int?
    /// The further columns of a description numbered over several (Rabobank's `Omschrijving-1`,
    /// `-2`, `-3`): their text follows the memo column's, each after a space.
    var memoMore: [Int] = []
    var currency: Int?
    var category: Int?
    var checkNumber: Int?
    var transactionID: Int?
    var account: Int?
    var address: Int?
    var originalAmount: Int?
    var originalCurrency: Int?
    var exchangeRate: Int?
    var balance: Int?
    var balanceDirection: Int?
    var fee: Int?
    var payer: Int?
    var status: Int?
    var id: Int?
    var type: Int?
    var source: Int?
    var rawName: Int?
    var transaction: Int?
    var transfer: Int?
    var transferAccount: Int?
    var unpaid: Int?
    var quantity: Int?
    var sourceAccount: Int?
    var sourceAccountType: Int?
    var destinationAccount: Int?
    var destinationAccountType: Int?
    /// One amount column per currency (`CSVDialect.currencyAmounts`), the `amount` column among
    /// them, and whether there are any: a stored flag, asked on every row.
    private(set) var currencyAmounts: [CurrencyAmountColumn] = []
    private(set) var hasCurrencyAmounts = false
    private var hasBookingDate = false
    /// Every column given a role, read or not (a value date beside a booking date): the others
    /// hold what pfin does not read (Fintro's `Wisselkoers`, a bank's own codes).
    private(set) var known: Set<Int> = []
    /// The last column any role reads (-1 for none): a row that reaches it has every cell read.
    private(set) var lastRead = -1

    /// Records where a role's column is; a value date stands in for a missing booking date.
    mutating func set(_ role: ColumnRole, _ index: Int) {
        known.insert(index)
        lastRead = max(lastRead, index)
        switch role {
        case .date: date = index; hasBookingDate = true
        case .valueDate: if !hasBookingDate { date = index }
        case .amount: amount = index
        case .debit: debit = index
        case .credit: credit = index
        case .direction: direction = index
        case .name: name = index
        case .memo: memo = index
        case .currency: currency = index
        case .category: category = index
        case .checkNumber: checkNumber = index
        case .transactionID: transactionID = index
        case .account: account = index
        case .address: address = index
        case .originalAmount: originalAmount = index
        case .originalCurrency: originalCurrency = index
        case .exchangeRate: exchangeRate = index
        case .balance: balance = index
        case .balanceDirection: balanceDirection = index
        case .fee: fee = index
        case .payer: payer = index
        case .status: status = index
        case .id: id = index
        case .type: type = index
        case .source: source = index
        case .rawName: rawName = index
        case .transaction: transaction = index
        case .transfer: transfer = index
        case .transferAccount: transferAccount = index
        case .unpaid: unpaid = index
        case .quantity: quantity = index
        case .sourceAccount: sourceAccount = index
        case .sourceAccountType: sourceAccountType = index
        case .destinationAccount: destinationAccount = index
        case .destinationAccountType: destinationAccountType = index
        }
    }

    /// With a header: where the memo column's name ends in `1` (`Omschrijving-1`; GLS Bank's
    /// `VWZ1`, its purpose over `VWZ1`…`VWZ14`), the columns no role reads named the same but for
    /// `2`, `3`… (in that order) continue it.
    mutating func continueMemo(header: [String]) {
        guard let memo, memo < header.count else { return }
        let folded = TextFolding.fold(header[memo])
        let words = folded.split(separator: " ")
        let stem: String
        if words.count >= 2, words.last == "1" {
            stem = words.dropLast().joined(separator: " ") + " "
        } else if words.count == 1, folded.hasSuffix("1"), let before = folded.dropLast().last, before.isLetter {
            stem = String(folded.dropLast())
        } else {
            return
        }
        var number = 2
        while let next = header.indices.first(where: { TextFolding.fold(header[$0]) == stem + "\(number)" }), !known.contains(next) {
            memoMore.append(next)
            known.insert(next)
            lastRead = max(lastRead, next)
            number += 1
        }
    }

    /// With a header and `CSVDialect.currencyAmounts`: the amount column and the columns no role
    /// reads named as it is but for another currency (RBC's `CAD$` and `USD$`).
    mutating func resolveCurrencyAmounts(header: [String]) {
        guard let amount else { return }
        let found = CurrencyAmountColumns.columns(header: header, amount: amount, excluding: known.subtracting([amount]))
        guard !found.isEmpty else { return }
        currencyAmounts = found
        hasCurrencyAmounts = true
        for column in found {
            known.insert(column.column)
            lastRead = max(lastRead, column.column)
        }
    }

    /// Whether rows name the account money leaves or the one it goes to (Firefly III's): the row
    /// is then read on the user's side (`CSVRowMapper.sides`).
    var hasSides: Bool { sourceAccount != nil || destinationAccount != nil }
}
