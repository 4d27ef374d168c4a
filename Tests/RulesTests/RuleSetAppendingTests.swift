import FinanceCore
import Rules
import Testing

/// `--rules A --rules B`: B's rules run after A's, as if the files were one.
struct RuleSetAppendingTests {
    static let personal = """
        rule "coffee"
          when name contains "blue bottle"
          set category = "Food:Coffee"
        """
    static let shared = """
        rule "fallback"
          set category = "Uncategorised"
          set memo = "from shared"
        rule "coffee shops"
          when name contains "coffee"
          set account = "never: fallback has no stop, but category is taken"
          stop
        """

    @Test func theFirstFileWinsAndIndexesContinue() throws {
        let set = try RuleTesting.rules(Self.personal, file: "mine.pfin")
            .appending(try RuleTesting.rules(Self.shared, file: "shared.pfin"))
        #expect(set.rules.map(\.name) == ["coffee", "fallback", "coffee shops"])
        #expect(set.rules.map(\.location.file) == ["mine.pfin", "shared.pfin", "shared.pfin"])
        #expect(set.rules.map(\.location.line) == [1, 1, 4])

        let outcome = RuleTesting.run(set, on: RuleTesting.transaction(name: "Blue Bottle Coffee"))
        #expect(outcome.activity.category == "Food:Coffee")
        #expect(outcome.activity.memo == "from shared")
        #expect(outcome.activity.account == "never: fallback has no stop, but category is taken")
        #expect(
            outcome.decisions == [
                "category=Food:Coffee by #0", "memo=from shared by #1",
                "account=never: fallback has no stop, but category is taken by #2",
            ])
    }

    @Test func theOrderOfFilesMatters() throws {
        let mine = try RuleTesting.rules(Self.personal, file: "mine.pfin")
        let shared = try RuleTesting.rules(Self.shared, file: "shared.pfin")
        let outcome = RuleTesting.run(shared.appending(mine), on: RuleTesting.transaction(name: "Blue Bottle Coffee"))
        #expect(outcome.activity.category == "Uncategorised")
        #expect(outcome.decisions.first == "category=Uncategorised by #0")
        #expect(!outcome.decisions.contains { $0.hasSuffix("by #2") && $0.hasPrefix("category") })
    }

    @Test func appendingIsLikeConcatenatingTheFiles() throws {
        let appended = try RuleTesting.rules(Self.personal).appending(try RuleTesting.rules(Self.shared))
        let concatenated = try RuleTesting.rules(Self.personal + "\n" + Self.shared)
        for name in ["Blue Bottle", "Peet's Coffee", "Safeway", ""] {
            let activity = RuleTesting.transaction(name: name)
            #expect(RuleTesting.run(appended, on: activity) == RuleTesting.run(concatenated, on: activity))
        }
    }

    @Test func appendingEmptySetsChangesNothing() throws {
        let set = try RuleTesting.rules(Self.personal)
        #expect(set.appending(RuleSet()).rules.map(\.name) == ["coffee"])
        #expect(RuleSet().appending(set).rules.map(\.name) == ["coffee"])
        let outcome = RuleTesting.run(RuleSet(), on: RuleTesting.transaction(name: "Blue Bottle"))
        #expect(outcome.activity == RuleTesting.transaction(name: "Blue Bottle"))
        #expect(outcome.decisions.isEmpty)
    }

    @Test func eachFileReportsItsOwnErrors() {
        let bad = RuleTesting.errors("rule \"x\"\n  when nme contains \"a\"\n  stop\n", file: "a.pfin")
        let alsoBad = RuleTesting.errors("rule \"y\"\n  set categry = \"b\"\n", file: "b.pfin")
        #expect(bad.map(\.location.description) == ["a.pfin:2:8"])
        #expect(alsoBad.map(\.location.description) == ["b.pfin:2:7"])
    }
}
