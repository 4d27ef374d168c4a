/// Literal text that every match of a node must contain, so that the rules engine can skip a rule whose
/// literal does not occur in a transaction without running the matcher.
///
/// All strings are folded scalars. Each field is a *proof*: every match of the node equals `exact`, starts
/// with `prefix`, ends with `suffix`, contains `required`, and contains at least one of `anyOf`. Shorter
/// is always safe, so long literals are cut to `limit` scalars rather than tracked in full.
struct RegexLiterals: Sendable, Equatable {
    static let limit = 64
    /// The most members `anyOf` may have; beyond that it is not worth an index lookup each.
    static let alternativesLimit = 32
    /// The longest literal sought as common to every branch of an alternation (see `longestCommonSubstring`).
    static let commonLimit = 16

    var exact: [UInt32]?
    var prefix: [UInt32] = []
    var suffix: [UInt32] = []
    var required: [UInt32] = []
    /// nil when no such set is known; never contains an empty string.
    var anyOf: [[UInt32]]?

    /// A node that matches exactly `text` (an empty `text` for zero-width assertions).
    init(exactly text: [UInt32]) {
        guard text.count <= Self.limit else {
            prefix = Array(text.prefix(Self.limit))
            suffix = Array(text.suffix(Self.limit))
            required = prefix
            return
        }
        exact = text
        prefix = text
        suffix = text
        required = text
    }

    /// A node about whose text nothing is known.
    init() {}

    init(_ node: RegexNode) {
        switch node {
        case .literal(let scalar):
            self.init(exactly: [scalar])
        case .assertion:
            self.init(exactly: [])
        case .anyExceptNewline, .set:
            self.init()
        case .group(let inner, _):
            self.init(inner)
        case .concatenation(let items):
            // A run of literals is one exact text: appended as one, not scalar by scalar (which
            // built a new array per scalar, a fifth of parsing a rules file).
            self.init(exactly: [])
            var run: [UInt32] = []
            for item in items {
                if case .literal(let scalar) = item {
                    run.append(scalar)
                    continue
                }
                if !run.isEmpty { append(RegexLiterals(exactly: run)) }
                run.removeAll(keepingCapacity: true)
                append(RegexLiterals(item))
            }
            if !run.isEmpty { append(RegexLiterals(exactly: run)) }
        case .alternation(let branches):
            self = Self.alternation(branches.map(RegexLiterals.init))
        case .repetition(let inner, let quantifier, _):
            self = Self.repetition(RegexLiterals(inner), quantifier)
        }
    }

    /// Updates `self` to describe `self` followed by `next`.
    mutating func append(_ next: RegexLiterals) {
        let joint = suffix + next.prefix
        if let exact, let nextExact = next.exact {
            self = RegexLiterals(exactly: exact + nextExact)
            return
        }
        if let exact { prefix = Array((exact + next.prefix).prefix(Self.limit)) }
        suffix = next.exact.map { Array((suffix + $0).suffix(Self.limit)) } ?? next.suffix
        exact = nil
        let candidates = [required, next.required, prefix, suffix, Array(joint.prefix(Self.limit))]
        required = candidates.max { $0.count < $1.count } ?? []
        anyOf = Self.better(anyOf, next.anyOf)
    }

    private static func alternation(_ branches: [RegexLiterals]) -> RegexLiterals {
        guard let first = branches.first else { return RegexLiterals() }
        if let exact = first.exact, branches.allSatisfy({ $0.exact == exact }) { return RegexLiterals(exactly: exact) }
        var result = RegexLiterals()
        result.prefix = branches.dropFirst().reduce(first.prefix) { commonPrefix($0, $1.prefix) }
        result.suffix = branches.dropFirst().reduce(first.suffix) { commonSuffix($0, $1.suffix) }
        result.required = longestCommonSubstring(branches.map { [$0.required, $0.prefix, $0.suffix] })
        for candidate in [result.prefix, result.suffix] where candidate.count > result.required.count {
            result.required = candidate
        }
        // Each branch contributes its own best cover: its required literal, or its own alternatives.
        var members: [[UInt32]] = []
        for branch in branches {
            if let anyOf = branch.anyOf, shortest(anyOf) > branch.required.count {
                members += anyOf
            } else if !branch.required.isEmpty {
                members.append(branch.required)
            } else {
                return result
            }
        }
        result.anyOf = minimalCover(members)
        if let anyOf = result.anyOf, anyOf.count == 1 {
            if anyOf[0].count > result.required.count { result.required = anyOf[0] }
            result.anyOf = nil
        }
        return result
    }

