import FinanceCore

/// Everything needed to read one bank's CSV export: what detection finds, or a profile pins.
///
/// `CSVProfile` is the same with every setting optional; `profileText` prints a dialect as a
/// complete profile that reproduces it exactly.
public struct CSVDialect: Equatable, Sendable {
    public var encoding: TextEncoding
    public var delimiter: UInt8
    /// Lines before the header (or, without a header, before the first row).
    public var skip: Int
    public var hasHeader: Bool
    public var dateFormat: DateFormat
    public var decimalMark: UInt8
    public var columns: [ColumnRole: ColumnReference]
    /// The account of every row. From a profile it wins over an account column (CONTRACT.md: `--account`,
    /// else the profile's, else the file's own); detection sets it only when there is no such column.
    public var account: String?
    /// The currency of amounts that state none.
    public var currency: CurrencyCode?
    public var amountSign: AmountSign
    /// The kind of the file's accounts (`account-type card`): a card account is a liability in
    /// journals (`Liabilities:Card:…`), a credit card statement in OFX, `!Type:CCard` in QIF.
    /// Detection takes an export whose amounts look like a card statement's for a card's.
    public var accountKind: AccountKind?
    /// The file is pfin's own CSV (`convert --to csv`, `list --format csv`): cells are read as
    /// pfin wrote them, untrimmed, with the apostrophe pfin put before formula-like text removed
    /// (`FormulaDefusing.removingApostrophe`); an empty name stays empty (no memo stands in for
    /// it) and no row is taken for a balance row.
    public var writtenByPfin: Bool
    /// The bank writes a long description over several rows: under a transaction's row, rows with
    /// no date and no amount whose only text is in the name, memo or address columns
    /// (`,,NTUC FAIRPRICE SINGAPORE,,`). Their text belongs to the row above
    /// (`CSVRowMapper.continues`); without this setting such rows are errors.
    public var continuationRows: Bool
    /// The file is a double-entry export, one row per posting (`hledger print -O csv`, GnuCash's
    /// "Export Transactions to CSV", `ledger csv`): the `account` column holds account paths, and
    /// each transaction's postings to the user's own accounts (`Assets:…`, `Liabilities:…`) are
    /// its activities, categorised by the other postings (`CSVRowMapper+Postings`).
    public var postings: Bool
    /// Rows of one cell title sections of the table (`SectionTitles`: Schwab's `Pending
    /// Transactions`, `Posted Transactions`): a title is skipped, and each row under a pending
    /// section's title is a transaction the bank has not booked yet, skipped with a warning.
    public var sections: Bool
    /// What an empty cell of the `direction` column means, where the column marks only one way
    /// (John Lewis's card export writes `CR` beside money in and nothing beside money out); `nil`:
    /// an empty cell is an error, as the column marks both ways.
    public var emptyDirection: EntryDirection?
    /// The values of the `transfer` column that mark a transfer (folded, `TextFolding.fold`), where
    /// the column names many kinds of payment and the usual transfer words mean payments to anyone
    /// (Wise's `Transaction Details Type`: `CONVERSION` between the user's own balances, `TRANSFER`
    /// money sent to someone); `nil`: `AppTransferWords`.
    public var transferWords: [String]?
    /// The app has income and spending categories only, told apart by the amount's sign (Monefy):
    /// money in is income, under `Income:` unless its category is an income one already, never a
    /// refund of spending (`CSVRowMapper.incomeCategory`).
    public var incomeBySign: Bool
    /// A split transaction is a row of its total followed by rows of its parts whose date cell
    /// is `~` (Financisto's export): the parts are read, dated as the total's row, and the total's
    /// row is skipped (`CSVRowMapper+SplitRows`); without this setting the parts are errors.
    public var splitRows: Bool
    /// Categories (folded) of the rows an app writes to set an account's balance (Cashew's
    /// `Balance Correction`, `Initial Amount`): such a row is a transfer from `Equity:Opening
    /// Balances`, never spending or income, unless its memo starts with `transferNote`.
    public var balanceCategories: [String]?
    /// The start of the memo (folded) on the two rows of money moved between the user's accounts, in
    /// a balance category (Cashew's `Transferred Balance`, then `Federal Bank → Cash`): such a row
    /// is a transfer, categorised `Transfers:` the other account the memo names.
    public var transferNote: String?
    /// Cells are quoted with apostrophes (`'Datum'`, `'01 Mrt'`, `'MNR J SMITH'`), as FNB's CSV
    /// downloads write all but their descriptions (which are in double quotes): an unquoted cell
    /// that begins and ends with one is read without them (`CSVTokenizer`).
    public var singleQuotes: Bool
    /// The amount is one column per currency, each header naming its currency (RBC Royal Bank's
    /// `CAD$` and `USD$`; `Amount (EUR)` and `Amount (USD)`): the `amount` column and the columns
    /// named as it is but for another currency (`CurrencyAmountColumns`). Each row fills one of
    /// them, and its amount is in that column's currency; a row that fills none or two is an error.
    public var currencyAmounts: Bool

