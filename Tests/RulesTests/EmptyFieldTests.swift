import FinanceCore
import Rules
import Testing

/// Fields the bank left out read as empty text: they contain nothing but "", and `not` holds.
struct EmptyFieldTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var conditions: [String]
        var activity: PaymentActivity
        var matches: Bool
        var testDescription: String { name }
    }

    static let bare = RuleTesting.transaction(name: "ACME")

    static let cases: [Case] = [
        Case(name: "nil memo contains nothing", conditions: ["memo contains \"a\""], activity: bare, matches: false),
        Case(name: "nil memo is \"\"", conditions: ["memo is \"\""], activity: bare, matches: true),
        Case(name: "nil memo starts with \"\"", conditions: ["memo starts-with \"\""], activity: bare, matches: true),
        Case(name: "nil memo does not end with a letter", conditions: ["memo ends-with \"a\""], activity: bare, matches: false),
        Case(name: "not on a nil memo holds", conditions: ["not memo contains \"a\""], activity: bare, matches: true),
        Case(name: "not is \"\" on a nil memo fails", conditions: ["not memo is \"\""], activity: bare, matches: false),
        Case(
            name: "empty memo is like nil", conditions: ["memo is \"\""],
            activity: RuleTesting.transaction(name: "ACME", memo: ""), matches: true),
        Case(name: "nil address", conditions: ["address contains \"st\""], activity: bare, matches: false),
        Case(name: "nil account is \"\"", conditions: ["account is \"\""], activity: bare, matches: true),
        Case(name: "nil category is \"\"", conditions: ["category is \"\""], activity: bare, matches: true),
        Case(name: "nil category under not", conditions: ["not category contains \"food\""], activity: bare, matches: true),
        Case(name: "no currency is \"\"", conditions: ["currency is \"\""], activity: bare, matches: true),
        Case(name: "no currency contains no letters", conditions: ["currency contains \"u\""], activity: bare, matches: false),
        Case(name: "empty name is \"\"", conditions: ["name is \"\""], activity: RuleTesting.transaction(name: ""), matches: true),
        Case(name: "contains \"\" always holds", conditions: ["name contains \"\""], activity: bare, matches: true),
        Case(name: "text of a name alone", conditions: ["text contains \"acme\""], activity: bare, matches: true),
        Case(
            name: "text with nil memo keeps the address", conditions: ["text contains \"main st\""],
            activity: RuleTesting.transaction(name: "ACME", address: "1 Main St"), matches: true),
        Case(
            name: "a literal \"\" does not help an unrelated line", conditions: ["memo contains \"\"", "memo contains \"x\""],
            activity: bare, matches: false),
    ]

    @Test(arguments: cases)
    func emptyFields(_ c: Case) throws {
        #expect(try RuleTesting.matches(c.conditions, c.activity) == c.matches)
    }

    @Test func aRuleWithoutConditionsMatchesEverything() throws {
        let rules = """
            rule "fallback"
              set category = "Uncategorised"
            """
        for activity in [Self.bare, RuleTesting.transaction(name: "", amount: "0"), RuleTesting.transaction(name: "Ü", amount: "99")] {
            let outcome = try RuleTesting.run(rules, on: activity)
            #expect(outcome.activity.category == "Uncategorised")
            #expect(outcome.decisions == ["category=Uncategorised by #0"])
        }
    }
}
