import FinanceCore
import Rules
import Testing

/// `set FIELD = VALUE` for every settable field: the field changes, nothing else does.
struct ActionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var action: String
        var change: @Sendable (inout PaymentActivity) -> Void
        var decision: String
        var testDescription: String { name }
    }

    static let original = RuleTesting.transaction(
        name: "SQ *BLUE BOTTLE", memo: "card 4412", address: "Oakland",
        account: "Checking", category: "Unsorted", amount: "-4.50")

    static let cases: [Case] = [
        Case(
            name: "category", action: "set category = \"Food:Coffee\"", change: { $0.category = "Food:Coffee" },
            decision: "category=Food:Coffee"),
        Case(
            name: "category from a bare word", action: "set category = Food:Coffee", change: { $0.category = "Food:Coffee" },
            decision: "category=Food:Coffee"),
        Case(name: "type income", action: "set type = income", change: { $0.type = .income }, decision: "type=income"),
        Case(name: "type expense (already)", action: "set type = expense", change: { $0.type = .expense }, decision: "type=expense"),
        Case(name: "type transfer", action: "set type = \"transfer\"", change: { $0.type = .transfer }, decision: "type=transfer"),
        Case(name: "type in any case", action: "set type = Transfer", change: { $0.type = .transfer }, decision: "type=transfer"),
        Case(name: "name", action: "set name = \"Blue Bottle\"", change: { $0.name = "Blue Bottle" }, decision: "name=Blue Bottle"),
        Case(
            name: "memo", action: "set memo = \"coffee with Ana\"", change: { $0.memo = "coffee with Ana" },
            decision: "memo=coffee with Ana"),
        Case(
            name: "address", action: "set address = \"300 Webster St, Oakland\"", change: { $0.address = "300 Webster St, Oakland" },
            decision: "address=300 Webster St, Oakland"),
        Case(
            name: "account", action: "set account = \"Chase Sapphire\"", change: { $0.account = "Chase Sapphire" },
            decision: "account=Chase Sapphire"),
        Case(name: "an empty value", action: "set memo = \"\"", change: { $0.memo = "" }, decision: "memo="),
        Case(
            name: "non-ASCII kept as written", action: "set name = \"Café Müller — Straße\"",
            change: { $0.name = "Café Müller — Straße" }, decision: "name=Café Müller — Straße"),
        Case(name: "$$ is a dollar sign", action: "set memo = \"costs $$5\"", change: { $0.memo = "costs $5" }, decision: "memo=costs $5"),
        Case(name: "$0 is not a capture", action: "set memo = \"$0\"", change: { $0.memo = "$0" }, decision: "memo=$0"),
        Case(name: "a lone $ stays", action: "set memo = \"5 $\"", change: { $0.memo = "5 $" }, decision: "memo=5 $"),
    ]

    @Test(arguments: cases)
    func setChangesOneField(_ c: Case) throws {
        let rules = """
            rule "set"
              when name contains "blue bottle"
              \(c.action)
            """
        let outcome = try RuleTesting.run(rules, on: Self.original)
        var expected = Self.original
        c.change(&expected)
        // A renamed payee keeps the bank's text as its raw name.
        if expected.name != Self.original.name, Self.original.rawName == nil { expected.rawName = Self.original.name }
        #expect(outcome.activity == expected)
        #expect(outcome.decisions == [c.decision + " by #0"])
    }

    @Test func setOnNilFieldsFillsThem() throws {
        let rules = """
            rule "fill"
              set memo = "m"
              set address = "a"
              set account = "acc"
              set category = "c"
            """
        let bare = RuleTesting.transaction(name: "X")
        let outcome = try RuleTesting.run(rules, on: bare)
        var expected = bare
        expected.memo = "m"
        expected.address = "a"
        expected.account = "acc"
        expected.category = "c"
        #expect(outcome.activity == expected)
        #expect(outcome.decisions == ["memo=m by #0", "address=a by #0", "account=acc by #0", "category=c by #0"])
    }

    @Test func amountDateAndIdentityAreNeverTouched() throws {
        let rules = """
            rule "everything"
              set category = "c"
              set type = transfer
              set name = "n"
              set memo = "m"
              set address = "a"
              set account = "acc"
            """
        let outcome = try RuleTesting.run(rules, on: Self.original)
        #expect(outcome.activity.amount == Self.original.amount)
        #expect(outcome.activity.date == Self.original.date)
        #expect(outcome.activity.id == Self.original.id)
        #expect(outcome.activity.source == Self.original.source)
        #expect(outcome.activity.fitid == Self.original.fitid)
        #expect(outcome.decisions.count == 6)
    }
}
