import FinanceCore

/// One side of a possible transfer between two of the user's own accounts.
public struct TransferCandidate: Sendable, Equatable {
    /// The transaction's id.
    public var id: ActivityID
    public var account: String
    public var date: LocalDate
    /// Signed: the money-out side is negative, the money-in side positive.
    public var amount: Money
    public var type: PaymentType
    /// A rule or the user set the type: matching never changes it.
    public var typeLocked: Bool
    /// Part of the import being matched (only pairs with a new side are considered).
    public var isNew: Bool
    /// The texts that can name the other account or say "transfer", boxed: an import holds a
    /// candidate for each of its rows (a million for a large one), most without their texts.
    private var texts: Texts?

    public var name: String {
        get { texts?.name ?? "" }
        set { texts = Texts(name: newValue, memo: memo, category: category) }
    }

    public var memo: String? {
        get { texts?.memo }
        set { texts = Texts(name: name, memo: newValue, category: category) }
    }

    public var category: String? {
        get { texts?.category }
        set { texts = Texts(name: name, memo: memo, category: newValue) }
    }

    public init(
        id: ActivityID, account: String, date: LocalDate, amount: Money, type: PaymentType, typeLocked: Bool,
        isNew: Bool, name: String = "", memo: String? = nil, category: String? = nil
    ) {
        self.id = id
        self.account = account
        self.date = date
        self.amount = amount
        self.type = type
        self.typeLocked = typeLocked
        self.isNew = isNew
        if !name.isEmpty || memo != nil || category != nil { texts = Texts(name: name, memo: memo, category: category) }
    }

    /// The name the matcher reads: the payee, and the bank's own text when normalisation or a rule
    /// changed it, since account digits and "transfer" words are in what the bank wrote
    /// (`TRANSFER TO SAVINGS 9419` is cleaned to "Transfer To Savings").
    public static func matchingName(_ name: String, raw: String?) -> String {
        guard let raw, !raw.isEmpty, raw != name else { return name }
        return name + " | " + raw
    }

    public static func == (a: TransferCandidate, b: TransferCandidate) -> Bool {
        a.id == b.id && a.account == b.account && a.date == b.date && a.amount == b.amount && a.type == b.type
            && a.typeLocked == b.typeLocked && a.isNew == b.isNew && a.name == b.name && a.memo == b.memo
            && a.category == b.category
    }

    private final class Texts: Sendable {
        let name: String
        let memo: String?
        let category: String?

        init(name: String, memo: String?, category: String?) {
            self.name = name
            self.memo = memo
            self.category = category
        }
    }

    /// The file, a rule or the user typed it a transfer: type `transfer` (OFX `XFER`, QIF
    /// `[Account]`, `set type transfer`) or a category under `Transfers`.
    public var isTypedTransfer: Bool {
        if type == .transfer { return true }
        guard let category else { return false }
        let top = category.split(separator: ":", maxSplits: 1).first.map { TransferText.tokens(String($0)) } ?? []
        return top == ["transfers"] || top == ["transfer"]
    }

    /// A rule or the user gave it another type: pairing may suggest it, never apply to it.
    public var isBlocked: Bool { typeLocked && type != .transfer }
}
