import FinanceCore
import Testing

@testable import Rules

/// `FoldedFields` keeps every field's folded bytes in regions of one table that is replaced when a
/// region outgrows it: a grown region must leave the other fields' bytes and the text parts as they
/// were, and what it hands out must always be the field folded as the regex engine folds it.
struct FoldedFieldsTests {
    static func folded(_ text: String) -> [UInt8] { RuleRegex.folded(text) }

    @Test func growingOneRegionKeepsTheOthers() {
        var activity = RuleTesting.transaction(
            name: "Short NAME", memo: "Memo", address: "Zürich", account: "Checking", category: "Food:Coffee")
        let fields = FoldedFields()
        withUnsafeMutablePointer(to: &activity) { a in
            // Fold category and text while both are small, then make the text outgrow its region.
            #expect(fields.withBytes(.category, of: a) { Array($0) } == Self.folded("Food:Coffee"))
            #expect(fields.withBytes(.name, of: a) { Array($0) } == Self.folded("Short NAME"))
            let long = String(repeating: "ÉCOLE ", count: 400) + "NETFLIX"
            a.pointee.name = long
            fields.invalidate(.name)
            #expect(fields.withBytes(.name, of: a) { Array($0) } == Self.folded(long))
            #expect(fields.withBytes(.memo, of: a) { Array($0) } == Self.folded("Memo"))
            #expect(fields.withBytes(.address, of: a) { Array($0) } == Self.folded("Zürich"))
            #expect(fields.withBytes(.text, of: a) { Array($0) } == Self.folded(long + "\nMemo\nZürich"))
            let parts = fields.textParts(of: a)
            #expect(parts.name == 0..<Self.folded(long).count)
            #expect(parts.memo.count == 4 && parts.address.lowerBound == parts.memo.upperBound + 1)
            // The category was folded before the table grew and is not folded again.
            #expect(fields.withBytes(.category, of: a) { Array($0) } == Self.folded("Food:Coffee"))
            // Then the account outgrows its region too.
            let account = String(repeating: "Sparkonto ", count: 100)
            a.pointee.account = account
            fields.invalidate(.account)
            #expect(fields.withBytes(.account, of: a) { Array($0) } == Self.folded(account))
            #expect(fields.withBytes(.name, of: a) { Array($0) } == Self.folded(long))
        }
    }

    @Test func aNewTransactionIsFoldedAgain() {
        let fields = FoldedFields()
        for name in ["Coop Genève", String(repeating: "x", count: 3000), "", "MIGROS"] {
            var activity = RuleTesting.transaction(name: name)
            fields.reset()
            withUnsafeMutablePointer(to: &activity) { a in
                #expect(fields.withBytes(.name, of: a) { Array($0) } == Self.folded(name))
                #expect(fields.withBytes(.memo, of: a) { $0.count } == 0)
            }
        }
    }

    /// Through the engine: a rule that lengthens the name, and conditions that look at the end of a
    /// text longer than the first region.
    @Test func rulesSeeTheWholeOfALongText() throws {
        let engine = RuleEngine(
            try RuleTesting.rules(
                """
                rule "Long"
                  when name ends-with "netflix"
                  set name = "\(String(repeating: "Streaming ", count: 60))Netflix"

                rule "Still seen after the change"
                  when name ends-with "streaming netflix"
                  when text contains "Monatsabo"
                  set category = "Subscriptions"
                """))
        var activity = RuleTesting.transaction(name: String(repeating: "Karte ", count: 80) + "NETFLIX", memo: "Monatsabo")
        engine.apply(to: &activity)
        #expect(activity.category == "Subscriptions")
        #expect(activity.name.hasSuffix("Streaming Netflix"))
    }
}
