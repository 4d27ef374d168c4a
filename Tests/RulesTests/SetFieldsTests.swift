import FinanceCore
import Rules
import Testing

/// `apply` reports the fields the rules set: `pfin import` keeps a rule's type out of transfer matching.
struct SetFieldsTests {
    static let rulesText = """
        rule "Card payment"
          when name starts-with "PAYMENT"
          set type = transfer
          stop

        rule "Coffee"
          when name contains "coffee"
          set category = "Food:Coffee"
          set name = "Coffee"

        rule "Fallback"
          when amount < 0
          set category = "Unsorted"
        """

    @Test(arguments: [
        ("PAYMENT THANK YOU", [SettableField.type]),
        ("Blue coffee", [.category, .name]),
        ("Hardware store", [.category]),
    ])
    func reportsTheFieldsSet(name: String, expected: [SettableField]) throws {
        let engine = RuleEngine(try RuleTesting.rules(Self.rulesText))
        var activity = RuleTesting.transaction(name: name, amount: "-4.50")
        let set = engine.apply(to: &activity).set
        for field in SettableField.allCases {
            #expect(set.contains(field) == expected.contains(field), "\(field)")
        }
    }

    @Test func nothingSetWithoutMatchingRules() throws {
        let engine = RuleEngine(try RuleTesting.rules(Self.rulesText))
        var activity = RuleTesting.transaction(name: "Salary", amount: "100.00")
        #expect(engine.apply(to: &activity) == RuleOutcome())
    }
}
