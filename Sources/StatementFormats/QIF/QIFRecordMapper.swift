import FinanceCore

/// Turns finished QIF records into activities: one per record, or one per split.
///
/// Every activity of a record shares its date, payee (`P`; else the memo `M`, where banks that
/// write no payee line put their text; else `""`), address, check number and account. A split activity takes the split's amount (`$`), category (`S`) and memo
/// (`E`, else the record's `M`). The record's total (`T`) is what moved the account: splits that
/// fall short of it get one more split, the rest, uncategorised (as Quicken keeps it), and the one
/// split whose `$` cannot be read takes what the total leaves after the others.
/// A non-numeric `N` (`ATM`, `DEP`, `XFER`, `EFT`, `Print`) is a transaction code, not a check
/// number: it becomes the memo when the record has none.
///
/// Ids: a record's id is computed as for a CSV row without a bank id (account, date, total, payee,
/// and the occurrence number of identical records), so reading a file twice gives the same ids and
/// two identical records stay two activities. The activities of a split record share the first 13
/// hex digits of that id and number the splits in the last three (`…001`, `…002`): a writer (and a
/// person) can tell that they belong to one record, and `--to qif` writes them back as one. The
/// rest of a total is numbered after the record's last split, so the splits keep their ids.
final class QIFRecordMapper {
    let file: String
    let currency: CurrencyCode?
    /// The categories the file's `!Type:Cat` list marks as income (`I`).
    let incomeCategories: Set<String>
    private let ids = ActivityIDBuilder()
    /// Whether the file's first bracketed category and first category section were warned about.
    private var warnedBracketed = false
    private var warnedCategorySection = false
    /// The most splits numbered apart; Quicken allows 250.
    static let splitMask: UInt64 = 0xFFF

    init(file: String, currency: CurrencyCode?, incomeCategories: Set<String> = []) {
        self.file = file
        self.currency = currency
        self.incomeCategories = incomeCategories
    }

    /// A category as pfin counts it: one the file's list marks as income (Quicken's `Gift Received`,
    /// `Interest Inc`) goes under `Income:` unless its name says so already.
    private func category(_ category: QIFCategory?) -> String? {
        guard let category, !category.isTransfer, !incomeCategories.isEmpty else { return category?.name }
        let top = category.name.split(separator: ":", maxSplits: 1).first.map(String.init) ?? category.name
        guard incomeCategories.contains(category.name) || incomeCategories.contains(top),
            AccountingModel.kind(ofCategory: category.name) != .income
        else { return category.name }
        return "Income:" + category.name
    }

    /// The account, amount, type and category of one transaction of a record (or of one split).
    ///
    /// Two GnuCash habits are read here, each with one warning per file. A bracketed income or
    /// expense account (`S[Expenses:Books]`) is a category (`QIFCategory.wasBracketed`). And a
    /// section whose own account is an income or expense account (`!Account` `NIncome:Gifts
    /// Received`, as GnuCash Android files a transaction under its first split's account) sees the
    /// money from the category's side: each bracketed account of a split (`S[Assets:Japan
    /// Wallet]`, `$-133253.00`) is where the money went, with the sign turned (+133253.00), and
    /// the section's account is its category.
    private func posting(
        _ category: QIFCategory?, amount: Money, account: String?, at location: SourceLocation, into sink: inout some ActivitySink
    ) throws -> (account: String?, amount: Money, type: PaymentType?, category: String?) {
        if let category, category.wasBracketed, !warnedBracketed {
            warnedBracketed = true
            let issue = QIFIssue.bracketedCategory(name: category.name, root: QIFCategory.root(ofAccount: category.name) ?? .expense)
            try sink.report(issue.diagnostic(at: location))
        }
        if let account, let root = QIFCategory.root(ofAccount: account), let other = category?.transferAccount, other != account[...],
            let turned = amount.negated
        {
            if !warnedCategorySection {
                warnedCategorySection = true
                try sink.report(QIFIssue.categorySection(account: account, root: root, example: String(other)).diagnostic(at: location))
            }
            return (String(other), turned, nil, account)
        }
        return (account, amount, category?.isTransfer == true ? .transfer : nil, self.category(category))
    }

    /// Whether `id` was given to a split (its low bits number it), with the split number.
    static func splitNumber(_ id: ActivityID) -> Int { Int(id.value & splitMask) }

    /// Money into a card (`card`) with no category that its words call the card's payment is a
    /// transfer (`CardPaymentWords`).
    private func cardPayment(_ side: inout (account: String?, amount: Money, type: PaymentType?, category: String?), name: String, memo: String?) {
        if side.type == nil, side.category == nil, side.amount.units > 0, CardPaymentWords.sayPayment(name: name, memo: memo) {
            side.type = .transfer
        }
    }

