import Testing

@testable import Rules

/// One search: `pattern` in `text` should find `expected` (the whole match), or nothing.
struct RegexCase: Sendable, CustomTestStringConvertible {
    var name: String
    var pattern: String
    var text: String
    var expected: String?

    init(_ name: String, _ pattern: String, _ text: String, _ expected: String?) {
        self.name = name
        self.pattern = pattern
        self.text = text
        self.expected = expected
    }

    var testDescription: String { name }
}

/// Checks `firstMatch` and `matches` agree with `expected` for one case.
func expectMatch(_ item: RegexCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let regex = try RuleRegex(item.pattern)
    let found = regex.firstMatch(in: item.text)
    #expect(found?.captures.first??.description == item.expected, "/\(item.pattern)/ in \(item.text.debugDescription)", sourceLocation: sourceLocation)
    #expect(found?.captures.count ?? regex.captureCount + 1 == regex.captureCount + 1, sourceLocation: sourceLocation)
    #expect(regex.matches(item.text) == (item.expected != nil), "matches() disagrees with firstMatch()", sourceLocation: sourceLocation)
}

@Suite struct RegexTests {
    @Test(arguments: [
        RegexCase("plain literal", "payroll", "ACME PAYROLL 42", "PAYROLL"),
        RegexCase("literal absent", "payroll", "ACME PAYROL", nil),
        RegexCase("upper-case pattern, lower-case text", "AMZN", "amzn mktp", "amzn"),
        RegexCase("É matches é", "café", "CAFÉ CREME", "CAFÉ"),
        RegexCase("Ä matches ä", "BÄCKEREI", "bäckerei schmidt", "bäckerei"),
        RegexCase("Σ, σ and final ς fold together", "λογος", "ΛΟΓΟΣ", "ΛΟΓΟΣ"),
        RegexCase("capital pattern matches final sigma", "ΛΟΓΟΣ", "λογος", "λογος"),
        RegexCase("Kelvin sign folds to k", "k", "\u{212A}", "\u{212A}"),
        RegexCase("micro sign folds to mu", "μ", "5 µm", "µ"),
        RegexCase("capital sharp s folds to ß", "straße", "STRAẞE", "STRAẞE"),
        RegexCase("İ has no one-scalar lower case: only itself", "i", "İ", nil),
        RegexCase("Cyrillic", "перевод", "ПЕРЕВОД СРЕДСТВ", "ПЕРЕВОД"),
        RegexCase("decomposed é in pattern and text", "cafe\u{301}", "CAFE\u{301}", "CAFE\u{301}"),
        RegexCase("no normalisation: precomposed ≠ decomposed", "café", "cafe\u{301}", nil),
        RegexCase("emoji literal", "☕", "☕ COFFEE", "☕"),
        RegexCase("leftmost match wins", "b+", "abbbcbb", "bbb"),
    ])
    func literals(_ item: RegexCase) throws {
        try expectMatch(item)
    }

    @Test(arguments: [
        RegexCase("dot is any character", "a.c", "xabcx", "abc"),
        RegexCase("dot takes a non-ASCII scalar", "caf.", "CAFÉ", "CAFÉ"),
        RegexCase("dot is not newline", "a.c", "a\nc", nil),
        RegexCase("dot takes carriage return", "a.c", "a\rc", "a\rc"),
        RegexCase("dot takes one scalar of a decomposed character", "caf.", "cafe\u{301}", "cafe"),
        RegexCase("class", "[abc]+", "xxbcay", "bca"),
        RegexCase("class ranges", "[a-z0-9]+", "  Ab9 ", "Ab9"),
        RegexCase("upper-case range matches lower-case text", "[A-Z]+", "q1", "q"),
        RegexCase("negated class", "[^0-9 ]+", "12 ab 3", "ab"),
        RegexCase("negated class rejects both cases", "[^a]+", "AaAb", "b"),
        RegexCase("non-ASCII class member in other case", "[é]", "CAFÉ", "É"),
        RegexCase("non-ASCII range folds", "[à-ÿ]+", "xÀÉÎx", "ÀÉÎ"),
        RegexCase("class escape \\d and a dot", "[\\d.]+", "€12.50", "12.50"),
        RegexCase("class with \\w and literal dash", "[\\w-]+", "re-sale!", "re-sale"),
        RegexCase("escaped brackets in class", "[\\]\\[]+", "x][", "]["),
        RegexCase("escaped dash is not a range", "[a\\-z]+", "b-az", "-az"),
        RegexCase("leading dash is literal", "[-a]+", "b-a", "-a"),
        RegexCase("trailing dash is literal", "[a-]+", "b-a", "-a"),
        RegexCase("caret after the first place is literal", "[a^]+", "b^a", "^a"),
        RegexCase("escaped caret", "[\\^]", "a^", "^"),
        RegexCase("dash after a range is literal", "[a-c-e]+", "d-ace", "-ace"),
        RegexCase("\\s in class takes no-break space", "[\\s]", "a\u{00A0}b", "\u{00A0}"),
        RegexCase("\\D in class takes non-ASCII", "[\\D]+", "12€é3", "€é"),
        RegexCase("negated \\W in class is \\w", "[^\\W]+", "-ab_1-", "ab_1"),
        RegexCase("tab escape in class", "[\\t]", "a\tb", "\t"),
    ])
    func charactersAndClasses(_ item: RegexCase) throws {
        try expectMatch(item)
    }

