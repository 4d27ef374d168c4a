import FinanceCore
import Rules
import Testing

/// The lexical side of rules files: comments, quoted strings and their escapes, rule names,
/// line endings, indentation.
struct RulesSyntaxTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var rules: String
        var activity: PaymentActivity
        /// The memo the rules leave (each case's rule sets it, or not).
        var memo: String?
        var testDescription: String { name }
    }

    static let coffee = RuleTesting.transaction(name: "Joe's \"Diner\" #5", memo: nil)

    static let cases: [Case] = [
        Case(
            name: "full-line comments",
            rules: """
                # top of the file
                rule "r"
                # between clauses
                  # indented
                  when name contains "diner"
                  set memo = "hit"
                """, activity: coffee, memo: "hit"),
        Case(
            name: "trailing comment after a condition",
            rules: """
                rule "r" # named r
                  when name contains "diner" # the diner
                  set memo = "hit" # done
                  stop # and stop
                """, activity: coffee, memo: "hit"),
        Case(
            name: "# inside a string is text",
            rules: """
                rule "r"
                  when name ends-with "\\" #5"
                  set memo = "a # b"
                """, activity: coffee, memo: "a # b"),
        Case(
            name: "# right after a bare word starts a comment",
            rules: """
                rule r
                  when name contains diner#comment
                  set memo = hit#comment
                """, activity: coffee, memo: "hit"),
        Case(
            name: "escaped quote",
            rules: """
                rule "r"
                  when name contains "\\"diner\\""
                  set memo = "said \\"hi\\""
                """, activity: coffee, memo: "said \"hi\""),
        Case(
            name: "escaped backslash",
            rules: """
                rule "r"
                  set memo = "C:\\\\temp\\\\"
                """, activity: coffee, memo: "C:\\temp\\"),
        Case(
            name: "\\n and \\t",
            rules: """
                rule "r"
                  set memo = "a\\tb\\nc"
                """, activity: coffee, memo: "a\tb\nc"),
        Case(
            name: "an unknown escape is kept as written",
            rules: """
                rule "r"
                  set memo = "\\d+ and \\'"
                """, activity: coffee, memo: "\\d+ and \\'"),
        Case(
            name: "an apostrophe needs no escape",
            rules: """
                rule "r"
                  when name starts-with "joe's"
                  set memo = "hit"
                """, activity: coffee, memo: "hit"),
        Case(
            name: "tabs and no indentation", rules: "rule \"r\"\n\twhen name contains \"diner\"\nset memo = \"hit\"\n",
            activity: coffee, memo: "hit"),
        Case(
            name: "CRLF line endings", rules: "rule \"r\"\r\n  when name contains \"diner\"\r\n  set memo = \"hit\"\r\n",
            activity: coffee, memo: "hit"),
        Case(name: "a byte order mark", rules: "\u{FEFF}rule \"r\"\n  set memo = \"hit\"\n", activity: coffee, memo: "hit"),
        Case(
            name: "blank lines and spaces everywhere", rules: "\n\n   rule    \"r\"   \n\n  when   name   contains   \"diner\"  \n\n set memo=\"hit\"\n\n",
            activity: coffee, memo: "hit"),
        Case(
            name: "symbols need no spaces", rules: "rule \"r\"\n  when amount<0\n  when amount>=-10\n  set memo=\"hit\"\n",
            activity: coffee, memo: "hit"),
        Case(
            name: "a rule without actions parses and changes nothing (a lint matter, not an error)",
            rules: """
                rule "no actions"
                  when name contains "diner"
                """, activity: coffee, memo: nil),
        Case(name: "no final newline", rules: "rule \"r\"\n  set memo = \"hit\"", activity: coffee, memo: "hit"),
        Case(name: "an empty file", rules: "", activity: coffee, memo: nil),
        Case(name: "only comments", rules: "# nothing\n   # here\n", activity: coffee, memo: nil),
    ]

    @Test(arguments: cases)
    func syntax(_ c: Case) throws {
        let outcome = try RuleTesting.run(c.rules, on: c.activity)
        #expect(outcome.activity.memo == c.memo)
        var expected = c.activity
        expected.memo = c.memo
        #expect(outcome.activity == expected, "only the memo changes")
    }

    struct NameCase: CustomTestStringConvertible, Sendable {
        var header: String
        var name: String
        var testDescription: String { header }
    }

    static let names: [NameCase] = [
        NameCase(header: "rule \"Groceries\"", name: "Groceries"),
        NameCase(header: "rule Groceries", name: "Groceries"),
        NameCase(header: "rule \"Whole Foods # 1\"", name: "Whole Foods # 1"),
        NameCase(header: "rule \"say \\\"hi\\\"\"", name: "say \"hi\""),
        NameCase(header: "rule \"Café ☕\"", name: "Café ☕"),
        NameCase(header: "rule \"\"", name: ""),
    ]

    @Test(arguments: names)
    func ruleNamesAndLocations(_ c: NameCase) throws {
        let set = try RuleTesting.rules("# header\n\n  \(c.header)\n    set memo = \"x\"\n", file: "mine.pfin")
        let rule = try #require(set.rules.first)
        #expect(set.rules.count == 1)
        #expect(rule.name == c.name)
        #expect(rule.location == SourceLocation(file: "mine.pfin", line: 3, column: 3))
        #expect(rule.actions.first?.location.line == 4)
    }

    /// Lines end at LF or CR LF (found in the bytes); a lone CR is a space inside its line, so the
    /// rule below it is one line and its error's column counts from that line's start.
    @Test func lineEndsAndLocations() throws {
        let set = try RuleTesting.rules("# é\r\n\r\nrule \"r\"\r\n  when name contains \"é\"\r  \n  set memo = \"x\"", file: "crlf.pfin")
        let rule = try #require(set.rules.first)
        #expect(rule.location == SourceLocation(file: "crlf.pfin", line: 3, column: 1))
        #expect(rule.conditions.first?.location.line == 4)
        #expect(rule.actions.first?.location.line == 5)
        let errors = RuleTesting.errors("rule \"r\"\r\n  when name contains \"a\"\r  set memo = \"x\"\r\n", file: "cr.pfin")
        #expect(errors.map(\.location) == [SourceLocation(file: "cr.pfin", line: 2, column: 28)])
    }

    @Test func theRegexTokenKeepsHashesAndEscapedSlashes() throws {
        let set = try RuleTesting.rules(
            #"""
            rule "r"
              when memo matches /a#b\/c\d/ # a comment
              set category = "x"
            """#)
        let test = try #require(set.rules.first?.conditions.first?.alternatives.first?.test)
        guard case .matches(.memo, let box) = test else {
            Issue.record("expected a matches condition, got \(test)")
            return
        }
        #expect(box.regex.pattern == #"a#b/c\d"#)
    }
}
