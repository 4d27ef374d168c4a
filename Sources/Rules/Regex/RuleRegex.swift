/// A compiled `matches /REGEX/` pattern. (Stub: the engine is being written.)
public struct RuleRegex: Sendable {
    public let pattern: String
    public let captureCount: Int
    public let requiredLiteral: [UInt8]?
    public let requiredAlternatives: [[UInt8]]? = nil

    public init(_ pattern: String) throws(RegexSyntaxError) {
        self.pattern = pattern
        captureCount = 0
        requiredLiteral = nil
    }

    public func firstMatch(in text: String) -> RegexMatch? { nil }
    public func matches(_ text: String) -> Bool { false }
}

public struct RegexMatch: Sendable {
    /// Capture 0 is the whole match; `nil` for a group that did not take part.
    public var captures: [Substring?]
}

public struct RegexSyntaxError: Error, Sendable, Equatable {
    public var message: String
    /// 0-based offset in the pattern, in characters.
    public var offset: Int
    public var note: String?
}