    private static func repetition(_ body: RegexLiterals, _ quantifier: RegexQuantifier) -> RegexLiterals {
        guard quantifier.minimum > 0 else {
            return quantifier.maximum == 0 ? RegexLiterals(exactly: []) : RegexLiterals()
        }
        if let exact = body.exact {
            let repeated = Array(repeating: exact, count: min(quantifier.minimum, limit)).flatMap { $0 }
            if quantifier.maximum == quantifier.minimum { return RegexLiterals(exactly: repeated) }
            var result = RegexLiterals(exactly: repeated)
            result.exact = nil
            return result
        }
        var result = body
        result.exact = nil
        return result
    }

    /// The set whose shortest member is longer: the more selective of two covers.
    private static func better(_ a: [[UInt32]]?, _ b: [[UInt32]]?) -> [[UInt32]]? {
        guard let a else { return b }
        guard let b else { return a }
        return shortest(b) > shortest(a) ? b : a
    }

    static func shortest(_ set: [[UInt32]]) -> Int {
        set.map(\.count).min() ?? 0
    }

    /// Drops duplicates and members containing another member (a text containing "amazon prime" also
    /// contains "amazon"). nil if too many remain.
    private static func minimalCover(_ members: [[UInt32]]) -> [[UInt32]]? {
        var kept: [[UInt32]] = []
        for member in members.sorted(by: { $0.count < $1.count }) where !kept.contains(where: { contains(member, $0) }) {
            kept.append(member)
        }
        return kept.count <= alternativesLimit ? kept : nil
    }

    private static func commonPrefix(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        Array(zip(a, b).prefix { $0 == $1 }.map(\.0))
    }

    private static func commonSuffix(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        Array(commonPrefix(a.reversed(), b.reversed()).reversed())
    }

    /// The longest string that, for every branch, is a substring of one of that branch's candidates;
    /// among equals the lexicographically smallest, so that the result does not depend on order.
    ///
    /// Only the first `commonLimit` scalars of each candidate take part: a substring of a prefix is
    /// a substring of the candidate, so the result stays a proof. The first branch's substrings are
    /// tried longest first, as slices, against the other branches; building every substring as an
    /// array and intersecting sets of them was a quarter of parsing a rules file.
    private static func longestCommonSubstring(_ branches: [[[UInt32]]]) -> [UInt32] {
        guard let first = branches.first, branches.count <= alternativesLimit * 2 else { return [] }
        let own = first.map { Array($0.prefix(commonLimit)) }
        let others = branches.dropFirst()
        for length in stride(from: own.map(\.count).max() ?? 0, through: 1, by: -1) {
            var best: ArraySlice<UInt32>?
            for text in own where text.count >= length {
                for start in 0...(text.count - length) {
                    let part = text[start..<(start + length)]
                    if let current = best, !part.lexicographicallyPrecedes(current) { continue }
                    if others.allSatisfy({ branch in branch.contains { contains($0, part) } }) { best = part }
                }
            }
            if let best { return Array(best) }
        }
        return []
    }

    private static func contains(_ text: [UInt32], _ part: some Collection<UInt32>) -> Bool {
        let count = part.count
        guard count <= text.count else { return false }
        if count == 0 { return true }
        return (0...(text.count - count)).contains { text[$0..<($0 + count)].elementsEqual(part) }
    }
}
