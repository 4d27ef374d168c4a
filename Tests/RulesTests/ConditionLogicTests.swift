import FinanceCore
import Rules
import Testing

/// All `when` lines must hold; `or` joins alternatives within a line; `not` negates one condition.
struct ConditionLogicTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var conditions: [String]
        var matches: Bool
        var testDescription: String { name }
    }

    /// Name "Whole Foods Market", memo "card 4412", amount -54.20, Friday 2024-05-03.
    static let activity = RuleTesting.transaction(name: "Whole Foods Market", memo: "card 4412", amount: "-54.20", date: "2024-05-03")

    static let cases: [Case] = [
        Case(name: "two true lines", conditions: ["name contains \"whole\"", "amount < 0"], matches: true),
        Case(name: "a false second line", conditions: ["name contains \"whole\"", "amount > 0"], matches: false),
        Case(name: "a false first line", conditions: ["name contains \"trader\"", "amount < 0"], matches: false),
        Case(
            name: "four true lines",
            conditions: [
                "name contains \"whole\"", "memo ends-with \"4412\"", "amount between -60 and -50",
                "weekday = fri",
            ], matches: true),
        Case(name: "or: first true", conditions: ["name contains \"whole foods\" or name contains \"trader joe\""], matches: true),
        Case(name: "or: second true", conditions: ["name contains \"trader joe\" or name contains \"whole foods\""], matches: true),
        Case(name: "or: none true", conditions: ["name contains \"trader joe\" or name contains \"safeway\""], matches: false),
        Case(name: "or across fields and kinds", conditions: ["memo is \"cash\" or amount = -54.2 or date > 2030-01-01"], matches: true),
        Case(name: "or of three, last true", conditions: ["name is \"a\" or name is \"b\" or name starts-with \"whole\""], matches: true),
        Case(
            name: "or lines and a false plain line", conditions: ["name contains \"x\" or name contains \"whole\"", "amount > 0"],
            matches: false),
        Case(
            name: "two or lines, each with one true alternative",
            conditions: ["name contains \"x\" or name contains \"whole\"", "memo contains \"4412\" or memo contains \"y\""],
            matches: true),
        Case(
            name: "not on the first alternative only", conditions: ["not name contains \"whole\" or memo contains \"4412\""],
            matches: true),
        Case(
            name: "not on the first alternative, second false", conditions: ["not name contains \"whole\" or memo contains \"9999\""],
            matches: false),
        Case(
            name: "not on the second alternative", conditions: ["name contains \"trader\" or not memo contains \"9999\""],
            matches: true),
        Case(
            name: "not on both alternatives", conditions: ["not name contains \"whole\" or not memo contains \"4412\""],
            matches: false),
        Case(name: "not with a numeric alternative", conditions: ["not amount < 0 or not day = 3"], matches: false),
        Case(name: "not on a line of its own", conditions: ["name contains \"whole\"", "not memo contains \"4412\""], matches: false),
        Case(name: "the word or inside a string is a literal", conditions: ["name contains \"whole or\""], matches: false),
        Case(name: "a literal \"or\" as a bare word value", conditions: ["name is or or name contains whole"], matches: true),
    ]

    @Test(arguments: cases)
    func logic(_ c: Case) throws {
        #expect(try RuleTesting.matches(c.conditions, Self.activity) == c.matches)
    }

    @Test func theParsedShapeKeepsLinesAndAlternatives() throws {
        let set = try RuleTesting.rules(
            """
            rule "shape"
              when name contains "a" or not memo is "b"
              when amount < 0
              set category = "c"
            """)
        let rule = try #require(set.rules.first)
        #expect(rule.conditions.count == 2)
        #expect(rule.conditions[0].alternatives.map(\.negated) == [false, true])
        #expect(rule.conditions[0].alternatives[1].test == .text(.memo, .is, "b"))
        #expect(
            rule.conditions[1].alternatives == [
                Condition(
                    test: .amount(.amount, .less, RuleTesting.money("0")),
                    location: SourceLocation(file: "test.pfin", line: 3, column: 8))
            ])
    }
}
