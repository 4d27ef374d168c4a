import FinanceCore

/// The fields of one QIF transaction record (the lines up to its `^`), as far as they are read.
///
/// Dates and amounts are parsed as their lines arrive, text becomes `String`s, and nothing points
/// back into the input, so the reader can drop each chunk as soon as its lines are seen. The
/// value is reused from record to record (`reset`), keeping the capacity of its split list.
struct QIFRecord {
    /// The line of the record's first field; 0 while the record is empty.
    var line = 0
    var date: LocalDate?
    /// `T`, or `U` (Quicken's higher-precision copy of `T`) when there is no `T`.
    var amount: Money?
    var sawTotal = false
    var name: String?
    var memo: String?
    /// `A` lines joined with ", " (CONTRACT.md's `address` is one line of text, and the writer
    /// puts it back on one `A` line); all are kept, though Quicken writes at most six.
    var address: String?
    var category: QIFCategory?
    /// `N`: a number when it is all digits; other codes (`ATM`, `DEP`, `XFER`, `EFT`) go to the memo
    /// when there is none.
    var checkNumber: String?
    var code: String?
    var splits: [QIFSplit] = []
    /// A date or amount could not be read (and was reported): the record yields nothing.
    var failed = false

    mutating func reset() {
        line = 0
        date = nil
        amount = nil
        sawTotal = false
        name = nil
        memo = nil
        address = nil
        category = nil
        checkNumber = nil
        code = nil
        if !splits.isEmpty { splits.removeAll(keepingCapacity: true) }
        failed = false
    }
}

/// One `S`/`E`/`$` group of a split transaction.
struct QIFSplit {
    var line: Int
    var category: QIFCategory?
    var memo: String?
    var amount: Money?
    /// A `$` line that could not be read, with its line: the record is still read when its total
    /// tells the amount (`QIFRecordMapper`).
    var unreadAmount: (issue: QIFIssue, text: String, line: Int)?
}

/// An `L` or `S` field: `Food:Groceries`, `Food:Groceries/Class` (the class is dropped), or
/// `[Savings]`, a transfer to or from the account named Savings, read as category
/// `Transfers:Savings` and type transfer (the spelling `--to ledger` and `--to beancount` turn
/// into the counter-account `Assets:Transfers:Savings`).
struct QIFCategory: Equatable {
    var name: String
    var isTransfer: Bool
    /// Written in brackets though it names an income or expense account (`[Expenses:Books]`, as
    /// GnuCash writes): a category, not a transfer; readers warn once.
    var wasBracketed = false

    /// The prefix transfers are given, and the writer takes off again.
    static let transferPrefix = "Transfers:"

    /// The account a transfer names (`Savings` for `[Savings]`); `nil` for a category.
    var transferAccount: Substring? { isTransfer && name.hasPrefix(Self.transferPrefix) ? name.dropFirst(Self.transferPrefix.count) : nil }

    /// Quicken's opening balance record (`POpening Balance`, `L[` the account itself `]`): a
    /// transfer from equity, which journals book against `Equity:Opening Balances`, not against
    /// a transfer account of its own.
    static let openingBalances = QIFCategory(name: "Equity:Opening Balances", isTransfer: true)

    private init(name: String, isTransfer: Bool) {
        self.name = name
        self.isTransfer = isTransfer
    }

    /// `nil` for an empty field (or a bare class, `/Business`).
    init?(_ field: UnsafeBufferPointer<UInt8>) {
        let text = QIFText.trimmed(field)
        guard let first = text.first else { return nil }
        if first == UInt8(ascii: "["), let close = text.firstIndex(of: UInt8(ascii: "]")) {
            let inner = QIFText.trimmed(UnsafeBufferPointer(rebasing: text[1..<close]))
            guard !inner.isEmpty else { return nil }
            let account = QIFText.string(inner)
            if Self.root(ofAccount: account) != nil {
                name = account
                isTransfer = false
                wasBracketed = true
            } else {
                name = QIFCategory.transferPrefix + account
                isTransfer = true
            }
            return
        }
        let cut = text.firstIndex(of: UInt8(ascii: "/")) ?? text.count
        let main = QIFText.trimmed(UnsafeBufferPointer(rebasing: text[0..<cut]))
        guard !main.isEmpty else { return nil }
        name = QIFText.string(main)
        isTransfer = false
    }
}
