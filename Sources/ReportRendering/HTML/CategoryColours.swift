import Reports

/// One colour for each top-level spending category across every page of a report: the same
/// category keeps its colour in every month, currency and section, and the table's swatches are
/// the donut's legend.
///
/// A colour is a stable function of the category's name: common categories have a slot of their
/// own (`Food` is always `k1`), any other goes to the slot its name hashes to (FNV-1a of the
/// lower-cased name, the same in every run), and a name whose slot another name of the same
/// report already took moves on to the next free one (names in order, so the whole batch agrees).
/// Past `paletteSize` names slots are shared; the legend's labels still tell them apart.
/// `Uncategorised` is always `ku`, a neutral grey.
struct CategoryColours {
    static let paletteSize = 12
    static let uncategorised = "ku"

    /// Slots of the categories most reports have, lower-cased.
    private static let preferred: [String: Int] = [
        "housing": 0, "home": 0, "rent": 0, "food": 1, "groceries": 1, "shopping": 2, "transport": 3,
        "bills": 4, "utilities": 4, "travel": 5, "health": 6, "entertainment": 7, "leisure": 7,
        "subscriptions": 8, "cash": 9, "fees": 10, "family & clubs": 11, "family": 11,
    ]

    private var classes: [String: String] = [:]

    /// The colours of every top-level spending category of `report`.
    init(_ report: MonthlyReport) {
        var names = Set<String>()
        for summary in report.summaries {
            for line in summary.expenseCategories where line.depth == 0 && !line.isUncategorized { names.insert(line.name) }
        }
        self.init(names: names)
    }

    init(names: Set<String>) {
        let ordered = names.sorted { a, b in
            let (pa, pb) = (Self.preferred[a.lowercased()], Self.preferred[b.lowercased()])
            if (pa == nil) != (pb == nil) { return pa != nil }
            return a < b
        }
        var taken = [Bool](repeating: false, count: Self.paletteSize)
        for name in ordered {
            var slot = Self.preferred[name.lowercased()] ?? Self.slot(hashing: name)
            if taken.contains(false) {
                while taken[slot] { slot = (slot + 1) % Self.paletteSize }
            }
            taken[slot] = true
            classes[name] = "k" + String(slot)
        }
    }

    /// The colour class (`k0`…`k11`, `ku`) of a top-level category line.
    func colour(of line: CategoryLine) -> String {
        if line.isUncategorized { return Self.uncategorised }
        return classes[line.name] ?? "k" + String(Self.slot(hashing: line.name))
    }

    /// FNV-1a over the lower-cased name's bytes, into a slot.
    static func slot(hashing name: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.lowercased().utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(hash % UInt64(paletteSize))
    }
}
