/// A `matches /REGEX/` pattern that cannot be compiled: what is wrong, where, and how to fix it.
///
/// The rules parser adds the pattern's own column to `offset` to point at the offending character.
public struct RegexSyntaxError: Error, Sendable, Equatable {
    /// What is wrong and what was expected, e.g. "unclosed group; expected ')'".
    public var message: String
    /// 0-based offset in the pattern, in `Character`s, of the offending spot.
    public var offset: Int
    /// How to fix it, e.g. "escape a literal '(' as \\(".
    public var note: String?

    public init(message: String, offset: Int, note: String? = nil) {
        self.message = message
        self.offset = offset
        self.note = note
    }
}

// The wording of every error, in one place.
extension RegexSyntaxError {
    static func emptyPattern() -> Self {
        Self(message: "empty pattern; expected something to match", offset: 0, note: "write the text to look for between the slashes")
    }

    static func unclosedGroup(at offset: Int) -> Self {
        Self(message: "unclosed group; expected ')'", offset: offset, note: "escape a literal '(' as \\(")
    }

    static func unmatchedParenthesis(at offset: Int) -> Self {
        Self(message: "unmatched ')'", offset: offset, note: "escape a literal ')' as \\)")
    }

    static func emptyGroup(at offset: Int) -> Self {
        Self(message: "empty group; expected something inside '( )'", offset: offset, note: "remove the '()' or escape a literal '(' as \\(")
    }

    static func emptyAlternative(at offset: Int) -> Self {
        Self(
            message: "empty alternative next to '|'; it would match any text",
            offset: offset,
            note: "remove the extra '|', use '?' to make something optional, or escape a literal '|' as \\|"
        )
    }

    static func nothingToRepeat(_ quantifier: Character, at offset: Int, afterAssertion: Bool) -> Self {
        let escape = "escape a literal '\(quantifier)' as \\\(quantifier)"
        return Self(
            message: "nothing to repeat before '\(quantifier)'",
            offset: offset,
            note: afterAssertion ? "^, $, \\b and \\B match a position, not text, so they cannot be repeated; \(escape)" : escape
        )
    }

    static func expectedCount(after what: String, at offset: Int) -> Self {
        Self(message: "expected a number after '\(what)' in a repetition", offset: offset, note: "write {n}, {n,} or {n,m}, or escape a literal '{' as \\{")
    }

    static func expectedCommaOrBrace(at offset: Int) -> Self {
        Self(message: "expected ',' or '}' in a repetition", offset: offset, note: "write {n}, {n,} or {n,m}, or escape a literal '{' as \\{")
    }

    static func expectedClosingBrace(at offset: Int) -> Self {
        Self(message: "expected '}' to end the repetition", offset: offset, note: "write {n}, {n,} or {n,m}, or escape a literal '{' as \\{")
    }

    static func unclosedRepetition(at offset: Int) -> Self {
        Self(message: "unclosed repetition; expected '}'", offset: offset, note: "write {n}, {n,} or {n,m}, or escape a literal '{' as \\{")
    }

    static func reversedRepetition(minimum: Int, maximum: Int, at offset: Int) -> Self {
        Self(
            message: "repetition {\(minimum),\(maximum)} has its minimum above its maximum",
            offset: offset,
            note: "write {\(maximum),\(minimum)}"
        )
    }

    static func repetitionTooLarge(_ count: Int, limit: Int, at offset: Int) -> Self {
        Self(message: "repetition count \(count) is too large; at most \(limit) is allowed", offset: offset, note: "use '+' or '*' for an unlimited number")
    }

    static func patternTooLarge(limit: Int, at offset: Int) -> Self {
        Self(
            message: "pattern too large once repetitions are expanded (more than \(limit) steps)",
            offset: offset,
            note: "use smaller {n,m} counts, or '+' and '*'"
        )
    }

    static func nestedTooDeeply(limit: Int, at offset: Int) -> Self {
        Self(message: "groups nested too deeply; at most \(limit) levels are allowed", offset: offset, note: nil)
    }

