import FinanceCore

/// Proposes rules from transactions already categorised (`pfin rules suggest`): for payees
/// categorised consistently, a rule that would categorise them the same way next time.
///
/// Payees are grouped by the leading words of their names (words with digits, such as card numbers,
/// dates and references, end the prefix). Walking that word tree from the root, the first prefix
/// whose transactions are consistent enough becomes a candidate, so a suggestion is as general as
/// the history allows and no more. Each candidate's literal is then checked against every
/// transaction, so the support and consistency in its comment are what the rule would really match.
public struct RuleSuggester {
    /// How many transactions a suggestion needs behind it.
    public var minimumSupport = 3
    /// The share of those that must agree on the category, 0…1 in percent (90 = 90 %).
    public var minimumConsistencyPercent = 90
    /// Literals shorter than this match too much to be useful.
    public var minimumLiteralLength = 3
    /// How many words of a name the grouping looks at.
    public var maximumWords = 4

    public init() {}

    /// The suggestions for `history`, most useful (most transactions covered) first.
    public func suggest(_ history: [PaymentActivity]) -> [RuleSuggestion] {
        let categorised = history.filter { !($0.category ?? "").isEmpty }
        let root = PayeeTree()
        for activity in categorised {
            let name = CaseFold.fold(activity.name)
            let words = PayeeWords.leading(name, limit: maximumWords)
            root.insert(words[...], name: name, category: activity.category!)
        }
        var literals: [[UInt8]] = []
        collect(root, into: &literals)
        return verify(literals, against: categorised)
    }

    /// Candidate literals: the shallowest consistent prefixes with enough support.
    private func collect(_ node: PayeeTree, into literals: inout [[UInt8]]) {
        for (_, child) in node.children.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            guard child.count >= minimumSupport else { continue }
            if child.text.count >= minimumLiteralLength && isConsistent(child.topCount, of: child.count) {
                if !literals.contains(child.text) { literals.append(child.text) }
            } else {
                collect(child, into: &literals)
            }
        }
    }

    /// Counts what each literal matches among all categorised transactions and keeps those that
    /// still meet the thresholds.
    private func verify(_ literals: [[UInt8]], against history: [PaymentActivity]) -> [RuleSuggestion] {
        guard !literals.isEmpty else { return [] }
        let automaton = AhoCorasick(literals)
        var matches = [[Int]](repeating: [], count: literals.count)
        var seen = [Int](repeating: -1, count: literals.count)
        for (index, activity) in history.enumerated() {
            let name = CaseFold.fold(activity.name)
            name.withUnsafeBufferPointer { bytes in
                automaton.scan(bytes) { id in
                    if seen[id] != index {
                        seen[id] = index
                        matches[id].append(index)
                    }
                }
            }
        }
        var suggestions: [RuleSuggestion] = []
        for (id, literal) in literals.enumerated() {
            let matched = matches[id].map { history[$0] }
            var counts: [String: Int] = [:]
            for activity in matched { counts[activity.category!, default: 0] += 1 }
            guard let top = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
                matched.count >= minimumSupport, isConsistent(top.value, of: matched.count)
            else { continue }
            let transfers = matched.filter { $0.category == top.key && $0.type == .transfer }.count
            var examples: [String] = []
            for activity in matched where examples.count < 3 {
                let example = Self.example(activity.name)
                if !examples.contains(example) { examples.append(example) }
            }
            suggestions.append(
                RuleSuggestion(
                    literal: String(decoding: literal, as: UTF8.self), category: top.key,
                    setsTransfer: transfers == top.value, support: matched.count, agreeing: top.value, examples: examples))
        }
        let ranked = suggestions.sorted { ($0.agreeing, $1.literal) > ($1.agreeing, $0.literal) }
        // "netflix.com" adds nothing when "netflix" already gives the same category to as many.
        return ranked.filter { narrow in
            !ranked.contains { broad in
                broad.literal != narrow.literal && narrow.literal.contains(broad.literal)
                    && broad.category == narrow.category && broad.agreeing >= narrow.agreeing
            }
        }
    }

    /// A name as an example: spaces collapsed, cut to a readable length.
    private static func example(_ name: String) -> String {
        let words = name.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return words.count <= 40 ? words : String(words.prefix(39)) + "…"
    }

    private func isConsistent(_ agreeing: Int, of total: Int) -> Bool {
        agreeing * 100 >= total * minimumConsistencyPercent
    }
}

/// One proposed rule: transactions whose name contains `literal` get `category`.
public struct RuleSuggestion: Sendable, Equatable {
    /// Folded (lower-case) text the name must contain.
    public var literal: String
    public var category: String
    /// Every agreeing transaction was a transfer: the rule sets `type = transfer` too.
    public var setsTransfer: Bool
    /// How many categorised transactions the rule would match…
    public var support: Int
    /// …and how many of those already have `category`.
    public var agreeing: Int
    /// A few of the names it matches, as they were.
    public var examples: [String]
}

/// The prefix tree of payees' leading words, counting categories at each node.
private final class PayeeTree {
    var children: [[UInt8]: PayeeTree] = [:]
    var count = 0
    /// The name's text from its first word to this node's, as the first payee here wrote it.
    private(set) var text: [UInt8] = []
    private var categories: [String: Int] = [:]
    private(set) var topCount = 0

    func insert(_ words: ArraySlice<PayeeWord>, name: [UInt8], category: String, from start: Int? = nil) {
        guard let word = words.first else { return }
        let start = start ?? word.start
        let child = children[word.bytes] ?? PayeeTree()
        children[word.bytes] = child
        if child.count == 0 { child.text = Array(name[start..<word.end]) }
        child.count += 1
        let n = child.categories[category, default: 0] + 1
        child.categories[category] = n
        child.topCount = max(child.topCount, n)
        child.insert(words.dropFirst(), name: name, category: category, from: start)
    }
}
