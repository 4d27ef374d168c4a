/// Finds the columns in which a budgeting app's export says which rows are transfers between the
/// user's own accounts (`ColumnRole.transfer`, `.transferAccount`, and the two sides of Firefly
/// III's rows), by the app's header signature.
///
/// The mark is the file's: nothing here guesses from a payee or a memo. And a word alone is no
/// evidence: banks write `Transfer` in their type columns for payments to anyone (Revolut's
/// `TRANSFER`, N26's `Outgoing Transfer`, US banks' `TRANSFER`). So a column counts only in a file
/// whose header has the app's own column names, and only when every value the column holds is
/// one of the app's: a column with other values is left as it was, unread as a mark.
enum AppTransferColumns {
    /// An app's export: the folded header names it always has, the column that marks transfers and
    /// the values that column holds (folded, as `TextFolding.fold` gives them); with `sides`, the
    /// columns of the accounts on both sides of each row (`source-account` …).
    struct Signature {
        var app: String
        var names: Set<String>
        var mark: String
        var values: Set<String>
        var sides = false
        /// The column holds other values too (a bank's list of payment kinds, not all known):
        /// then `values` are the only transfer words it may hold.
        var open = false
        /// With `open`: the column holds the usual transfer words for payments to anyone, and only
        /// `values` mark a transfer (the dialect's `transfer-words`).
        var ownWords = false
        /// The column stays the memo as well (a bank's payment kind, which a user's rules may read).
        var keepsMemo = false
        /// The app writes money out positive and money in negative (Copilot): its layout is the
        /// evidence, and the signs are flipped (`SignDetection.appSaysInverted`).
        var moneyOutPositive = false
        /// The column that names the transaction, where the app's other text columns would read
        /// better by their values (Spendee's `Note`, beside `Author`, who keyed the row in).
        var name: String?
        /// Columns the app's layout names for the memo, the amount and the transaction's id, over
        /// what the header words alone would give (PayPal's `Type`, `Net` beside `Gross`, German
        /// `Netto` and `Transaktionscode`).
        var memo: String?
        var amount: String?
        var transactionID: String?
        /// The mark column is the app's category column, of any categories the user made: only a
        /// category naming the user's other account (`To 'Cash'`, `From 'Cash'`:
        /// `AppTransferWords.otherAccount`) marks a transfer.
        var categories = false
        /// The app has income and spending categories only, and money in is income
        /// (`CSVDialect.incomeBySign`).
        var incomeBySign = false
        /// The app writes a split transaction as its total's row followed by its parts, each on a
        /// row dated `~` (`CSVDialect.splitRows`).
        var splitRows = false
        /// The categories of the rows that set an account's balance, and the start of the memo
        /// that makes such a row a transfer between the user's accounts (`CSVDialect.balanceCategories`,
        /// `CSVDialect.transferNote`); the column of what a bill not paid yet still owes (`ColumnRole.unpaid`).
        var balanceCategories: [String]?
        var transferNote: String?
        var unpaid: String?
    }

