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

    /// The slot of a category most reports have (compared lower-cased), else `nil`.
    ///
    /// A function, not a dictionary in a static: pages render on several threads at once, and a
    /// lazily initialised global first touched by two of them in a forked process (the benchmark
    /// forks each run) left both spinning in the runtime's once-lock.
    private static func preferred(_ name: String) -> Int? {
        switch name.lowercased() {
        case "housing", "home", "rent": return 0
        case "food", "groceries": return 1
        case "shopping": return 2
        case "transport": return 3
        case "bills", "utilities": return 4
        case "travel": return 5
        case "health": return 6
        case "entertainment", "leisure": return 7
        case "subscriptions": return 8
        case "cash": return 9
        case "fees": return 10
        case "family & clubs", "family": return 11
        default: return nil
        }
    }

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
            let (pa, pb) = (Self.preferred(a), Self.preferred(b))
            if (pa == nil) != (pb == nil) { return pa != nil }
            return a < b
        }
        var taken = [Bool](repeating: false, count: Self.paletteSize)
        for name in ordered {
            var slot = Self.preferred(name) ?? Self.slot(hashing: name)
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
