import Testing

@testable import Rules

/// A search whose groups are checked: `captures[0]` is the whole match, nil for groups that did not
/// take part.
struct RegexCaptureCase: Sendable, CustomTestStringConvertible {
    var name: String
    var pattern: String
    var text: String
    var captures: [String?]

    init(_ name: String, _ pattern: String, _ text: String, _ captures: [String?]) {
        self.name = name
        self.pattern = pattern
        self.text = text
        self.captures = captures
    }

    var testDescription: String { name }
}

@Suite struct RegexCaptureTests {
    @Test(arguments: [
        RegexCaptureCase("groups keep the text's case", "(ACME|GLOBEX) (CORP )?PAYROLL", "xx Globex Payroll 0425", ["Globex Payroll", "Globex", nil]),
        RegexCaptureCase("optional group taking part", "(ACME|GLOBEX) (CORP )?PAYROLL", "acme corp payroll", ["acme corp payroll", "acme", "corp "]),
        RegexCaptureCase("word after a prefix", "^AMZN MKTP (\\w+)", "amzn mktp Us*2K4", ["amzn mktp Us", "Us"]),
        RegexCaptureCase("only the taken alternative's group", "(a)|(b)", "b", ["b", nil, "b"]),
        RegexCaptureCase("groups numbered by their '('", "((a)(b))", "ab", ["ab", "ab", "a", "b"]),
        RegexCaptureCase("non-capturing groups are not numbered", "(?:x)(y)", "xy", ["xy", "y"]),
        RegexCaptureCase("amount parts", "(\\d+)\\.(\\d{2})", "Total 1234.56 EUR", ["1234.56", "1234", "56"]),
        RegexCaptureCase("non-ASCII group in original case", "caf(é+)", "CAFÉÉ", ["CAFÉÉ", "ÉÉ"]),
        RegexCaptureCase("a group can end inside a character", "(.)", "e\u{301}", ["e", "e"]),
        RegexCaptureCase("optional group that did not take part", "(x)?y", "y", ["y", nil]),
        RegexCaptureCase("empty group match is not nil", "(x*)y", "y", ["y", ""]),
        RegexCaptureCase("greedy first group", "(a+)(a+)", "aaaa", ["aaaa", "aaa", "a"]),
        RegexCaptureCase("lazy first group", "(a+?)(a+)", "aaaa", ["aaaa", "a", "aaa"]),
        RegexCaptureCase("backtracking resets groups", "(a|ab)(c|bcd)(d*)", "abcd", ["abcd", "a", "bcd", ""]),
        RegexCaptureCase("repeated group keeps the last iteration", "(\\w)+", "abc", ["abc", "c"]),
        RegexCaptureCase("Perl: a group from an earlier iteration stays", "(?:(a)|b)+", "ab", ["ab", "a"]),
        RegexCaptureCase("group in a counted repeat", "(?:(\\d)-){2}", "1-2-3", ["1-2-", "2"]),
        RegexCaptureCase("group inside a lazy loop", "(?:(\\w),)*?x", "a,b,x", ["a,b,x", "b"]),
        RegexCaptureCase("empty-loop exit keeps the empty iteration", "(a*)*b", "b", ["b", ""]),
        RegexCaptureCase(
            "payee and city", "^(?:SQ|TST) ?\\* ?(.+?) ([A-Z]+) [A-Z]{2}$", "SQ *BLUE BOTTLE COFFEE OAKLAND CA",
            ["SQ *BLUE BOTTLE COFFEE OAKLAND CA", "BLUE BOTTLE COFFEE", "OAKLAND"]),
    ])
    func captures(_ item: RegexCaptureCase) throws {
        let regex = try RuleRegex(item.pattern)
        let found = try #require(regex.firstMatch(in: item.text))
        #expect(found.captures.map { $0.map(String.init) } == item.captures)
        #expect(regex.captureCount == item.captures.count - 1)
    }

    @Test func capturesAreSlicesOfTheText() throws {
        let text = "Überweisung an MÜLLER GmbH"
        let found = try #require(try RuleRegex("an (\\w+)").firstMatch(in: text))
        let group = try #require(found.captures[1])
        #expect(group == "MÜLLER")
        #expect(group.base == text)
        #expect(text[group.startIndex..<group.endIndex] == "MÜLLER")
    }

    @Test(arguments: [
        ("a", 0),
        ("(a)(?:b)(c)", 2),
        ("(?:(?:a))", 0),
        ("((((((((((a))))))))))", 10),
        ("\\(a\\)", 0),
        ("[(]a", 0),
    ])
    func captureCount(_ pattern: String, _ count: Int) throws {
        #expect(try RuleRegex(pattern).captureCount == count)
    }

    @Test func moreThanNineGroups() throws {
        let regex = try RuleRegex("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)")
        let found = try #require(regex.firstMatch(in: "abcdefghijk"))
        #expect(found.captures.count == 12)
        #expect(found.captures[11] == "k")
    }
}