    /// The apps whose documented exports mark transfers in a column of their own.
    static let signatures: [Signature] = [
        // Copilot Money: `date,name,amount,status,category,parent category,excluded,tags,type,
        // account,account mask,note,recurring`; `type` is `regular`, `income` or `internal transfer`
        // (money moved between the user's accounts, a card's payment too).
        // It writes spending positive and income negative, as its own screens show them.
        Signature(
            app: "Copilot", names: ["type", "parent category", "excluded", "account mask"], mark: "type",
            values: ["regular", "income", "internal transfer"], moneyOutPositive: true),
        // Wallet by BudgetBakers: `account;category;currency;amount;ref_currency_amount;type;
        // payment_type;…;transfer;payee;labels`, with `transfer` `true` on both sides of a transfer
        // between the user's accounts.
        Signature(
            app: "Wallet", names: ["ref currency amount", "payment type", "transfer"], mark: "transfer",
            values: ["true", "false"]),
        // Spendee: `Date,Wallet,Type,Category name,Amount,Currency,Note,Labels,Author`; `Type` is
        // `Expense`, `Income`, `Outgoing Transfer` or `Incoming Transfer` (between the user's wallets).
        // Its `Note` is the transaction's description; `Author` the wallet's member who entered it.
        Signature(
            app: "Spendee", names: ["wallet", "type", "category name"], mark: "type",
            values: ["expense", "income", "outgoing transfer", "incoming transfer"], name: "note"),
        // Firefly III: `type` is `Withdrawal`, `Deposit`, `Transfer` (between two of the user's asset
        // accounts, or two liabilities), `Opening balance`, `Reconciliation` or `Liability credit`,
        // beside the accounts on both sides and their kinds.
        Signature(
            app: "Firefly III", names: ["type", "source name", "source type", "destination name", "destination type"], mark: "type",
            values: ["withdrawal", "deposit", "transfer", "opening balance", "reconciliation", "liability credit"], sides: true),
        // Chase's credit card export: `Transaction Date,Post Date,Description,Category,Type,Amount,
        // Memo`; `Type` is `Sale`, `Return`, `Adjustment`, `Fee` or `Payment`, a payment to the
        // card from the user's bank account.
        Signature(
            app: "Chase card", names: ["transaction date", "post date", "description", "category", "type", "amount", "memo"],
            mark: "type", values: ["sale", "return", "adjustment", "fee", "payment"]),
        // PocketSmith: `Date,Merchant,Amount,Currency,Transaction Type,Account,Closing Balance,
        // Category,Parent Categories,Labels,Memo,Note,ID,Bank,Merchant Changed From,Is Transfer`;
        // `Is Transfer` is `true` on both sides of money moved between the user's accounts.
        Signature(
            app: "PocketSmith", names: ["merchant", "closing balance", "parent categories", "is transfer"], mark: "is transfer",
            values: ["true", "false"]),
        // Monzo: `Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,…,Category split,Money Out,
        // Money In`; its `Type` names the payment's kind (`Card payment`, `Faster payment`…), and
        // `Pot transfer` money moved between the account and one of the user's own pots.
        Signature(
            app: "Monzo", names: ["type", "emoji", "category split", "money out", "money in"], mark: "type",
            values: ["pot transfer"], open: true),
        // Wise: `TransferWise ID,Date,Date Time,Amount,Currency,Description,Payment Reference,Running
        // Balance,Exchange From,Exchange To,Exchange Rate,…,Transaction Type,Transaction Details
        // Type`; one file a currency balance. The details type is the payment's kind (`CARD`,
        // `TRANSFER` money sent to anyone, `DEPOSIT` money received…); `CONVERSION` and the cross
        // balance kinds move money between the user's own balances, and `MONEY_ADDED` is a top-up
        // from the user's own bank account or card (Wise's "Add money"): only they mark a transfer.
        Signature(
            app: "Wise", names: ["transaction details type", "exchange from", "exchange to", "running balance"],
            mark: "transaction details type", values: ["conversion", "incoming cross balance", "outgoing cross balance", "money added"],
            open: true,
            ownWords: true),
        // PayPal's activity download: `Date,Time,TimeZone,Name,Type,Status,Currency,Gross,Fee,Net,
        // …,Transaction ID,…,Reference Txn ID,…,Balance`; `Type` is the payment's kind (`Express
        // Checkout Payment`, `Subscription Payment`… to anyone). The holder's own money moves in
        // kinds of their own: funding from their bank or card (`Bank Deposit to PP Account`, `General
        // Card Deposit`), withdrawals to them (`General Withdrawal`, `User Initiated Withdrawal`), and
        // conversions between their PayPal balances (`General Currency Conversion`, a row in each
        // currency): only these mark a transfer. The kind stays the memo.
        Signature(
            app: "PayPal", names: ["gross", "fee", "net", "transaction id", "reference txn id"], mark: "type",
            values: PayPalTransferTypes.english, open: true, ownWords: true, keepsMemo: true, memo: "type", amount: "net",
            transactionID: "transaction id"),
        // The same in German: `Datum,Uhrzeit,Zeitzone,Name,Typ,Status,Währung,Brutto,Gebühr,Netto,…,
        // Transaktionscode,…,Zugehöriger Transaktionscode,…,Guthaben`.
        Signature(
            app: "PayPal", names: ["brutto", "gebuhr", "netto", "transaktionscode", "zugehoriger transaktionscode"], mark: "typ",
            values: PayPalTransferTypes.german, open: true, ownWords: true, keepsMemo: true, memo: "typ", amount: "netto",
            transactionID: "transaktionscode"),
        // Chase's checking export: `Details,Posting Date,Description,Amount,Type,Balance,Check or
        // Slip #`; `Type` is the payment's kind (`DEBIT_CARD`, `ACH_DEBIT`, `QUICKPAY_DEBIT`…),
        // `ACCT_XFER` money moved between the user's Chase accounts and `LOAN_PMT` a payment to the
        // user's Chase card or loan. The kind stays the memo, as it is in every other bank's file.
        Signature(
            app: "Chase checking", names: ["details", "posting date", "description", "amount", "type", "balance", "check or slip"],
            mark: "type", values: ["acct xfer", "loan pmt"], open: true, keepsMemo: true),
        // Monefy: `date,account,category,amount,currency,converted amount,currency,description`.
        // Money moved between two of the user's accounts is two rows, categorised `To 'Payment
        // card'` on the account it left and `From 'Cash'` on the other; every other category is
        // an income or a spending one, money in or out (Monefy keeps no refunds).
        Signature(
            app: "Monefy", names: ["date", "account", "category", "amount", "currency", "converted amount", "description"],
            mark: "category", values: [], categories: true, incomeBySign: true),
        // Financisto: `date,time,account,amount,currency,original amount,original currency,
        // category,parent,payee,location,project,note`. A transfer between two of the user's
        // accounts is a row on each, `Transfer Out` and `Transfer In` in `location`, which
        // otherwise holds the place the user named (`Home`). A split transaction is its total's
        // row (category `SPLIT`) and then its parts, each dated `~`.
        Signature(
            app: "Financisto", names: ["original amount", "original currency", "parent", "payee", "location", "project"],
            mark: "location", values: ["transfer out", "transfer in"], open: true, ownWords: true, splitRows: true),
        // HomeBank's CSV: `date;paymode;info;payee;memo;amount;category;tags` (5.4 and later
        // add `c`, the reconciled state; some write `payment` for `paymode`). The manual numbers
        // the payment modes: 0 none, 1 credit card, 2 check, 3 cash, 4 bank transfer (to anyone),
        // 5 internal transfer (between the user's own accounts), 6 debit card, 7 standing order,
        // 8 electronic payment, 9 deposit, 10 FI fee, 11 direct debit: only 5 marks a transfer.
        Signature(
            app: "HomeBank", names: ["paymode", "info", "payee", "memo", "amount", "category", "tags"], mark: "paymode",
            values: ["5"], open: true, ownWords: true),
        Signature(
            app: "HomeBank", names: ["payment", "info", "payee", "memo", "amount", "category", "tags"], mark: "payment",
            values: ["5"], open: true, ownWords: true),
        // Cash App: `Transaction ID,Date,Transaction Type,Currency,Amount,Fee,Net Amount,Asset Type,
        // Asset Price,Asset Amount,Status,Notes,Name of sender/receiver,Account`. `Status` says
        // `TRANSFER DEPOSITED` on a `Cash in` from the user's linked bank account and `TRANSFER
        // SENT` on a `Cash out` to it; other statuses (`PAYMENT SENT`, `CARD CHARGED`) are payments.
        Signature(
            app: "Cash App", names: ["transaction type", "net amount", "asset type", "asset amount", "status"], mark: "status",
            values: ["transfer deposited", "transfer sent"], open: true, ownWords: true, keepsMemo: true),
        // Cashew: `account,amount,amount unpaid,currency,title,note,date,income,type,category name,
        // subcategory name,color,icon,emoji,budget,objective,extra` (older: without `amount unpaid`
        // and `extra`). `title` names the row, `note` is its memo; `color`, `icon` and `emoji` are
        // the category's looks. Money moved between the user's accounts is two rows in category
        // `Balance Correction` whose note starts `Transferred Balance`, then `Federal Bank → Cash`;
        // other rows in it, or in `Initial Amount`, set an account's balance. A bill not paid yet
        // has no amount, only `amount unpaid`.
        Signature(
            app: "Cashew", names: ["title", "note", "income", "category name", "subcategory name", "color", "icon", "emoji"],
            mark: "category name", values: [], name: "title", memo: "note", categories: true,
            balanceCategories: ["balance correction", "initial amount"], transferNote: "transferred balance", unpaid: "amount unpaid"),
    ]

