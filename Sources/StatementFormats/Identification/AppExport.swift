/// A table an app or a platform exports that lists money but is no statement of the user's
/// account: read as one, it would invent income and spending (a group's shares, an order's item
/// prices, a merchant's sales, trades whose cash sign is not written). Identification names it.
public enum AppExport: Sendable, Equatable {
    /// A group-expense list (Splitwise, Tricount, Settle Up): what each member paid and owes
    /// inside a group, not money moving in an account.
    case groupExpenses
    /// An online shop's order history (Amazon's `Retail.OrderHistory`): item prices; the
    /// payments are on the card or bank statement that paid them.
    case orderHistory
    /// A payment processor's list of a merchant's charges (Stripe's payments export): sales to
    /// customers, gross of fees, not the balance that is paid out.
    case merchantPayments
    /// A broker's or exchange's trade list (Trading 212, Revolut, eToro, Bitpanda, Coinbase, IBKR
    /// flex trades): unsigned amounts whose direction is a trade word, buying as much as selling.
    case tradeList
    /// A crypto exchange's ledger (Binance, Uphold, Coinbase Pro, Nexo, Kraken): amounts in many
    /// assets, most no currency.
    case cryptoLedger
    /// A payment or payroll register: payees with account numbers and amounts, no dates.
    case paymentRegister
    /// Text extracted from a PDF statement (pdftotext, a PDF reader's "save as text"): page
    /// markers and columns aligned with spaces.
    case pdfText

    public var description: String {
        switch self {
        case .groupExpenses: return "a group-expense list (Splitwise, Tricount, Settle Up): members' shares of a group's costs"
        case .orderHistory: return "an online shop's order history (Amazon and the like): item prices, not account movements"
        case .merchantPayments: return "a payment processor's list of a merchant's charges (Stripe's payments export): sales, not a balance"
        case .tradeList: return "a broker's or exchange's trade list: unsigned amounts whose direction is a trade word"
        case .cryptoLedger: return "a crypto exchange's ledger: amounts in many assets"
        case .paymentRegister: return "a payment or payroll register: payees, account numbers and amounts, no dates"
        case .pdfText: return "text extracted from a PDF statement: page markers and columns aligned with spaces"
        }
    }

    /// What to export instead.
    public var advice: String {
        let statement = "download the account's statement (CSV, OFX, QIF, CAMT or MT940) from your bank instead"
        switch self {
        case .groupExpenses:
            return "a group's shares are not your account's payments: read the statement of the account that paid; "
                + "settle-ups appear there as transfers"
        case .orderHistory:
            return "the orders were paid by a card or an account, whose statement holds these payments: read that statement"
        case .merchantPayments:
            return "export the balance history instead (Stripe: Balance › Balance history, or Reports › Balance), "
                + "whose Net column is what moved in your balance"
        case .tradeList:
            return "export the account's cash statement instead (the broker's account activity or cash report), "
                + "where each amount carries its sign"
        case .cryptoLedger:
            return "pfin reads money accounts in one currency each; export the fiat account's statement, "
                + "or one asset's history with a signed amount and its currency"
        case .paymentRegister:
            return "a register lists payments to make; \(statement), where they appear once they are paid"
        case .pdfText:
            return "download the statement as CSV, OFX, QIF, CAMT or MT940 from your bank; if only the PDF exists, "
                + "convert its tables with a PDF-to-CSV tool (tabula, camelot) and read that CSV"
        }
    }
}
