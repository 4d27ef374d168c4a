/// A bank, card or investment account as a statement describes it.
///
/// Activities refer to their account by `id` alone (`PaymentActivity.account`); the rest travels
/// with the statement (`StatementInfo`), for writers that need it, such as OFX.
public struct Account: Hashable, Sendable {
    /// What users see and rules match: an OFX `ACCTID`, an IBAN, a CSV preamble's account name.
    public var id: String
    public var kind: AccountKind?
    /// The institution's routing or bank number (OFX `BANKID`), or broker id for investments.
    public var institution: String?

    public init(id: String, kind: AccountKind? = nil, institution: String? = nil) {
        self.id = id
        self.kind = kind
        self.institution = institution
    }
}

/// The kinds of account OFX distinguishes (OFX 2.2 §11.3.1 `ACCTTYPE`, plus card and investment).
public enum AccountKind: String, Sendable, CaseIterable, Hashable {
    case checking = "CHECKING"
    case savings = "SAVINGS"
    case moneyMarket = "MONEYMRKT"
    case creditLine = "CREDITLINE"
    case certificateOfDeposit = "CD"
    case creditCard = "CREDITCARD"
    case investment = "INVESTMENT"

    /// Whether the account's balance is what the holder owes: a credit card, or a line of credit
    /// (`CREDITLINE`, which converters such as csv2ofx also write for credit cards in a bank
    /// statement). Journals post both under `Liabilities:Card`, QIF writes both as `CCard` (as
    /// Quicken tracks a line of credit).
    public var isLiability: Bool { self == .creditCard || self == .creditLine }
}