    /// The app whose header signature the file has, every value of its mark column one the app
    /// writes, and that column.
    static func match(header: [String], stats: [ColumnStats]) -> Match? {
        let folded = header.map { TextFolding.fold($0) }
        let names = Set(folded)
        for signature in signatures where signature.names.isSubset(of: names) {
            guard let mark = folded.firstIndex(of: signature.mark), mark < stats.count, stats[mark].nonEmpty > 0,
                stats[mark].values.allSatisfy({ value in
                    let folded = TextFolding.fold(value)
                    return signature.categories || signature.values.contains(folded)
                        || signature.open && (signature.ownWords || !AppTransferWords.words.contains(folded))
                })
            else { continue }
            return Match(signature: signature, mark: mark)
        }
        return nil
    }

    /// An app's signature found in a file's header, and the column of its transfer mark.
    struct Match {
        let signature: Signature
        let mark: Int
    }

    /// The words that mark a transfer in the `transfer` column of an app whose column holds other
    /// transfer words too (Wise's), when that column is the file's transfer column.
    static func ownWords(_ app: Match?, transfer: Int?) -> [String]? {
        guard let app, app.signature.ownWords, app.mark == transfer else { return nil }
        return app.signature.values.sorted()
    }

    /// Whether the app whose signature the file has counts money in with a category as income
    /// (Monefy), its mark column being the file's transfer column.
    static func incomeBySign(_ app: Match?, transfer: Int?) -> Bool {
        guard let app, app.mark == transfer else { return false }
        return app.signature.incomeBySign
    }