    func emit(_ record: inout QIFRecord, account: String?, card: Bool = false, into sink: inout some ActivitySink) throws {
        guard !record.failed else { return }
        let location = SourceLocation(file: file, line: record.line, column: 1)
        if let unread = record.splits.firstIndex(where: { $0.unreadAmount != nil }) {
            guard try fillUnreadAmount(at: unread, of: &record, into: &sink) else { return }
        } else if let missing = record.splits.firstIndex(where: { $0.amount == nil }) {
            try fillMissingAmount(at: missing, of: &record, into: &sink)
        }
        guard let date = record.date, let total = record.amount else {
            let issue = QIFIssue.incompleteRecord(missingDate: record.date == nil, missingAmount: record.amount == nil)
            try sink.report(issue.diagnostic(at: location))
            return
        }
        let memo = record.memo ?? record.code
        // Ids from the payee line as written; a record without one (banks that put the text in
        // `M` only) is named by its memo.
        let id = ids.id(account: account, date: date, amount: total, name: record.name ?? "")
        let name = record.name ?? record.memo ?? ""
        // A split of 0.00 moves no money: Quicken 2008's blank row (`S`, `$0.00`), or a category
        // kept for its memo (`SDonation/Africa`, `E50% for Africa`, `$0.00`). It adds no transaction;
        // a record whose splits are all zero is read as the one transaction its total makes.
        guard record.splits.contains(where: { $0.amount?.units != 0 }) else {
            var side = try posting(record.category, amount: total, account: account, at: location, into: &sink)
            if card { cardPayment(&side, name: name, memo: memo) }
            try sink.accept(
                PaymentActivity(
                    id: id, account: side.account, date: date, name: name, address: record.address, amount: side.amount,
                    memo: memo, type: side.type, category: side.category, checkNumber: record.checkNumber, source: location))
            return
        }
        var sum: Money? = Money(units: 0, scale: total.scale, currency: total.currency)
        var lastNumber = 0
        for (index, split) in record.splits.enumerated() {
            if split.amount?.units == 0 { continue }
            guard let amount = split.amount else {
                try sink.report(QIFIssue.splitWithoutAmount(split: index + 1).diagnostic(at: SourceLocation(file: file, line: split.line, column: 1)))
                sum = nil
                continue
            }
            sum = sum?.adding(amount)
            lastNumber = index + 1
            let splitID = ActivityID(value: (id.value & ~Self.splitMask) | (UInt64(lastNumber) & Self.splitMask))
            var side = try posting(split.category, amount: amount, account: account, at: location, into: &sink)
            if card { cardPayment(&side, name: name, memo: split.memo ?? memo) }
            try sink.accept(
                PaymentActivity(
                    id: splitID, account: side.account, date: date, name: name, address: record.address, amount: side.amount,
                    memo: split.memo ?? memo, type: side.type, category: side.category, checkNumber: record.checkNumber, source: location))
        }
        guard let sum, sum != total else { return }
        // `T` is what moved the account: the splits' shortfall is a split of its own, as Quicken
        // adds an uncategorised line for it, so the account's balance holds.
        guard let rest = sum.negated.flatMap(total.adding), lastNumber < Self.splitMask else {
            try sink.report(QIFIssue.splitMismatch(sum: sum, total: total, rest: nil).diagnostic(at: location))
            return
        }
        let restID = ActivityID(value: (id.value & ~Self.splitMask) | UInt64(lastNumber + 1))
        var side = try posting(nil, amount: rest, account: account, at: location, into: &sink)
        if card { cardPayment(&side, name: name, memo: memo) }
        try sink.accept(
            PaymentActivity(
                id: restID, account: side.account, date: date, name: name, address: record.address, amount: side.amount,
                memo: memo, type: side.type, category: side.category, checkNumber: record.checkNumber, source: location))
        try sink.report(QIFIssue.splitMismatch(sum: sum, total: total, rest: rest).diagnostic(at: location))
    }

    /// Gives the one split without a `$` line what the record's total leaves after the other
    /// splits, with a warning (0.00 when they add up to it: a split kept for its category or memo,
    /// no transaction). With a second such split, or no total, each is the error it was and is
    /// skipped.
    private func fillMissingAmount(at index: Int, of record: inout QIFRecord, into sink: inout some ActivitySink) throws {
        guard record.date != nil, let total = record.amount, !record.splits[(index + 1)...].contains(where: { $0.amount == nil }) else { return }
        var rest: Money? = total
        for (other, split) in record.splits.enumerated() where other != index {
            rest = split.amount?.negated.flatMap { rest?.adding($0) }
        }
        guard let rest else { return }
        record.splits[index].amount = rest
        let issue = QIFIssue.splitAmountFromTotal(split: index + 1, text: nil, amount: rest, total: total)
        try sink.report(issue.diagnostic(at: SourceLocation(file: file, line: record.splits[index].line, column: 1)))
    }

    /// Gives the split whose `$` could not be read what the record's total leaves after the other
    /// splits, with a warning. `false` when the record cannot tell (no date or total, or another
    /// split without a readable amount): each unreadable amount is then the error it was, and the
    /// record is skipped.
    private func fillUnreadAmount(at index: Int, of record: inout QIFRecord, into sink: inout some ActivitySink) throws -> Bool {
        var rest = record.date == nil ? nil : record.amount
        for (other, split) in record.splits.enumerated() where other != index {
            rest = split.amount?.negated.flatMap { rest?.adding($0) }
        }
        guard let rest, let unread = record.splits[index].unreadAmount, let total = record.amount else {
            for split in record.splits {
                guard let unread = split.unreadAmount else { continue }
                try sink.report(unread.issue.diagnostic(at: SourceLocation(file: file, line: unread.line, column: 2)))
            }
            return false
        }
        record.splits[index].amount = rest
        record.splits[index].unreadAmount = nil
        let issue = QIFIssue.splitAmountFromTotal(split: index + 1, text: unread.text, amount: rest, total: total)
        try sink.report(issue.diagnostic(at: SourceLocation(file: file, line: unread.line, column: 2)))
        return true
    }
}
