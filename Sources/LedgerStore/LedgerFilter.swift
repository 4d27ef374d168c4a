import FinanceCore

/// Which transactions `Ledger.list` and `Ledger.forEachActivity` return; `nil` fields do not filter.
///
/// Deleted transactions never match, unless `deleted` asks for them alone. All conditions must hold.
///
///     var filter = LedgerFilter()
///     filter.from = LocalDate(year: 2024, month: 1, day: 1)
///     filter.categoryPrefix = "Food"      // Food, Food:Groceries, Foodstuffs…
///     let rows = try ledger.list(filter)
public struct LedgerFilter: Sendable, Equatable {
    public var type: PaymentType?
    /// The first date included.
    public var from: LocalDate?
    /// The last date included.
    public var to: LocalDate?
    /// Categories starting with this text, ignoring ASCII case (`food` matches `Food:Groceries`).
    public var categoryPrefix: String?
    /// The account, ignoring ASCII case as `categoryPrefix` does (`checking` matches `Checking`).
    public var account: String?
    /// Only transactions without a category (what no rule or bank categorised).
    public var uncategorised: Bool
    /// Text found in the name, memo or address, ignoring ASCII case (SQLite's LIKE folds only ASCII).
    public var search: String?
    /// The smallest magnitude included, whatever the sign and currency (`54.20` matches `-54.20`).
    public var minAmount: Money?
    /// The largest magnitude included.
    public var maxAmount: Money?
    /// At most this many, the newest.
    public var limit: Int?
    /// Only the deleted transactions (which otherwise never match).
    public var deleted: Bool

    public init(
        type: PaymentType? = nil, from: LocalDate? = nil, to: LocalDate? = nil, categoryPrefix: String? = nil,
        account: String? = nil, search: String? = nil, minAmount: Money? = nil, maxAmount: Money? = nil,
        limit: Int? = nil, deleted: Bool = false, uncategorised: Bool = false
    ) {
        self.uncategorised = uncategorised
        self.type = type
        self.from = from
        self.to = to
        self.categoryPrefix = categoryPrefix
        self.account = account
        self.search = search
        self.minAmount = minAmount
        self.maxAmount = maxAmount
        self.limit = limit
        self.deleted = deleted
    }
}
