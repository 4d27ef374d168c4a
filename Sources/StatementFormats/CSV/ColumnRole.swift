/// What a CSV column holds, as far as turning rows into activities is concerned.
public enum ColumnRole: String, Sendable, CaseIterable, Hashable, Comparable {
    /// The booking date: the date an activity gets.
    case date
    /// The value date, used only when there is no booking date.
    case valueDate = "value-date"
    case name
    /// Who paid, beside a name column that says who was paid (DKB's `Zahlungspflichtige*r` and
    /// `Zahlungsempfänger*in`, Postbank's `Auftraggeber` and `Empfänger`, Venmo's `From` and `To`):
    /// money in takes its name from here, money out from the name column, so that no row is named
    /// after the account's own holder. Taken from a header only when the holder is in one of the
    /// two cells of nearly every row (`HolderColumns`).
    case payer
    case memo
    /// A signed amount (or unsigned, with a `direction` column).
    case amount
    /// Money out, as a positive number.
    case debit
    /// Money in, as a positive number.
    case credit
    /// A debit/credit indicator (`S`/`H`, `Af`/`Bij`, `DR`/`CR`) for unsigned amounts.
    case direction
    case balance
    /// A debit/credit indicator for the balance beside it (Kotak Mahindra Bank's second `Dr / Cr`,
    /// after `Balance`): `CR` in credit, `DR` overdrawn, so the balance is negative. Never the
    /// amount's direction; a balance cell with a sign or mark of its own (`12,345.00 Cr`) keeps it.
    case balanceDirection = "balance-direction"
    /// A fee the bank charged on the row, beside an amount that leaves it out (Revolut's `Fee`):
    /// the row's money is the amount less the fee. Taken from a header only when the balance
    /// column shows it (each balance the previous one plus the amount less the fee).
    case fee
    /// Whether the bank booked the row (Revolut's `State`, `Status`, Sparkasse's `Info`): a row
    /// not booked yet (`PENDING`, `Vorgemerkt`) or never executed (`DECLINED`, `REVERTED`) is
    /// no transaction, and is skipped with a warning (`RowStatus`). Taken from a header only when
    /// most of the column's values are status words.
    case status
    case currency
    case category
    /// Whether the row is money moved between the user's own accounts, as a budgeting app marks
    /// it: a flag (Wallet's `transfer`, `true`/`false`) or the app's type column, whose transfer
    /// value means between the user's accounts (Copilot's `internal transfer`, Spendee's
    /// `Outgoing Transfer`, Firefly III's `Transfer`). A cell `true`, `yes`, `transfer`,
    /// `internal transfer`, `incoming transfer` or `outgoing transfer` makes the row a transfer;
    /// any other value leaves it to its sign and category (`AppTransferWords`). Taken from a
    /// header only by an app's header signature, with every value in the app's vocabulary
    /// (`AppTransferColumns`): a bank's `Type` column of `TRANSFER`s (payments to anyone) is none.
    case transfer
    /// The other of the user's accounts on a transfer row, empty on other rows (MoneyWiz's
    /// `Transfers`): a filled cell makes the row a transfer, categorised `Transfers:<that account>`
    /// unless the row has a category.
    case transferAccount = "transfer-account"
    /// What is still owed on a bill not paid yet (Cashew's `amount unpaid`, beside an empty
    /// `amount`): such a row moved no money, and is skipped with a warning.
    case unpaid
    /// How many shares or units of a security the row bought or sold, in a broker's cash statement
    /// (Schwab's and Fidelity's `Quantity`): a row with one moved money between the account's cash
    /// and its holdings, a transfer, not spending or income; a row with a quantity and no cash
    /// (journaled shares, a split) moved no money and is skipped with a warning. Taken from a header
    /// only beside a column that names the security (`Symbol`, `ISIN`, `CUSIP`…).
    case quantity
    case checkNumber = "check-number"
    case transactionID = "transaction-id"
    case account
    /// In a double-entry export, one row per posting (`CSVDialect.postings`): the transaction a
    /// posting belongs to (hledger's `txnidx`, GnuCash's `Transaction ID`); the postings of one
    /// transaction share it, on consecutive rows.
    case transaction
    /// The account money leaves and the account it goes to, on a row that names both (Firefly III's
    /// `source_name` and `destination_name`): the row is the user's side's, and a transfer between
    /// two of the user's accounts is a transaction on each (`RowSides`). With the kinds of the two
    /// accounts (`source-account-type`, `destination-account-type`: `Asset account`, `Expense
    /// account`, `Loan` …) they say which side is the user's.
    case sourceAccount = "source-account"
    case sourceAccountType = "source-account-type"
    case destinationAccount = "destination-account"
    case destinationAccountType = "destination-account-type"
    case address
    /// A payment in another currency: the amount in that currency (its sign follows the amount's).
    case originalAmount = "original-amount"
    /// The currency `original-amount` is in; a row whose cell is empty or the account's own
    /// currency has no original amount.
    case originalCurrency = "original-currency"
    /// Account-currency units per unit of the original currency.
    case exchangeRate = "exchange-rate"
    /// pfin's activity id, 16 hex digits (pfin's own CSV): the activity keeps it.
    case id
    /// pfin's `income`, `expense` or `transfer` (pfin's own CSV); an empty cell follows the sign.
    case type
    /// Where pfin read the activity from, `FILE:LINE` (pfin's own CSV); an empty cell, or no such
    /// column, gives the CSV's own file and line.
    case source
    /// The bank's text of a name that payee normalisation changed (pfin's own CSV); empty when the
    /// name is the bank's text.
    case rawName = "raw-name"

    /// The key a profile's `columns` line uses (`date=Buchungstag`).
    public var key: String { rawValue }

    /// The order in which a profile lists the columns.
    public static func < (lhs: ColumnRole, rhs: ColumnRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// How a profile names a column: by its header text or by its 1-based position.
public enum ColumnReference: Hashable, Sendable, CustomStringConvertible {
    case name(String)
    case position(Int)

    public var description: String {
        switch self {
        case .name(let name): return name
        case .position(let index): return String(index)
        }
    }
}
