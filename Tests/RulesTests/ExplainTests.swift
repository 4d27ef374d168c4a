import FinanceCore
import Rules
import Testing

/// `explain`: which rule (by index in the set) set which field, to what, in order.
struct ExplainTests {
    static let rules = """
        rule "rename"                 # 0
          when name starts-with "SQ *"
          set name = "Blue Bottle"
        rule "never"                  # 1
          when name contains "nothing like this"
          set category = "never"
        rule "coffee"                 # 2
          when name is "blue bottle"
          set category = "Food:Coffee"
          set name = "ignored: rule 0 set it"
          set type = transfer
        rule "matches, sets nothing new" # 3
          when category contains "coffee"
          set category = "ignored"
        rule "memo"                   # 4
          set memo = "explained"
        """

    @Test func decisionsNameTheRuleTheFieldAndTheValue() throws {
        var activity = RuleTesting.transaction(name: "SQ *BLUE BOTTLE", amount: "-4.50")
        let set = try RuleTesting.rules(Self.rules)
        for indexed in [true, false] {
            var copy = activity
            let decisions = RuleEngine(set, indexed: indexed).explain(&copy)
            #expect(decisions.map(\.rule) == [0, 2, 2, 4])
            #expect(decisions.map(\.field) == [.name, .category, .type, .memo])
            #expect(decisions.map(\.value) == ["Blue Bottle", "Food:Coffee", "transfer", "explained"])
            #expect(copy.category == "Food:Coffee")
        }
        // explain changes the activity exactly as apply does.
        var applied = activity
        RuleEngine(set).apply(to: &applied)
        _ = RuleEngine(set).explain(&activity)
        #expect(applied == activity)
    }

    @Test func noRuleMatchesNoDecisions() throws {
        let set = try RuleTesting.rules("rule \"x\"\n  when name is \"y\"\n  set memo = \"z\"\n")
        var activity = RuleTesting.transaction(name: "nothing")
        let before = activity
        #expect(RuleEngine(set).explain(&activity).isEmpty)
        #expect(activity == before)
    }

    @Test func oneEngineExplainsManyTransactionsIndependently() throws {
        let engine = RuleEngine(try RuleTesting.rules(Self.rules))
        var first = RuleTesting.transaction(name: "SQ *BLUE BOTTLE")
        var second = RuleTesting.transaction(name: "Blue Bottle")
        var third = RuleTesting.transaction(name: "SQ *BLUE BOTTLE")
        let a = engine.explain(&first), b = engine.explain(&second), c = engine.explain(&third)
        #expect(a == c, "no state leaks from one transaction to the next")
        #expect(first == third)
        #expect(b.map(\.rule) == [2, 2, 2, 4], "without the rename, rule 2 sets the name too")
        #expect(second.name == "ignored: rule 0 set it")
    }
}
