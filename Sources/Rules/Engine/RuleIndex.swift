import FinanceCore

/// Which rules each literal admits: the part of a rule set's compilation that lets a transaction
/// skip the rules that cannot match it.
///
/// A rule is indexed under one of its `when` lines whose every alternative needs some literal text
/// in a field (a `contains`, `is`, `starts-with` or `ends-with` value, or text every match of a regex
/// contains); the line whose shortest literal is longest wins, as rarer text admits fewer rules. A
/// rule with no such line is evaluated for every transaction.
///
/// The scan also records which literals occur in which field (`FoundLiterals`), so the `contains`
/// conditions on an indexed literal and a scanned field (`probe`) need no search of their own.
struct RuleIndex {
    let automaton: LiteralAnchors
    /// For automaton pattern `p`: the rules it admits, `entries[entryStart[p] ..< entryStart[p + 1]]`.
    let entryStart: [Int32]
    let entries: [Entry]

    /// Literal found in `field` admits `rule` (a `text` entry: found in name, memo or address).
    struct Entry: BitwiseCopyable {
        var rule: Int32
        var field: TextField
    }
    /// Bit `r` set: rule `r` is evaluated whatever the text says.
    let always: [UInt64]
    /// The fields whose text must be scanned, in `TextField.allCases` order.
    let scannedFields: [TextField]
    /// Each literal's number in `automaton`.
    private let literalIDs: [[UInt8]: Int]

    init(_ rules: [Rule], indexed: Bool) {
        let words = (rules.count + 63) / 64
        var always = [UInt64](repeating: 0, count: max(words, 1))
        var patterns: [[UInt8]] = []
        var patternIndex: [[UInt8]: Int] = [:]
        var entries: [[(TextField, Int32)]] = []
        var fields = Set<TextField>()
        for (r, rule) in rules.enumerated() {
            guard indexed, let key = Self.keyLine(rule) else {
                always[r / 64] |= 1 << UInt64(r % 64)
                continue
            }
            for (field, literals) in key {
                for literal in literals {
                    let id =
                        patternIndex[literal]
                        ?? {
                            patternIndex[literal] = patterns.count
                            patterns.append(literal)
                            entries.append([])
                            return patterns.count - 1
                        }()
                    entries[id].append((field, Int32(r)))
                }
                if field == .text { fields.formUnion([.name, .memo, .address]) } else { fields.insert(field) }
            }
        }
        automaton = LiteralAnchors(patterns)
        literalIDs = patternIndex
        var start: [Int32] = [0]
        var flat: [Entry] = []
        for list in entries {
            flat += list.map { Entry(rule: $0.1, field: $0.0) }
            start.append(Int32(flat.count))
        }
        entryStart = start
        self.entries = flat
        self.always = always
        scannedFields = TextField.allCases.filter { fields.contains($0) }
    }

    /// The literal number under which `FoundLiterals` records whether `literal` (folded) occurs in
    /// `field`, or -1 when the scan does not tell: the literal is not indexed, or the field (for
    /// `text`, one of its parts) is not scanned, or it is `text` and the literal spans lines.
    func probe(_ literal: [UInt8], in field: TextField) -> Int32 {
        guard let id = literalIDs[literal] else { return -1 }
        if field == .text {
            guard !literal.contains(0x0A), [TextField.name, .memo, .address].allSatisfy(scannedFields.contains) else { return -1 }
        } else {
            guard scannedFields.contains(field) else { return -1 }
        }
        return Int32(id)
    }

    /// The `when` line to index a rule under, as (field, literals one of which must occur).
    private static func keyLine(_ rule: Rule) -> [(TextField, [[UInt8]])]? {
        var best: [(TextField, [[UInt8]])]?
        var bestScore = -1
        for line in rule.conditions {
            let required = line.alternatives.map(requiredLiterals)
            guard !required.isEmpty, required.allSatisfy({ $0 != nil }) else { continue }
            let list = required.map { $0! }
            // `text` is scanned field by field: a literal spanning a line break between two
            // fields could be missed, so such a line is no key.
            guard !list.contains(where: { $0.0 == .text && $0.1.contains { $0.contains(0x0A) } }) else { continue }
            let score = list.flatMap { $0.1 }.map(\.count).min() ?? 0
            if score > bestScore {
                best = list
                bestScore = score
            }
        }
        return best
    }

    /// Literals one of which the field must contain for the condition to hold, or `nil` when it
    /// can hold without any (negated, numeric, or a regex with no required text).
    private static func requiredLiterals(_ condition: Condition) -> (TextField, [[UInt8]])? {
        guard !condition.negated else { return nil }
        switch condition.test {
        case .text(let field, _, let literal):
            let folded = CaseFold.fold(literal)
            return folded.isEmpty ? nil : (field, [folded])
        case .matches(let field, let box):
            // The alternatives are only offered when they are more selective than the one literal.
            if let alternatives = box.regex.requiredAlternatives, !alternatives.isEmpty, alternatives.allSatisfy({ !$0.isEmpty }) {
                return (field, alternatives)
            }
            if let literal = box.regex.requiredLiteral, !literal.isEmpty { return (field, [literal]) }
            return nil
        default: return nil
        }
    }
}