    static func unclosedClass(at offset: Int) -> Self {
        Self(message: "unclosed character class; expected ']'", offset: offset, note: "escape a literal '[' as \\[")
    }

    static func emptyClass(at offset: Int) -> Self {
        Self(message: "empty character class; expected a character before ']'", offset: offset, note: "escape a literal ']' as \\]")
    }

    static func nestedBracket(at offset: Int) -> Self {
        Self(
            message: "'[' inside a character class must be escaped",
            offset: offset,
            note: "write \\[ for a literal '['; POSIX classes like [:digit:] are not supported, use \\d, \\w or \\s"
        )
    }

    static func reversedRange(_ low: UInt32, _ high: UInt32, at offset: Int) -> Self {
        let (low, high) = (Self.display(low), Self.display(high))
        return Self(message: "range '\(low)-\(high)' is out of order", offset: offset, note: "write '\(high)-\(low)'")
    }

    private static func display(_ scalar: UInt32) -> String {
        Unicode.Scalar(scalar).map { String(Character($0)) } ?? "?"
    }

    static func classAsRangeBound(_ escape: Character, at offset: Int) -> Self {
        Self(message: "'\\\(escape)' cannot be the end of a range", offset: offset, note: "escape a literal '-' as \\-")
    }

    static func boundaryInClass(_ escape: Character, at offset: Int) -> Self {
        Self(message: "'\\\(escape)' is not allowed inside a character class", offset: offset, note: "put \\\(escape) outside the brackets")
    }

    static func multiScalarInClass(_ character: Character, at offset: Int) -> Self {
        Self(
            message: "'\(character)' is several Unicode scalars and cannot be one item of a character class",
            offset: offset,
            note: "write it precomposed (NFC), or outside the brackets as an alternative: (?:x|\(character))"
        )
    }

    static func trailingBackslash(at offset: Int) -> Self {
        Self(message: "pattern ends with '\\'; expected a character to escape", offset: offset, note: "write \\\\ for a literal backslash")
    }

    static func backreference(_ digit: Character, at offset: Int) -> Self {
        Self(
            message: "backreferences like '\\\(digit)' are not supported",
            offset: offset,
            note: "use $\(digit) in a 'set' action to reuse what a group captured"
        )
    }

    static func unknownEscape(_ escaped: Character, at offset: Int) -> Self {
        let hint: String
        switch escaped {
        case "A": hint = "use ^ for the start of the text"
        case "z", "Z": hint = "use $ for the end of the text"
        case "x", "u", "U", "N": hint = "write the character itself instead of its code"
        case "p", "P": hint = "Unicode properties are not supported; use \\w, \\d, \\s or a class like [a-zé]"
        default:
            hint = "supported escapes are \\d \\D \\w \\W \\s \\S \\b \\B \\t \\n \\r, and a backslash before punctuation for the punctuation itself"
        }
        return Self(message: "unknown escape '\\\(escaped)'", offset: offset, note: hint)
    }

    static func unsupportedGroup(_ syntax: String, at offset: Int) -> Self {
        switch syntax {
        case "(?=", "(?!":
            Self(message: "lookahead '\(syntax)' is not supported", offset: offset, note: "add a separate 'when' condition, with 'not' for a negative one")
        case "(?<=", "(?<!":
            Self(message: "lookbehind '\(syntax)' is not supported", offset: offset, note: "add a separate 'when' condition, with 'not' for a negative one")
        case "(?<", "(?P", "(?'":
            Self(message: "named groups '\(syntax)…' are not supported", offset: offset, note: "use a plain group ( … ) and refer to it as $1…$9")
        case "(?i", "(?m", "(?s", "(?x", "(?-", "(?u":
            Self(
                message: "inline flags like '\(syntax))' are not supported",
                offset: offset,
                note: "matching is always case-insensitive; there is no multi-line or free-spacing mode"
            )
        default:
            Self(message: "unknown group syntax '\(syntax)'", offset: offset, note: "use ( … ) to capture or (?: … ) to group; escape a literal '?' as \\?")
        }
    }
}
