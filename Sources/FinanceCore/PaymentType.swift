/// Whether a transaction is money earned, money spent, or money moved between the user's own accounts.
public enum PaymentType: String, Sendable, CaseIterable, Hashable {
    case income
    case expense
    case transfer

    /// The type an amount implies before any rule speaks: money in is income, money out is expense.
    /// A zero amount (a fee waived, a card check) counts as income so that it never inflates spending.
    @inlinable
    public init(sign amount: Money) {
        self = amount.isNegative ? .expense : .income
    }
}
