import FinanceCore
import Rules
import Testing

/// `RulesLint`: the warnings of `pfin rules check`, each shown on the smallest file that needs it.
struct LintTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var rules: String
        /// `LINE: CODE` of each warning, in order.
        var warnings: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "clean file",
            rules: """
                rule "A"
                  when name contains "whole foods"
                  set category = "Food"
                rule "B"
                  when name contains "shell"
                  set category = "Fuel"
                """, warnings: []),
        Case(
            name: "duplicate name",
            rules: """
                rule "A"
                  when name contains "x"
                  set category = "X"
                rule "A"
                  when name contains "y"
                  set category = "Y"
                """, warnings: ["4: rules.duplicate-name"]),
        Case(
            name: "weaker earlier rule sets the same field",
            rules: """
                rule "Broad"
                  when name contains "whole"
                  set category = "Food"
                rule "Narrow"
                  when name contains "whole foods"
                  when amount < 0
                  set category = "Food:Groceries"
                """, warnings: ["4: rules.never-fires"]),
        Case(
            name: "earlier rule sets only some of the fields",
            rules: """
                rule "Broad"
                  when name contains "whole"
                  set category = "Food"
                rule "Narrow"
                  when name contains "whole foods"
                  set category = "Food:Groceries"
                  set name = "Whole Foods"
                """, warnings: []),
        Case(
            name: "earlier narrower rule does not shadow",
            rules: """
                rule "Narrow"
                  when name contains "whole foods"
                  set category = "Food:Groceries"
                rule "Broad"
                  when name contains "whole"
                  set category = "Food"
                """, warnings: []),
        Case(
            name: "earlier rule stops",
            rules: """
                rule "Card payments"
                  when name starts-with "payment"
                  set type = transfer
                  stop
                rule "Thank you"
                  when name starts-with "payment - thank you"
                  set category = "Transfers"
                """, warnings: ["5: rules.never-fires"]),
        Case(
            name: "interval inside interval",
            rules: """
                rule "Big"
                  when amount < -1000
                  stop
                rule "Rent"
                  when amount between -5000 and -2000
                  set category = "Rent"
                """, warnings: ["4: rules.never-fires"]),
        Case(
            name: "interval overlapping only",
            rules: """
                rule "Big"
                  when amount < -1000
                  stop
                rule "Rent"
                  when amount between -5000 and -500
                  set category = "Rent"
                """, warnings: []),
        Case(
            name: "open end does not cover a closed end",
            rules: """
                rule "Over"
                  when amount > 100
                  stop
                rule "From"
                  when amount >= 100
                  set category = "Big"
                """, warnings: []),
        Case(
            name: "is implies contains, case aside",
            rules: """
                rule "Any Shell"
                  when name contains "SHELL"
                  set category = "Fuel"
                rule "Exact"
                  when name is "shell oil"
                  set category = "Fuel:Shell"
                """, warnings: ["4: rules.never-fires"]),
        Case(
            name: "name implies text",
            rules: """
                rule "Anywhere"
                  when text contains "netflix"
                  set category = "Streaming"
                rule "In the name"
                  when name contains "netflix.com"
                  set category = "Streaming:Netflix"
                """, warnings: ["4: rules.never-fires"]),
        Case(
            name: "alternatives: every one must be covered",
            rules: """
                rule "Coffee"
                  when name contains "starbucks" or name contains "peet"
                  set category = "Coffee"
                rule "Both"
                  when name contains "starbucks" or name contains "blue bottle"
                  set category = "Cafe"
                """, warnings: []),
        // "WFM 0042" (memo "wfm") escapes Broad, is renamed, then matches Narrow: no warning.
        Case(
            name: "a rule between them renames what the later one reads",
            rules: """
                rule "Broad"
                  when name contains "whole"
                  stop
                rule "Rename"
                  when memo contains "wfm"
                  set name = "Whole Foods"
                rule "Narrow"
                  when name contains "whole foods"
                  set category = "Food"
                """, warnings: []),
        Case(
            name: "the earlier rule itself changes what the later one reads",
            rules: """
                rule "Clean"
                  when name contains "amzn"
                  set name = "Amazon amzn"
                  set category = "Shopping"
                rule "Amazon"
                  when name contains "amzn mktp"
                  set category = "Shopping:Amazon"
                """, warnings: []),
        Case(
            name: "a catch-all before everything",
            rules: """
                rule "Everything"
                  when amount < 0
                  set category = "Expense"
                rule "Food"
                  when name contains "food"
                  when amount < 0
                  set category = "Food"
                """, warnings: ["4: rules.never-fires"]),
        Case(
            name: "a later rule that stops still does something",
            rules: """
                rule "Broad"
                  when name contains "whole"
                  set category = "Food"
                rule "Narrow"
                  when name contains "whole foods"
                  set category = "Food:Groceries"
                  stop
                """, warnings: []),
        Case(
            name: "nested repetition in a regex",
            rules: """
                rule "Slow"
                  when name matches /^(\\w+\\s?)*$/
                  set category = "X"
                rule "Fine"
                  when name matches /a+b*(cd)?e{2,}/
                  set category = "Y"
                """, warnings: ["2: rules.slow-regex"]),
    ]

    @Test(arguments: cases)
    func warnings(_ c: Case) throws {
        let set = try RuleTesting.rules(c.rules)
        let found = RulesLint.check(set).map { "\($0.location.line): \($0.code)" }
        #expect(found == c.warnings)
    }

    @Test func theWarningNamesBothRulesAndHowToFixIt() throws {
        let set = try RuleTesting.rules(Self.cases[2].rules, file: "mine.pfin")
        let text = RuleTesting.rendered(RulesLint.check(set))
        #expect(
            text == """
                mine.pfin:4:1: warning: rule 'Narrow' can never change anything: rule 'Broad' at mine.pfin:1 matches whenever it does and sets category first
                mine.pfin:4:1: note: move 'Narrow' above 'Broad', or narrow the conditions of 'Broad'

                """)
    }

    @Test func unmatchedRulesAreNamed() throws {
        let set = try RuleTesting.rules(Self.cases[0].rules, file: "mine.pfin")
        let warnings = RulesLint.unmatched(set, matchCounts: [3, 0], transactions: 10)
        #expect(warnings.map(\.message) == ["rule 'B' matched none of the 10 transactions"])
        #expect(warnings.first?.location.line == 4)
    }
}
