/// The merchants the `rules` suite's rules and rows share: 728 made-up businesses (`MAPLE BAKERY`,
/// `HERON FITNESS`), each with a category and the kind of rule that recognises it.
///
/// The rules generator writes one rule per merchant, of the merchant's kind; the row generator
/// writes payee names (and memos, amounts) that the merchant's rule matches. Rows also use merchants
/// past the rules' count, which only the fallback rules catch, as an export always has some.
struct Merchant {
    /// How the merchant's rule recognises it (`index % 10`), so a rule set is a fixed mix of kinds.
    enum Kind: Int, CaseIterable {
        /// `when name contains "maple bakery"`, `set name = "Maple Bakery"`.
        case contains
        /// `when name is "maple bakery"`.
        case exact
        /// `when name starts-with "sq *maple bakery"`, `set name`.
        case startsWith
        /// `when name contains "paypal *maple bakery" or memo contains "ref maplebakery"`.
        case nameOrMemo
        /// `when name matches /(maple|uptown) bakery store/`.
        case regexAlternation
        /// `when name matches /^maple bakery payroll ([0-9]+)/` and `amount > 0`, `set name = "… $1"`.
        case payroll
        /// `when name contains "maple bakery"` and `amount < 0` (refunds fall through).
        case purchase
        /// `when name starts-with "maple bakery rent"` and `day between 1 and 5 or amount < -1000`.
        case rent
        /// `when text contains "maple bakery"` and `not memo contains "refund"`.
        case text
        /// `when name contains "maple bakery" or name contains "mapl bakery"`, then `stop`.
        case abbreviated
    }

    let index: Int
    /// Upper case, as banks print it: `MAPLE`.
    let adjective: String
    /// Upper case: `BAKERY`, `NOODLE BAR`.
    let noun: String
    let category: String

    static let count = adjectives.count * nouns.count

    /// Merchant `index`; indexes past `count` wrap around.
    init(_ index: Int) {
        let i = index % Self.count
        self.index = index
        adjective = Self.adjectives[i % Self.adjectives.count]
        (noun, category) = Self.nouns[i / Self.adjectives.count]
    }

    var kind: Kind { Kind(rawValue: index % Kind.allCases.count)! }

    /// `MAPLE BAKERY`.
    var upper: String { "\(adjective) \(noun)" }
    /// `maple bakery`, for rule literals.
    var lower: String { upper.lowercased() }
    /// `Maple Bakery`, for cleaned-up names.
    var title: String { upper.split(separator: " ").map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined(separator: " ") }
    /// `MAPL BAKERY`: how some terminals truncate it.
    var abbreviated: String { "\(adjective.prefix(4)) \(noun)" }
    /// The other spelling a regex alternation accepts: `UPTOWN BAKERY`.
    var alternate: String { "\(Self.alternates[index % Self.alternates.count]) \(noun)" }
    /// `MAPLEBAKERY`: the merchant as a payment reference spells it.
    var reference: String { upper.filter { $0 != " " } }

    private static let adjectives = [
        "MAPLE", "CEDAR", "BIRCH", "WILLOW", "ASPEN", "SPRUCE", "JUNIPER", "MAGNOLIA", "SEQUOIA", "HAWTHORN",
        "ALDER", "CYPRESS", "REDWOOD", "SYCAMORE", "LAUREL", "HICKORY", "CHESTNUT", "ACORN", "LINDEN", "POPLAR",
        "ELMWOOD", "OAKRIDGE", "PINECREST", "BLUEBIRD", "KESTREL", "HERON", "FALCON", "OSPREY",
    ]

    /// Words no merchant name uses, so an alternate spelling matches only its own rule.
    private static let alternates = ["UPTOWN", "HARBOR", "VILLAGE", "CORNER", "RIVERSIDE", "LAKESIDE", "GRAND"]

    private static let nouns = [
        ("BAKERY", "Food:Bakery"), ("GROCERY", "Food:Groceries"), ("MARKET", "Food:Groceries"),
        ("CAFE", "Food:Coffee"), ("DINER", "Food:Dining"), ("PIZZERIA", "Food:Dining"),
        ("TAQUERIA", "Food:Dining"), ("NOODLE BAR", "Food:Dining"), ("BREWING", "Food:Bars"),
        ("PHARMACY", "Health:Pharmacy"), ("DENTAL", "Health:Dental"), ("VET CLINIC", "Pets:Vet"),
        ("PET SUPPLY", "Pets:Supplies"), ("HARDWARE", "Home:Hardware"), ("FURNITURE", "Home:Furniture"),
        ("GARDEN CENTER", "Home:Garden"), ("BOOKS", "Shopping:Books"), ("OUTFITTERS", "Shopping:Clothing"),
        ("SHOES", "Shopping:Clothing"), ("ELECTRONICS", "Shopping:Electronics"), ("CINEMA", "Entertainment:Movies"),
        ("FITNESS", "Health:Fitness"), ("AUTO REPAIR", "Transport:Car"), ("FUEL", "Transport:Fuel"),
        ("CAR WASH", "Transport:Car"), ("DRY CLEANERS", "Services:Laundry"),
    ]
}
