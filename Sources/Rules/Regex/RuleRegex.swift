import FinanceCore

/// A compiled `matches /REGEX/` pattern: a small regular-expression engine of our own, because Swift
/// Regex and NSRegularExpression are 100–1000× too slow for hundreds of rules over millions of rows.
///
/// ```swift
/// let payroll = try RuleRegex("(ACME|GLOBEX) (CORP )?PAYROLL")
/// payroll.firstMatch(in: "Globex Payroll 0425")?.captures[1]  // "Globex"
/// payroll.requiredLiteral                                    // Array("payroll".utf8)
/// ```
///
/// Grammar (always case-insensitive; matched over Unicode scalars):
///
/// ```
/// regex         := alternation
/// alternation   := concatenation ('|' concatenation)*      no branch may be empty
/// concatenation := quantified+
/// quantified    := atom quantifier?                        ^ $ \b \B cannot be quantified
/// quantifier    := ('*' | '+' | '?' | '{' n '}' | '{' n ',}' | '{' n ',' m '}') '?'?
///                                                          trailing '?' = lazy; n ≤ m ≤ 1000
/// atom          := literal | '.' | '^' | '$' | class | escape
///                | '(' alternation ')'                     capturing, numbered by its '('
///                | '(?:' alternation ')'                   non-capturing
/// class         := '[' '^'? item+ ']'                      '-' first or last is literal
/// item          := bound ('-' bound)? | '\d' | '\D' | '\w' | '\W' | '\s' | '\S'
/// bound         := one-scalar character but '[' ']' '\' | '\' punctuation | '\t' | '\n' | '\r'
/// escape        := '\d' | '\D' | '\w' | '\W' | '\s' | '\S' | '\b' | '\B' | '\t' | '\n' | '\r'
///                | '\' punctuation                         \. \/ \\ \( \) \[ \] \{ \} \* \+ \? \| \^ \$ \- …
/// literal       := any other character                     lone '}' and ']' too; '{' always starts a repetition
/// ```
///
/// Meanings ("punctuation" is any ASCII character but letters, digits and controls, space included):
/// - `.` is any scalar except LF. `^` and `$` are the start and end of the whole text: there is no
///   multi-line mode, and `$` does not match before a final newline.
/// - `\d` is ASCII 0–9. `\w` is ASCII letters, digits and `_`, plus any scalar ≥ U+0080 that is a
///   letter, mark, decimal digit or connector (ICU's definition: "Müller", "東京" are words). `\s` is
///   Unicode White_Space, NO-BREAK SPACE included. `\b` is a change between `\w` and not-`\w`.
/// - Case-insensitivity is simple case folding per scalar (`RuleRegex.folded(_:)`): `é` matches "É",
///   `[A-Z]` matches "q", `σ` matches "Σ" and "ς". There is no normalisation: a character of several
///   scalars (e + U+0301) is a literal sequence that a quantifier repeats as a whole, and it does not
///   match the precomposed "é".
/// - Matching follows Perl: leftmost match; alternatives in order; greedy quantifiers unless lazy; a
///   group inside a repetition keeps its text from the last iteration it took part in.
/// - Refused with a `RegexSyntaxError` that says so: backreferences, lookaround, named groups, inline
///   flags, possessive quantifiers, `\x`/`\u`/`\p` escapes, POSIX `[:classes:]`.
/// - A search that exceeds its step budget (`RegexProgram.baseStepBudget`: a million steps plus eight
///   per byte of text) reports no match rather than running on: `(a+)+$` against "aaa…ab" gives up in
///   milliseconds.
///
/// Thread-safe: compile once, match from any number of threads.
public struct RuleRegex: Sendable {
    public let pattern: String
    /// Number of capturing groups ($1…$9 refer to them; more than 9 is allowed but only 1–9 are usable).
    public let captureCount: Int
    /// Folded UTF-8 (see `RuleRegex.folded(_:)`) that every match contains, the longest the pattern
    /// proves; nil when there is none (`^\d+$`, `foo|bar`). Sound: if `matches(text)`, then
    /// `folded(text)` contains these bytes, so a rule whose literal is absent can be skipped.
    public let requiredLiteral: [UInt8]?
    /// Folded UTF-8 strings such that every match contains at least one (`amzn|amazon` gives both).
    /// Set only when its shortest member is longer than `requiredLiteral`, so prefer it when present.
    public let requiredAlternatives: [[UInt8]]?

