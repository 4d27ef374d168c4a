/// The text a `RuleRegex` matched, and what each group captured.
public struct RegexMatch: Sendable {
    /// Capture 0 is the whole match; nil for a group that did not take part. Substrings of the
    /// original text, in its original case.
    public var captures: [Substring?]

    public init(captures: [Substring?]) {
        self.captures = captures
    }
}

/// What a search decided.
public enum RegexTest: Sendable, Equatable {
    case match
    case noMatch
    /// The step budget ran out first (pathological backtracking, such as `(a+)+$`): undecided.
    case gaveUp
}