    public init(
        encoding: TextEncoding, delimiter: UInt8, skip: Int, hasHeader: Bool, dateFormat: DateFormat,
        decimalMark: UInt8, columns: [ColumnRole: ColumnReference], account: String?,
        currency: CurrencyCode?, amountSign: AmountSign, accountKind: AccountKind? = nil, writtenByPfin: Bool = false,
        continuationRows: Bool = false, postings: Bool = false, sections: Bool = false, emptyDirection: EntryDirection? = nil,
        transferWords: [String]? = nil, incomeBySign: Bool = false, singleQuotes: Bool = false,
        splitRows: Bool = false, balanceCategories: [String]? = nil, transferNote: String? = nil, currencyAmounts: Bool = false
    ) {
        self.currencyAmounts = currencyAmounts
        self.splitRows = splitRows
        self.balanceCategories = balanceCategories
        self.transferNote = transferNote
        self.incomeBySign = incomeBySign
        self.singleQuotes = singleQuotes
        self.emptyDirection = emptyDirection
        self.transferWords = transferWords
        self.postings = postings
        self.sections = sections
        self.writtenByPfin = writtenByPfin
        self.continuationRows = continuationRows
        self.accountKind = accountKind
        self.encoding = encoding
        self.delimiter = delimiter
        self.skip = skip
        self.hasHeader = hasHeader
        self.dateFormat = dateFormat
        self.decimalMark = decimalMark
        self.columns = columns
        self.account = account
        self.currency = currency
        self.amountSign = amountSign
    }
}

/// Which way money moved on a row: out of the account (a debit) or into it (a credit).
public enum EntryDirection: String, Sendable, CaseIterable, Equatable {
    case debit, credit
}

/// How an export signs its amounts.
public enum AmountSign: String, Sendable, CaseIterable, Equatable {
    /// Money in is positive, money out negative: what pfin writes.
    case asIs = "as-is"
    /// Money out is positive, as in many credit card exports (charges positive, payments negative).
    case inverted
}

