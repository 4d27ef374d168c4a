import FinanceCore
import Rules
import Testing

/// Every text field against every text operator: a literal that should match (in another case), one
/// that should not, and both again under `not`.
struct TextOperatorTests {
    struct FieldCase: CustomTestStringConvertible, Sendable {
        var field: String
        var activity: PaymentActivity
        /// The field's text as rules see it.
        var value: String
        var testDescription: String { field }
    }

    struct OperatorCase: CustomTestStringConvertible, Sendable {
        var op: String
        /// A literal that holds against the value.
        var hit: @Sendable (String) -> String
        /// A literal that is in the value but still must not hold, or is not in it at all.
        var miss: @Sendable (String) -> String
        var testDescription: String { op }
    }

    static let fields: [FieldCase] = [
        FieldCase(field: "name", activity: RuleTesting.transaction(name: "Blue Bottle Coffee"), value: "Blue Bottle Coffee"),
        FieldCase(
            field: "memo", activity: RuleTesting.transaction(name: "POS", memo: "Card purchase 4412"),
            value: "Card purchase 4412"),
        FieldCase(
            field: "address", activity: RuleTesting.transaction(name: "POS", address: "1 Ferry Building, San Francisco"),
            value: "1 Ferry Building, San Francisco"),
        FieldCase(
            field: "account", activity: RuleTesting.transaction(name: "POS", account: "Chase Checking"),
            value: "Chase Checking"),
        FieldCase(
            field: "category", activity: RuleTesting.transaction(name: "POS", category: "Food:Coffee"),
            value: "Food:Coffee"),
        FieldCase(
            field: "currency", activity: RuleTesting.transaction(name: "POS", amount: "-4.50", currency: "EUR"),
            value: "EUR"),
        FieldCase(field: "type", activity: RuleTesting.transaction(name: "POS", amount: "-4.50"), value: "expense"),
        FieldCase(
            field: "text", activity: RuleTesting.transaction(name: "Blue Bottle", memo: "Card 4412", address: "Oakland"),
            value: "Blue Bottle\nCard 4412\nOakland"),
    ]

    static let operators: [OperatorCase] = [
        OperatorCase(op: "contains", hit: { String($0.dropFirst().dropLast()).uppercased() }, miss: { _ in "qqq" }),
        OperatorCase(op: "is", hit: { $0.uppercased() }, miss: { String($0.dropLast()) }),
        OperatorCase(op: "starts-with", hit: { String($0.prefix(2)).uppercased() }, miss: { String($0.suffix(2)) }),
        OperatorCase(op: "ends-with", hit: { String($0.suffix(2)).uppercased() }, miss: { String($0.prefix(2)) }),
    ]

    @Test(arguments: fields, operators)
    func operatorOnField(_ f: FieldCase, _ o: OperatorCase) throws {
        let hit = "\(f.field) \(o.op) \(RuleTesting.quoted(o.hit(f.value)))"
        let miss = "\(f.field) \(o.op) \(RuleTesting.quoted(o.miss(f.value)))"
        #expect(try RuleTesting.matches([hit], f.activity), "\(hit)")
        #expect(try !RuleTesting.matches([miss], f.activity), "\(miss)")
        #expect(try !RuleTesting.matches(["not " + hit], f.activity), "not \(hit)")
        #expect(try RuleTesting.matches(["not " + miss], f.activity), "not \(miss)")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var condition: String
        var activity: PaymentActivity
        var matches: Bool
        var testDescription: String { name }
    }

    static let textCases: [Case] = [
        Case(
            name: "text finds the memo", condition: "text contains \"4412\"",
            activity: RuleTesting.transaction(name: "Blue Bottle", memo: "Card 4412"), matches: true),
        Case(
            name: "text finds the address", condition: "text contains \"oakland\"",
            activity: RuleTesting.transaction(name: "Blue Bottle", address: "OAKLAND CA"), matches: true),
        Case(
            name: "text does not join fields with a space", condition: "text contains \"bottle card\"",
            activity: RuleTesting.transaction(name: "Blue Bottle", memo: "Card 4412"), matches: false),
        Case(
            name: "text joins fields with a line break", condition: "text contains \"bottle\\ncard\"",
            activity: RuleTesting.transaction(name: "Blue Bottle", memo: "Card 4412"), matches: true),
        Case(
            name: "text does not read the account", condition: "text contains \"checking\"",
            activity: RuleTesting.transaction(name: "Blue Bottle", account: "Checking"), matches: false),
        Case(
            name: "text does not read the category", condition: "text contains \"coffee\"",
            activity: RuleTesting.transaction(name: "Blue Bottle", category: "Coffee"), matches: false),
        Case(
            name: "a bare word is a literal", condition: "name contains bottle",
            activity: RuleTesting.transaction(name: "Blue Bottle"), matches: true),
        Case(
            name: "contains needs the whole literal", condition: "name contains \"bottles\"",
            activity: RuleTesting.transaction(name: "Blue Bottle"), matches: false),
        Case(
            name: "is is not contains", condition: "name is \"bottle\"",
            activity: RuleTesting.transaction(name: "Blue Bottle"), matches: false),
        Case(
            name: "spaces in the literal count", condition: "name is \"blue bottle \"",
            activity: RuleTesting.transaction(name: "Blue Bottle"), matches: false),
        Case(
            name: "a literal longer than the field", condition: "name ends-with \"the blue bottle\"",
            activity: RuleTesting.transaction(name: "Blue Bottle"), matches: false),
        Case(
            name: "the type income of a positive amount", condition: "type is \"income\"",
            activity: RuleTesting.transaction(name: "ACME", amount: "2500.00"), matches: true),
        Case(
            name: "a zero amount is income", condition: "type is \"income\"",
            activity: RuleTesting.transaction(name: "Fee waived", amount: "0.00"), matches: true),
        Case(
            name: "the type the bank gave", condition: "type is \"transfer\"",
            activity: RuleTesting.transaction(name: "To savings", amount: "-100", type: .transfer), matches: true),
        Case(
            name: "currency is upper case but compared without case", condition: "currency is \"usd\"",
            activity: RuleTesting.transaction(name: "X", currency: "usd"), matches: true),
    ]

    @Test(arguments: textCases)
    func textConditions(_ c: Case) throws {
        #expect(try RuleTesting.matches([c.condition], c.activity) == c.matches)
    }
}
