import FinanceCore

/// The fields an edit changes; `nil` leaves a field as it is. For optional fields, `.some(nil)`
/// clears them.
///
///     var changes = ActivityChanges()
///     changes.category = "Food:Coffee"
///     changes.memo = .some(nil)           // remove the memo
///     try ledger.update(id, changes)
public struct ActivityChanges: Sendable, Equatable {
    public var name: String?
    public var date: LocalDate?
    public var amount: Money?
    public var type: PaymentType?
    public var address: String??
    public var memo: String??
    public var category: String??
    public var account: String??

    public init(
        name: String? = nil, date: LocalDate? = nil, amount: Money? = nil, type: PaymentType? = nil,
        address: String?? = nil, memo: String?? = nil, category: String?? = nil, account: String?? = nil
    ) {
        self.name = name
        self.date = date
        self.amount = amount
        self.type = type
        self.address = address
        self.memo = memo
        self.category = category
        self.account = account
    }

    /// True when nothing would change.
    public var isEmpty: Bool {
        name == nil && date == nil && amount == nil && type == nil && address == nil && memo == nil && category == nil
            && account == nil
    }
}
