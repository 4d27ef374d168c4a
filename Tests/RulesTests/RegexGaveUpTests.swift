import FinanceCore
import Rules
import Testing

/// A regex that runs out of steps decides nothing: the rule is not applied, and the engine says so.
struct RegexGaveUpTests {
    static let slow = """
        rule "Slow"
          when name matches /(a+)+$/
          set category = "Slow"
        rule "Fallback"
          when amount < 0
          set category = "Expense"
        """

    @Test(arguments: [true, false])
    func aRegexThatGivesUpIsNotAppliedAndIsReported(indexed: Bool) throws {
        let engine = RuleEngine(try RuleTesting.rules(Self.slow), indexed: indexed)
        var hard = RuleTesting.transaction(name: String(repeating: "a", count: 40) + "b")
        let outcome = engine.apply(to: &hard)
        #expect(hard.category == "Expense")
        #expect(outcome.gaveUp == [0])
        #expect(outcome.warnings(engine.rules, at: hard.source).map(\.code) == ["rules.regex-gave-up"])

        var easy = RuleTesting.transaction(name: "aaa")
        #expect(engine.apply(to: &easy).gaveUp.isEmpty, "nothing carried over from the last transaction")
        #expect(easy.category == "Slow")
    }

    @Test func theTraceListsIt() throws {
        let engine = RuleEngine(try RuleTesting.rules(Self.slow))
        var hard = RuleTesting.transaction(name: String(repeating: "a", count: 40) + "b")
        let trace = engine.trace(&hard)
        #expect(trace.gaveUp == [0])
        #expect(trace.matched == [1])
    }

    @Test func theWarningNamesTheRuleAndSaysWhatToDo() throws {
        let set = try RuleTesting.rules(Self.slow, file: "mine.pfin")
        let warning = RegexGaveUp.warning(set.rules[0], at: SourceLocation(file: "bank.csv", line: 7))
        #expect(
            RuleTesting.rendered([warning]) == """
                bank.csv:7: warning: the regular expression of rule 'Slow' (mine.pfin:1) gave up on this transaction after too many steps; the rule was not applied
                bank.csv:7: note: simplify the pattern: nested repetition such as (a+)+ or (.*)* makes matching explode

                """)
    }

    @Test(
        arguments: [
            ("Blue Bottle Coffee", nil, nil, "text ends-with \"coffee\"", true),
            ("Blue Bottle Coffee", "POS 0042", nil, "text ends-with \"0042\"", true),
            ("Blue Bottle Coffee", nil, nil, "text is \"blue bottle coffee\"", true),
            ("", "memo only", nil, "text starts-with \"memo\"", true),
            ("Blue Bottle", "Coffee", nil, "text contains \"bottle\ncoffee\"", true),
            ("Blue Bottle", nil, "Coffee St", "text contains \"bottle\ncoffee\"", true),
            ("Blue Bottle", nil, nil, "text ends-with \"\n\"", false),
        ] as [(String, String?, String?, String, Bool)])
    func textIsTheFieldsThatHaveTextALineEach(name: String, memo: String?, address: String?, condition: String, holds: Bool) throws {
        let set = try RuleTesting.rules("rule \"T\"\n  when \(condition.replacingOccurrences(of: "\n", with: "\\n"))\n  set category = \"Yes\"\n")
        let outcome = RuleTesting.run(set, on: RuleTesting.transaction(name: name, memo: memo, address: address))
        #expect((outcome.activity.category == "Yes") == holds)
    }
}