    static func roles(header: [String], stats: [ColumnStats], over roles: [ColumnRole: Int], app: Match?) -> [ColumnRole: Int] {
        let folded = header.map { TextFolding.fold($0) }
        func column(_ name: String) -> Int? {
            guard let index = folded.firstIndex(of: name), index < stats.count else { return nil }
            return index
        }
        var roles = roles
        let names = Set(folded)
        if let app {
            let (signature, mark) = (app.signature, app.mark)
            roles[.transfer] = mark
            // The app's type words are no memo (`type` is a weak memo name; Firefly III's
            // `Opening balance` would read as a balance row).
            if roles[.memo] == mark && !signature.keepsMemo { roles[.memo] = nil }
            if roles[.name] == mark {
                roles[.name] = roles[.memo]
                roles[.memo] = nil
            }
            if let name = signature.name.flatMap(column) {
                if roles[.memo] == name { roles[.memo] = nil }
                roles[.name] = name
            }
            for (role, name) in [
                (ColumnRole.memo, signature.memo), (.amount, signature.amount), (.transactionID, signature.transactionID), (.unpaid, signature.unpaid),
            ] {
                guard let index = name.flatMap(column) else { continue }
                for (other, at) in roles where at == index && other != role && other != .transfer { roles[other] = nil }
                roles[role] = index
            }
            if signature.sides {
                for (role, name) in [
                    (ColumnRole.sourceAccount, "source name"), (.sourceAccountType, "source type"),
                    (.destinationAccount, "destination name"), (.destinationAccountType, "destination type"),
                ] {
                    roles[role] = column(name)
                }
            }
        }
        // MoneyWiz: a `Transfers` column beside the `Account` column, holding on each side of a
        // transfer the name of the user's other account (both sides are in the file).
        if roles[.transferAccount] == nil, names.contains("account"), let other = column("transfers"),
            !roles.values.contains(other), stats[other].nonEmpty == 0 || stats[other].textRatio >= 0.5
        {
            roles[.transferAccount] = other
        }
        return roles
    }
}
