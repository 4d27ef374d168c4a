/// A parsed pattern: the tree the compiler and the literal analysis walk. Literals are already folded.
indirect enum RegexNode: Sendable {
    /// One folded scalar.
    case literal(UInt32)
    /// `.`: any scalar except LF.
    case anyExceptNewline
    /// `[…]`, `\d`, `\W`…
    case set(ScalarSet)
    case assertion(RegexAssertion)
    /// Items in order. Empty only transiently: the parser refuses empty patterns, groups and branches.
    case concatenation([RegexNode])
    /// Branches tried left to right.
    case alternation([RegexNode])
    /// `( … )` with its 1-based capture number, or `(?: … )` with nil.
    case group(RegexNode, capture: Int?)
    /// `offset` is the quantifier's position in the pattern, for "pattern too large" errors.
    case repetition(RegexNode, RegexQuantifier, offset: Int)
}

/// Zero-width conditions on the position between two scalars.
enum RegexAssertion: Sendable {
    /// `^`: start of the text.
    case start
    /// `$`: end of the text (not before a final newline: there is no multi-line mode).
    case end
    /// `\b`: a word scalar on exactly one side.
    case wordBoundary
    /// `\B`
    case notWordBoundary
}

/// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}` and their lazy forms.
struct RegexQuantifier: Sendable, Equatable {
    var minimum: Int
    /// nil for no upper bound.
    var maximum: Int?
    var greedy: Bool
}

extension RegexNode {
    /// Whether the node can match without consuming any text.
    var canMatchEmpty: Bool {
        switch self {
        case .literal, .anyExceptNewline, .set: false
        case .assertion: true
        case .concatenation(let items): items.allSatisfy(\.canMatchEmpty)
        case .alternation(let branches): branches.contains(where: \.canMatchEmpty)
        case .group(let inner, _): inner.canMatchEmpty
        case .repetition(let inner, let quantifier, _): quantifier.minimum == 0 || inner.canMatchEmpty
        }
    }

    /// Whether every match must start at the beginning of the text (`^…`, `^a|^b`).
    var isAnchoredAtStart: Bool {
        switch self {
        case .assertion(.start): true
        case .literal, .anyExceptNewline, .set, .assertion: false
        case .concatenation(let items): items.first?.isAnchoredAtStart ?? false
        case .alternation(let branches): branches.allSatisfy(\.isAnchoredAtStart)
        case .group(let inner, _): inner.isAnchoredAtStart
        case .repetition(let inner, let quantifier, _): quantifier.minimum > 0 && inner.isAnchoredAtStart
        }
    }

    /// Whether the node holds a capturing group.
    var containsCapture: Bool {
        switch self {
        case .literal, .anyExceptNewline, .set, .assertion: false
        case .concatenation(let items), .alternation(let items): items.contains(where: \.containsCapture)
        case .group(let inner, let capture): capture != nil || inner.containsCapture
        case .repetition(let inner, _, _): inner.containsCapture
        }
    }

    /// Whether an unbounded repetition holds another unbounded repetition (`(a+)+`, `(\w+\s?)*`):
    /// the shape that makes a backtracking search take exponential time on a near miss.
    var nestsUnboundedRepetition: Bool {
        switch self {
        case .literal, .anyExceptNewline, .set, .assertion: false
        case .concatenation(let items), .alternation(let items): items.contains(where: \.nestsUnboundedRepetition)
        case .group(let inner, _): inner.nestsUnboundedRepetition
        case .repetition(let inner, let quantifier, _):
            (quantifier.maximum == nil && inner.containsUnboundedRepetition) || inner.nestsUnboundedRepetition
        }
    }

    private var containsUnboundedRepetition: Bool {
        switch self {
        case .literal, .anyExceptNewline, .set, .assertion: false
        case .concatenation(let items), .alternation(let items): items.contains(where: \.containsUnboundedRepetition)
        case .group(let inner, _): inner.containsUnboundedRepetition
        case .repetition(let inner, let quantifier, _): quantifier.maximum == nil || inner.containsUnboundedRepetition
        }
    }
}
