import Testing

@testable import Rules

/// A pattern that must be refused, with the exact message and the 0-based character offset.
struct RegexErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var pattern: String
    var message: String
    var offset: Int

    init(_ name: String, _ pattern: String, _ message: String, at offset: Int) {
        self.name = name
        self.pattern = pattern
        self.message = message
        self.offset = offset
    }

    var testDescription: String { name }
}

@Suite struct RegexSyntaxErrorTests {
    static let cases: [RegexErrorCase] = [
        RegexErrorCase("empty pattern", "", "empty pattern; expected something to match", at: 0),
        RegexErrorCase("unclosed group", "(abc", "unclosed group; expected ')'", at: 0),
        RegexErrorCase("unclosed outer group points at its '('", "a(b(c)", "unclosed group; expected ')'", at: 1),
        RegexErrorCase("unclosed group after (?:", "(?:a", "unclosed group; expected ')'", at: 0),
        RegexErrorCase("lone (?", "a(?", "unclosed group; expected ')'", at: 1),
        RegexErrorCase("stray ')'", "abc)", "unmatched ')'", at: 3),
        RegexErrorCase("stray ')' after a group", "(a))", "unmatched ')'", at: 3),
        RegexErrorCase("empty group", "a()", "empty group; expected something inside '( )'", at: 1),
        RegexErrorCase("empty non-capturing group", "(?:)", "empty group; expected something inside '( )'", at: 0),
        RegexErrorCase("leading '|'", "|a", "empty alternative next to '|'; it would match any text", at: 0),
        RegexErrorCase("trailing '|'", "a|", "empty alternative next to '|'; it would match any text", at: 1),
        RegexErrorCase("doubled '|'", "a||b", "empty alternative next to '|'; it would match any text", at: 2),
        RegexErrorCase("empty first alternative in a group", "(|a)", "empty alternative next to '|'; it would match any text", at: 1),
        RegexErrorCase("empty last alternative in a group", "(a|)", "empty alternative next to '|'; it would match any text", at: 2),
        RegexErrorCase("nothing before '*'", "*abc", "nothing to repeat before '*'", at: 0),
        RegexErrorCase("'**'", "a**", "nothing to repeat before '*'", at: 2),
        RegexErrorCase("possessive '*+'", "a*+", "nothing to repeat before '+'", at: 2),
        RegexErrorCase("'???'", "a???", "nothing to repeat before '?'", at: 3),
        RegexErrorCase("two counted repeats", "a{2}{3}", "nothing to repeat before '{'", at: 4),
        RegexErrorCase("nothing after '|'", "a|*", "nothing to repeat before '*'", at: 2),
        RegexErrorCase("nothing after '('", "(*a)", "nothing to repeat before '*'", at: 1),
        RegexErrorCase("repeated anchor", "^*", "nothing to repeat before '*'", at: 1),
        RegexErrorCase("repeated \\b", "\\b+", "nothing to repeat before '+'", at: 2),
        RegexErrorCase("bare '{'", "{", "nothing to repeat before '{'", at: 0),
        RegexErrorCase("minimum above maximum", "a{3,1}", "repetition {3,1} has its minimum above its maximum", at: 1),
        RegexErrorCase("letter in braces", "a{a}", "expected a number after '{' in a repetition", at: 2),
        RegexErrorCase("missing minimum", "a{,3}", "expected a number after '{' in a repetition", at: 2),
        RegexErrorCase("letter after the comma", "a{1,a}", "expected a number after ',' in a repetition", at: 4),
        RegexErrorCase("letter after the minimum", "a{1x}", "expected ',' or '}' in a repetition", at: 3),
        RegexErrorCase("letter after the maximum", "a{1,2x}", "expected '}' to end the repetition", at: 5),
        RegexErrorCase("unclosed braces", "a{2", "unclosed repetition; expected '}'", at: 1),
        RegexErrorCase("unclosed braces after the comma", "a{2,", "unclosed repetition; expected '}'", at: 1),
        RegexErrorCase("count too large", "a{1001}", "repetition count 1001 is too large; at most 1000 is allowed", at: 2),
        RegexErrorCase("expansion too large", "((a|b){1000}){1000}", "pattern too large once repetitions are expanded (more than 20000 steps)", at: 13),
        RegexErrorCase("unknown escape", "\\q", "unknown escape '\\q'", at: 0),
        RegexErrorCase("unknown escape mid-pattern", "ab\\yc", "unknown escape '\\y'", at: 2),
        RegexErrorCase("\\A is not supported", "\\Afoo", "unknown escape '\\A'", at: 0),
        RegexErrorCase("\\x is not supported", "\\x41", "unknown escape '\\x'", at: 0),
        RegexErrorCase("\\p is not supported", "\\p{L}", "unknown escape '\\p'", at: 0),
        RegexErrorCase("escaped non-ASCII letter", "\\é", "unknown escape '\\é'", at: 0),
        RegexErrorCase("trailing backslash", "ab\\", "pattern ends with '\\'; expected a character to escape", at: 2),
        RegexErrorCase("backreference", "(a)\\1", "backreferences like '\\1' are not supported", at: 3),
        RegexErrorCase("backreference in a class", "[\\2]", "backreferences like '\\2' are not supported", at: 1),
        RegexErrorCase("lookahead", "a(?=b)", "lookahead '(?=' is not supported", at: 1),
        RegexErrorCase("negative lookahead", "(?!b)", "lookahead '(?!' is not supported", at: 0),
        RegexErrorCase("lookbehind", "(?<=a)b", "lookbehind '(?<=' is not supported", at: 0),
        RegexErrorCase("negative lookbehind", "(?<!a)b", "lookbehind '(?<!' is not supported", at: 0),
        RegexErrorCase("named group", "(?<name>a)", "named groups '(?<…' are not supported", at: 0),
        RegexErrorCase("Python named group", "(?P<name>a)", "named groups '(?P…' are not supported", at: 0),
        RegexErrorCase("inline flags", "(?i)abc", "inline flags like '(?i)' are not supported", at: 0),
        RegexErrorCase("unknown group syntax", "(?#comment)", "unknown group syntax '(?#'", at: 0),
        RegexErrorCase("unclosed class", "[abc", "unclosed character class; expected ']'", at: 0),
        RegexErrorCase("unclosed class ending in a dash", "x[a-", "unclosed character class; expected ']'", at: 1),
        RegexErrorCase("unclosed class with escaped ]", "[a\\]", "unclosed character class; expected ']'", at: 0),
        RegexErrorCase("empty class", "[]", "empty character class; expected a character before ']'", at: 1),
        RegexErrorCase("empty negated class", "[^]a]", "empty character class; expected a character before ']'", at: 2),
        RegexErrorCase("range out of order", "[z-a]", "range 'z-a' is out of order", at: 1),
        RegexErrorCase("non-ASCII range out of order", "[é-a]", "range 'é-a' is out of order", at: 1),
        RegexErrorCase("class escape as a range end", "[a-\\d]", "'\\d' cannot be the end of a range", at: 3),
        RegexErrorCase("POSIX class", "[[:digit:]]", "'[' inside a character class must be escaped", at: 1),
        RegexErrorCase("\\b in a class", "[\\b]", "'\\b' is not allowed inside a character class", at: 1),
        RegexErrorCase(
            "decomposed character in a class", "[e\u{301}]", "'e\u{301}' is several Unicode scalars and cannot be one item of a character class", at: 1),
        RegexErrorCase("offsets count characters, not bytes", "é€(", "unclosed group; expected ')'", at: 2),
        RegexErrorCase("an emoji with a skin tone is one character", "👍🏽*+", "nothing to repeat before '+'", at: 2),
        RegexErrorCase(
            "nesting too deep",
            String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101),
            "groups nested too deeply; at most 100 levels are allowed",
            at: 100
        ),
    ]

    @Test(arguments: cases)
    func refused(_ item: RegexErrorCase) {
        #expect(throws: RegexSyntaxError.self) { try RuleRegex(item.pattern) }
        do {
            _ = try RuleRegex(item.pattern)
        } catch {
            #expect(error.message == item.message)
            #expect(error.offset == item.offset)
        }
    }

    @Test(arguments: [
        ("(abc", "escape a literal '(' as \\("),
        ("*a", "escape a literal '*' as \\*"),
        ("^+", "^, $, \\b and \\B match a position, not text, so they cannot be repeated; escape a literal '+' as \\+"),
        ("a{3,1}", "write {1,3}"),
        ("[z-a]", "write 'a-z'"),
        ("(a)\\1", "use $1 in a 'set' action to reuse what a group captured"),
        ("\\z", "use $ for the end of the text"),
        ("(?i)a", "matching is always case-insensitive; there is no multi-line or free-spacing mode"),
        ("[a", "escape a literal '[' as \\["),
        ("ab\\", "write \\\\ for a literal backslash"),
    ])
    func notes(_ pattern: String, _ note: String) {
        do {
            _ = try RuleRegex(pattern)
            Issue.record("/\(pattern)/ compiled")
        } catch {
            #expect(error.note == note)
        }
    }

    @Test(arguments: [
        "a{1000}", "(?:a|b){0,1000}", "((((((((((a))))))))))", "[\\[\\]]", "a{0}", "\\ ", "[\\-]", "x{2}?", "a|b|c",
    ])
    func accepted(_ pattern: String) {
        #expect(throws: Never.self) { try RuleRegex(pattern) }
    }
}