/// The settings of a CSV import profile; any may be left out for detection to decide.
public struct CSVProfile: Equatable, Sendable {
    public var encoding: TextEncoding?
    public var delimiter: UInt8?
    public var skip: Int?
    public var hasHeader: Bool?
    public var dateFormat: DateFormat?
    public var decimalMark: UInt8?
    public var columns: [ColumnRole: ColumnReference]?
    public var account: String?
    public var currency: CurrencyCode?
    public var amountSign: AmountSign?
    /// `account-type card`: see `CSVDialect.accountKind`.
    public var accountKind: AccountKind?
    /// `written-by pfin`: see `CSVDialect.writtenByPfin`.
    public var writtenByPfin: Bool?
    /// `continuation-rows yes`: see `CSVDialect.continuationRows`.
    public var continuationRows: Bool?
    /// `postings yes`: see `CSVDialect.postings`.
    public var postings: Bool?
    /// `sections yes`: see `CSVDialect.sections`.
    public var sections: Bool?
    /// `empty-direction debit`: see `CSVDialect.emptyDirection`.
    public var emptyDirection: EntryDirection?
    /// `transfer-words conversion`: see `CSVDialect.transferWords`.
    public var transferWords: [String]?
    /// `income-by-sign yes`: see `CSVDialect.incomeBySign`.
    public var incomeBySign: Bool?
    /// `single-quotes yes`: see `CSVDialect.singleQuotes`.
    public var singleQuotes: Bool?
    /// `split-rows yes`: see `CSVDialect.splitRows`.
    public var splitRows: Bool?
    /// `balance-categories "balance correction"`: see `CSVDialect.balanceCategories`.
    public var balanceCategories: [String]?
    /// `transfer-note "transferred balance"`: see `CSVDialect.transferNote`.
    public var transferNote: String?
    /// `currency-amounts yes`: see `CSVDialect.currencyAmounts`.
    public var currencyAmounts: Bool?

    public init() {}

    /// The profile that pins every setting of `dialect`.
    public init(_ dialect: CSVDialect) {
        encoding = dialect.encoding
        delimiter = dialect.delimiter
        skip = dialect.skip
        hasHeader = dialect.hasHeader
        dateFormat = dialect.dateFormat
        decimalMark = dialect.decimalMark
        columns = dialect.columns
        account = dialect.account
        currency = dialect.currency
        amountSign = dialect.amountSign
        accountKind = dialect.accountKind
        // Printed only when set (`written-by pfin`), so left unset otherwise, as parsing that text gives.
        writtenByPfin = dialect.writtenByPfin ? true : nil
        continuationRows = dialect.continuationRows ? true : nil
        postings = dialect.postings ? true : nil
        sections = dialect.sections ? true : nil
        emptyDirection = dialect.emptyDirection
        transferWords = dialect.transferWords
        incomeBySign = dialect.incomeBySign ? true : nil
        singleQuotes = dialect.singleQuotes ? true : nil
        splitRows = dialect.splitRows ? true : nil
        balanceCategories = dialect.balanceCategories
        transferNote = dialect.transferNote
        currencyAmounts = dialect.currencyAmounts ? true : nil
    }

    /// This profile's settings, with `other`'s filling the gaps (command-line flags over a profile file).
    public func overriding(_ other: CSVProfile) -> CSVProfile {
        var merged = other
        if let encoding { merged.encoding = encoding }
        if let delimiter { merged.delimiter = delimiter }
        if let skip { merged.skip = skip }
        if let hasHeader { merged.hasHeader = hasHeader }
        if let dateFormat { merged.dateFormat = dateFormat }
        if let decimalMark { merged.decimalMark = decimalMark }
        if let columns { merged.columns = columns }
        if let account { merged.account = account }
        if let currency { merged.currency = currency }
        if let amountSign { merged.amountSign = amountSign }
        if let accountKind { merged.accountKind = accountKind }
        if let writtenByPfin { merged.writtenByPfin = writtenByPfin }
        if let continuationRows { merged.continuationRows = continuationRows }
        if let postings { merged.postings = postings }
        if let sections { merged.sections = sections }
        if let emptyDirection { merged.emptyDirection = emptyDirection }
        if let transferWords { merged.transferWords = transferWords }
        if let incomeBySign { merged.incomeBySign = incomeBySign }
        if let singleQuotes { merged.singleQuotes = singleQuotes }
        if let splitRows { merged.splitRows = splitRows }
        if let balanceCategories { merged.balanceCategories = balanceCategories }
        if let transferNote { merged.transferNote = transferNote }
        if let currencyAmounts { merged.currencyAmounts = currencyAmounts }
        return merged
    }
}
