import FinanceCore
import Rules
import Testing

/// Rules run top to bottom; per field the first matching rule that sets it wins; `stop` ends the
/// run; conditions see the transaction as earlier rules left it.
struct PrecedenceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var rules: String
        var activity: PaymentActivity
        var change: @Sendable (inout PaymentActivity) -> Void
        var decisions: [String]
        var testDescription: String { name }
    }

    static let amazon = RuleTesting.transaction(name: "AMZN Mktp US*2K4", memo: "card 4412", amount: "-23.99")

    static let cases: [Case] = [
        Case(
            name: "the first rule that sets a field wins",
            rules: """
                rule "specific"
                  when name contains "amzn mktp"
                  set category = "Shopping:Amazon"
                rule "general"
                  when name contains "amzn"
                  set category = "Shopping"
                  set memo = "online"
                """, activity: amazon,
            change: {
                $0.category = "Shopping:Amazon"; $0.memo = "online"
            },
            decisions: ["category=Shopping:Amazon by #0", "memo=online by #1"]),
        Case(
            name: "a rule that does not match sets nothing",
            rules: """
                rule "other"
                  when name contains "walmart"
                  set category = "Groceries"
                rule "general"
                  when name contains "amzn"
                  set category = "Shopping"
                """, activity: amazon, change: { $0.category = "Shopping" }, decisions: ["category=Shopping by #1"]),
        Case(
            name: "stop ends the run",
            rules: """
                rule "first"
                  when name contains "amzn"
                  set category = "Shopping"
                  stop
                rule "never"
                  set memo = "reached"
                """, activity: amazon, change: { $0.category = "Shopping" }, decisions: ["category=Shopping by #0"]),
        Case(
            name: "stop without a match does not stop",
            rules: """
                rule "first"
                  when name contains "walmart"
                  stop
                rule "reached"
                  set memo = "reached"
                """, activity: amazon, change: { $0.memo = "reached" }, decisions: ["memo=reached by #1"]),
        Case(
            name: "stop in a rule that sets nothing new still stops",
            rules: """
                rule "a"
                  set category = "A"
                rule "b"
                  set category = "B"
                  stop
                rule "c"
                  set memo = "C"
                """, activity: amazon, change: { $0.category = "A" }, decisions: ["category=A by #0"]),
        Case(
            name: "a stop-only rule",
            rules: """
                rule "ignore transfers"
                  when name starts-with "amzn"
                  stop
                rule "c"
                  set category = "C"
                """, activity: amazon, change: { _ in }, decisions: []),
        Case(
            name: "a later rule sees the new name",
            rules: """
                rule "rename"
                  when name starts-with "amzn"
                  set name = "Amazon"
                rule "categorise"
                  when name is "amazon"
                  set category = "Shopping"
                """, activity: amazon,
            change: {
                $0.name = "Amazon"; $0.category = "Shopping"
            },
            decisions: ["name=Amazon by #0", "category=Shopping by #1"]),
        Case(
            name: "a later rule no longer sees the old name",
            rules: """
                rule "rename"
                  when name starts-with "amzn"
                  set name = "Amazon"
                rule "old name"
                  when name contains "mktp"
                  set category = "Old"
                """, activity: amazon, change: { $0.name = "Amazon" }, decisions: ["name=Amazon by #0"]),
        Case(
            name: "a later rule sees the new name in text",
            rules: """
                rule "rename"
                  when name starts-with "amzn"
                  set name = "Amazon Marketplace"
                rule "text"
                  when text contains "marketplace"
                  set category = "Shopping"
                """, activity: amazon,
            change: {
                $0.name = "Amazon Marketplace"; $0.category = "Shopping"
            },
            decisions: ["name=Amazon Marketplace by #0", "category=Shopping by #1"]),
        Case(
            name: "a later rule sees a new memo, address, account and category",
            rules: """
                rule "fill"
                  set memo = "m-new"
                  set address = "a-new"
                  set account = "acc-new"
                  set category = "c-new"
                rule "see"
                  when memo is "M-NEW"
                  when address is "a-new"
                  when account starts-with "acc"
                  when category ends-with "new"
                  set name = "seen"
                """, activity: amazon,
            change: {
                $0.memo = "m-new"; $0.address = "a-new"; $0.account = "acc-new"; $0.category = "c-new"; $0.name = "seen"
            },
            decisions: ["memo=m-new by #0", "address=a-new by #0", "account=acc-new by #0", "category=c-new by #0", "name=seen by #1"]),
        Case(
            name: "a later rule sees the new type",
            rules: """
                rule "transfer"
                  when name contains "amzn"
                  set type = transfer
                rule "see"
                  when type is "transfer"
                  set category = "Transfers"
                """, activity: amazon,
            change: {
                $0.type = .transfer; $0.category = "Transfers"
            },
            decisions: ["type=transfer by #0", "category=Transfers by #1"]),
        Case(
            name: "the first value stays even if a later rule matches the new one",
            rules: """
                rule "a"
                  set name = "B"
                rule "b"
                  when name is "b"
                  set name = "C"
                  set memo = "from b"
                """, activity: amazon,
            change: {
                $0.name = "B"; $0.memo = "from b"
            },
            decisions: ["name=B by #0", "memo=from b by #1"]),
        Case(
            name: "a chain of renames",
            rules: """
                rule "1"
                  when name starts-with "amzn"
                  set name = "step one"
                rule "2"
                  when name is "step one"
                  set memo = "step two"
                rule "3"
                  when memo is "step two"
                  set category = "step three"
                """, activity: amazon,
            change: {
                $0.name = "step one"; $0.memo = "step two"; $0.category = "step three"
            },
            decisions: ["name=step one by #0", "memo=step two by #1", "category=step three by #2"]),
        Case(
            name: "a rule before the rename sees the old name",
            rules: """
                rule "early"
                  when name contains "amazon"
                  set category = "early"
                rule "rename"
                  set name = "Amazon"
                """, activity: amazon, change: { $0.name = "Amazon" }, decisions: ["name=Amazon by #1"]),
        Case(
            name: "two sets of one field in one rule: the first wins",
            rules: """
                rule "twice"
                  set category = "first"
                  set category = "second"
                """, activity: amazon, change: { $0.category = "first" }, decisions: ["category=first by #0"]),
    ]

    @Test(arguments: cases)
    func precedence(_ c: Case) throws {
        let outcome = try RuleTesting.run(c.rules, on: c.activity)
        var expected = c.activity
        c.change(&expected)
        // A renamed payee keeps the bank's text as its raw name.
        if expected.name != c.activity.name, c.activity.rawName == nil { expected.rawName = c.activity.name }
        #expect(outcome.activity == expected)
        #expect(outcome.decisions == c.decisions)
    }
}