    /// The pattern nests unbounded repetitions (`(a+)+`): a search may run out of steps and give
    /// up (see `RegexTest.gaveUp`); `pfin rules check` warns about it.
    public let nestsUnboundedRepetition: Bool

    /// The parsed pattern, for the engine's literal lowering (`LoweredRegex`).
    let tree: RegexNode
    /// With group bookkeeping, for `firstMatch` (and the engine's captures).
    let capturing: RegexProgram
    /// Without it, for `matches` (the same program as `capturing` when there are no groups).
    let testing: RegexProgram

    /// Compiles `pattern`.
    /// - Throws: `RegexSyntaxError` with the offending character's offset and a hint.
    public init(_ pattern: String) throws(RegexSyntaxError) {
        self.pattern = pattern
        var parser = RegexParser(pattern)
        tree = try parser.parse()
        captureCount = parser.captureCount
        nestsUnboundedRepetition = tree.nestsUnboundedRepetition
        capturing = try RegexCompiler.compile(tree, captureCount: captureCount, keepCaptures: true)
        testing = captureCount == 0 ? capturing : try RegexCompiler.compile(tree, captureCount: captureCount, keepCaptures: false)

        let literals = RegexLiterals(tree)
        requiredLiteral = literals.required.isEmpty ? nil : Self.utf8(literals.required)
        if let anyOf = literals.anyOf, anyOf.count > 1, RegexLiterals.shortest(anyOf) > literals.required.count {
            requiredAlternatives = anyOf.map(Self.utf8)
        } else {
            requiredAlternatives = nil
        }
    }

    /// The leftmost match in `text`, case-insensitively, with its groups; nil if there is none or the
    /// search ran out of steps (`search(capturing:)` tells the two apart).
    public func firstMatch(in text: String) -> RegexMatch? {
        search(capturing: text).match
    }

    /// Whether the pattern matches anywhere in `text`, case-insensitively (faster than `firstMatch`).
    public func matches(_ text: String) -> Bool {
        test(text) == .match
    }

    /// Like `matches`, but says when the search gave up (its step budget ran out) instead of deciding.
    public func test(_ text: String) -> RegexTest {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: testing.slotCount) { slots in
            guard let base = slots.baseAddress else { return .noMatch }
            return text.withUTF8Bytes { testing.search($0, slots: base) }
        }
    }

    /// Like `firstMatch`, but says when the search gave up instead of deciding.
    public func search(capturing text: String) -> (outcome: RegexTest, match: RegexMatch?) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: capturing.slotCount) { slots in
            guard let base = slots.baseAddress else { return (.noMatch, nil) }
            let outcome = text.withUTF8Bytes { capturing.search($0, slots: base) }
            guard outcome == .match else { return (outcome, nil) }
            var captures: [Substring?] = []
            captures.reserveCapacity(captureCount + 1)
            for group in 0...captureCount {
                let start = base[2 * group]
                let end = base[2 * group + 1]
                guard start >= 0, end >= start else {
                    captures.append(nil)
                    continue
                }
                // Slice the scalar view: String slicing would round to Character boundaries, and a
                // match may start or end inside one (`.` takes the "e" of a decomposed "é").
                let lower = text.utf8.index(text.utf8.startIndex, offsetBy: start)
                let upper = text.utf8.index(lower, offsetBy: end - start)
                captures.append(Substring(text.unicodeScalars[lower..<upper]))
            }
            return (.match, RegexMatch(captures: captures))
        }
    }

    /// `text` case-folded as the matcher sees it, in UTF-8: the bytes to look for `requiredLiteral` and
    /// `requiredAlternatives` in. Fold with this and nothing else (not `lowercased()`, which leaves "ς"
    /// and "ſ" alone), or the literal check may skip a rule that matches.
    public static func folded(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        CaseFolding.appendFolded(text, to: &bytes)
        return bytes
    }

    /// Appends `folded(text)` to `bytes`, to fold several fields into one reusable buffer.
    public static func appendFolded(_ text: String, to bytes: inout [UInt8]) {
        CaseFolding.appendFolded(text, to: &bytes)
    }

    private static func utf8(_ scalars: [UInt32]) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in scalars { CaseFolding.appendUTF8(scalar, to: &bytes) }
        return bytes
    }
}