    @Test(arguments: [
        RegexCase("\\d", "\\d+", "abc 123", "123"),
        RegexCase("\\d is ASCII only", "\\d", "٣", nil),
        RegexCase("\\D", "\\D+", "12ab3", "ab"),
        RegexCase("\\w takes letters with diacritics", "\\w+", "Müller!", "Müller"),
        RegexCase("\\w takes combining marks", "\\w+", "Mu\u{308}ller!", "Mu\u{308}ller"),
        RegexCase("\\w takes CJK", "\\w+", "東京 station", "東京"),
        RegexCase("\\w takes underscore and digits", "\\w+", "-a_1-", "a_1"),
        RegexCase("\\W", "\\W+", "ab, cd", ", "),
        RegexCase("\\s takes tab and newline", "\\s+", "a \t\nb", " \t\n"),
        RegexCase("\\s takes no-break space", "\\s", "12\u{00A0}000", "\u{00A0}"),
        RegexCase("\\s takes narrow no-break space", "\\s", "12\u{202F}000", "\u{202F}"),
        RegexCase("\\S", "\\S+", "  ab  ", "ab"),
        RegexCase("\\b between words", "\\bcat\\b", "concat cat", "cat"),
        RegexCase("\\b fails inside a word", "\\bcat\\b", "concatenate", nil),
        RegexCase("\\b at both ends of the text", "\\bcat\\b", "cat", "cat"),
        RegexCase("\\B inside a word", "\\Bcat", "cat concat", "cat"),
        RegexCase("\\b with non-ASCII words", "\\bmüller\\b", "HERR MÜLLER.", "MÜLLER"),
        RegexCase("\\b: é after f is inside the word", "\\bé", "café", nil),
        RegexCase("^ is the start of the text", "^amzn", "AMZN MKTP", "AMZN"),
        RegexCase("^ not mid-text", "^amzn", "X AMZN", nil),
        RegexCase("^ not after a newline (no multi-line mode)", "^b", "a\nb", nil),
        RegexCase("$ is the end of the text", "payroll$", "ACME PAYROLL", "PAYROLL"),
        RegexCase("$ not mid-text", "payroll$", "PAYROLL 42", nil),
        RegexCase("$ not before a final newline", "x$", "x\n", nil),
        RegexCase("^$ matches the empty text", "^$", "", ""),
        RegexCase("^ mid-pattern never matches", "a^b", "a^b", nil),
    ])
    func classEscapesAndAnchors(_ item: RegexCase) throws {
        try expectMatch(item)
    }

    @Test(arguments: [
        RegexCase("star", "ab*", "abbbc", "abbb"),
        RegexCase("star may take nothing", "ab*", "ac", "a"),
        RegexCase("plus needs one", "ab+", "ac", nil),
        RegexCase("question mark", "colou?r", "COLOR", "COLOR"),
        RegexCase("exactly n", "a{3}", "aaaa", "aaa"),
        RegexCase("at least n", "a{2,}", "aaaa", "aaaa"),
        RegexCase("at least n, too few", "a{2,}", "a", nil),
        RegexCase("n to m", "a{2,3}", "aaaa", "aaa"),
        RegexCase("zero times", "a{0}b", "ab", "b"),
        RegexCase("lazy plus", "a+?", "aaa", "a"),
        RegexCase("lazy star takes nothing", "a*?", "aaa", ""),
        RegexCase("lazy star before a literal", "a*?b", "aaab", "aaab"),
        RegexCase("lazy question mark", "a??b", "ab", "ab"),
        RegexCase("lazy stops at the first closer", "<.+?>", "<a><b>", "<a>"),
        RegexCase("greedy runs to the last closer", "<.+>", "<a><b>", "<a><b>"),
        RegexCase("lazy n to m", "a{2,3}?", "aaaa", "aa"),
        RegexCase("lazy at least n", "\\d{2,}?", "12345", "12"),
        RegexCase("repeated group", "(ab)+", "ababx", "abab"),
        RegexCase("repeated non-capturing group", "(?:ab)+", "xababa", "abab"),
        RegexCase("counted group", "(?:ab){2}", "ababab", "abab"),
        RegexCase("bounded group", "(?:ab){1,2}c", "abababc", "ababc"),
        RegexCase("lazy group", "(?:ab)+?", "abab", "ab"),
        RegexCase("quantifier repeats a whole decomposed character", "e\u{301}+", "e\u{301}e\u{301}x", "e\u{301}e\u{301}"),
        RegexCase("empty iterations end the loop", "(a*)*b", "aab", "aab"),
        RegexCase("empty iterations, nothing to take", "(a*)*b", "b", "b"),
        RegexCase("optional inside star", "(?:a?)*x", "aax", "aax"),
        RegexCase("nullable pattern matches at the start", "x*", "abc", ""),
        RegexCase("nullable pattern at the end of the text", "\\b", "ab ", ""),
        RegexCase("greedy backs off to let the rest match", "\\w+ (\\w+) store", "starbucks coffee store 12", "starbucks coffee store"),
        RegexCase("leading .* still finds a later line", ".*payroll", "x\nacme payroll", "acme payroll"),
        RegexCase("leading \\w+ skip keeps the leftmost start", "\\w+y", "ab xxy", "xxy"),
    ])
    func quantifiers(_ item: RegexCase) throws {
        try expectMatch(item)
    }

