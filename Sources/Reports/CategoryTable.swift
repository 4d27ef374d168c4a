/// Every category path the builder has seen, numbered, with each path's parent.
///
/// Activities carry categories as strings; numbering them once lets each month keep its sums in an
/// array indexed by number instead of a dictionary of strings, and lets the hierarchy be rolled up
/// once per month at the end rather than once per transaction.
struct CategoryTable {
    /// The number reserved for transactions without a category (or with an empty one).
    static let uncategorized = 0

    /// The paths seen, numbered in order of first sight (a child before its parent).
    private var strings = StringNumbering()
    /// The category number of each string number, -1 while not recorded yet.
    private var numberOfString: [Int] = []
    /// Full paths by number; the uncategorised entry holds `MonthlySummary.uncategorizedName`.
    private(set) var paths: [String] = [MonthlySummary.uncategorizedName]
    /// The last component of each path.
    private(set) var names: [String] = [MonthlySummary.uncategorizedName]
    /// The number of each path's parent, or -1 for a top-level one. Always smaller than the
    /// path's own number: a parent is numbered before its first child.
    private(set) var parents: [Int] = [-1]
    /// Colon-separated components minus one.
    private(set) var depths: [Int] = [0]

    var count: Int { paths.count }

    /// The number of `category`, numbering it (and its ancestors) on first sight.
    @inline(__always)
    mutating func number(of category: String?) -> Int {
        guard let category, !category.isEmpty else { return CategoryTable.uncategorized }
        let string = strings.number(of: category)
        if string < numberOfString.count && numberOfString[string] >= 0 { return numberOfString[string] }
        return insert(category, string: string)
    }

    /// Numbers a path seen for the first time, after its ancestors.
    private mutating func insert(_ path: String, string: Int) -> Int {
        let utf8 = path.utf8
        var parent = -1
        var depth = 0
        var nameStart = utf8.startIndex
        if let lastColon = utf8.lastIndex(of: UInt8(ascii: ":")) {
            // Ancestors first, so that they get the smaller numbers. An empty ancestor (`:Food`)
            // becomes a category of its own rather than joining the uncategorised line.
            let prefix = String(path[..<lastColon])
            let prefixString = strings.number(of: prefix)
            parent =
                prefixString < numberOfString.count && numberOfString[prefixString] >= 0
                ? numberOfString[prefixString] : insert(prefix, string: prefixString)
            depth = depths[parent] + 1
            nameStart = utf8.index(after: lastColon)
        }
        let number = paths.count
        if string >= numberOfString.count {
            numberOfString.append(contentsOf: repeatElement(-1, count: string + 1 - numberOfString.count))
        }
        numberOfString[string] = number
        paths.append(path)
        names.append(String(path[nameStart...]))
        parents.append(parent)
        depths.append(depth)
        return number
    }
}