    @Test(arguments: [
        RegexCase("first alternative that matches wins, not the longest", "cat|category", "category", "cat"),
        RegexCase("longer alternative first", "category|cat", "category", "category"),
        RegexCase("leftmost position beats alternative order", "b|a", "ab", "a"),
        RegexCase("three alternatives", "amzn|amazon|amz", "AMAZON.COM", "AMAZON"),
        RegexCase("alternation inside a group", "(acme|globex) (corp )?payroll", "xx Globex Payroll", "Globex Payroll"),
        RegexCase("anchored alternatives", "^a|^b", "cb", nil),
        RegexCase("alternatives backtrack into each other", "(a|ab)(c|bcd)(d*)", "abcd", "abcd"),
    ])
    func alternation(_ item: RegexCase) throws {
        try expectMatch(item)
    }

    @Test(arguments: [
        RegexCase("\\.", "\\.", "a.b", "."),
        RegexCase("\\/", "a\\/b", "a/b", "a/b"),
        RegexCase("\\\\", "a\\\\b", "a\\b", "a\\b"),
        RegexCase("\\( and \\)", "\\(x\\)", "f(x)", "(x)"),
        RegexCase("\\[ and \\]", "\\[x\\]", "a[x]", "[x]"),
        RegexCase("\\{ and \\}", "\\{x\\}", "a{x}", "{x}"),
        RegexCase("\\*", "a\\*", "a*", "a*"),
        RegexCase("\\+", "\\+1", "+1", "+1"),
        RegexCase("\\?", "why\\?", "why?", "why?"),
        RegexCase("\\|", "a\\|b", "a|b", "a|b"),
        RegexCase("\\^", "\\^x", "a^x", "^x"),
        RegexCase("\\$", "\\$5", "US$5", "$5"),
        RegexCase("\\-", "a\\-b", "a-b", "a-b"),
        RegexCase("\\t", "a\\tb", "a\tb", "a\tb"),
        RegexCase("\\n", "a\\nb", "a\nb", "a\nb"),
        RegexCase("\\r", "a\\rb", "a\rb", "a\rb"),
        RegexCase("any other punctuation may be escaped", "\\#\\&\\\"\\'\\,\\:", "#&\"',:", "#&\"',:"),
        RegexCase("escaped space", "a\\ b", "a b", "a b"),
        RegexCase("lone ] is literal", "a]", "a]", "a]"),
        RegexCase("lone } is literal", "a}", "a}", "a}"),
    ])
    func escapes(_ item: RegexCase) throws {
        try expectMatch(item)
    }

    @Test func catastrophicPatternGivesUpQuickly() throws {
        let regex = try RuleRegex("(a+)+$")
        let text = String(repeating: "a", count: 40) + "b"
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(regex.firstMatch(in: text) == nil)
            #expect(!regex.matches(text))
        }
        #expect(elapsed < .seconds(5))
    }

    @Test func exhaustedBudgetHidesLaterMatch() throws {
        // Documented: once the budget is spent the search reports no match, even if one exists later.
        let regex = try RuleRegex("(?:a+)+$|z")
        #expect(!regex.matches(String(repeating: "a", count: 40) + "b z"))
        #expect(regex.matches("aab z"))
    }

    @Test(arguments: [
        ("x+payroll", true),
        (".*payroll", true),
        ("(?:x|y)*z", false),  // a choice point per scalar
        ("(x+x+)+z", false),
        ("\\w+ +z", false),
        ("[xy]*z", false),
    ])
    func megabyteTextIsSafe(_ pattern: String, _ expected: Bool) throws {
        let text = String(repeating: "x", count: 1 << 20) + "payroll"
        let regex = try RuleRegex(pattern)
        #expect(regex.matches(text) == expected)
        #expect((regex.firstMatch(in: text) != nil) == expected)
    }
}
