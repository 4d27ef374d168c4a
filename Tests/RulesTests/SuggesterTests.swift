import FinanceCore
import Rules
import Testing

/// `RuleSuggester`: rules proposed from categorised history, and only when the history supports them.
struct SuggesterTests {
    static func history(_ rows: [(String, String?)]) -> [PaymentActivity] {
        rows.map { RuleTesting.transaction(name: $0.0, category: $0.1) }
    }

    @Test func aConsistentPayeeGetsARuleWithItsEvidence() throws {
        let suggestions = RuleSuggester().suggest(
            Self.history([
                ("WHOLEFDS WLK 10234", "Food:Groceries"), ("WHOLEFDS MKT 0042", "Food:Groceries"),
                ("WHOLEFDS WLK 10234", "Food:Groceries"), ("SHELL OIL 5744", "Transport:Fuel"),
            ]))
        #expect(suggestions.map(\.literal) == ["wholefds"])
        let only = try #require(suggestions.first)
        #expect((only.support, only.agreeing, only.category) == (3, 3, "Food:Groceries"))
        #expect(
            only.rulesText == """
                # 3 transactions contain "wholefds"; 3 of them (100%) are Food:Groceries.
                # e.g. WHOLEFDS WLK 10234, WHOLEFDS MKT 0042
                rule "Wholefds"
                  when name contains "wholefds"
                  set category = "Food:Groceries"

                """)
    }

    @Test func theProposedRuleParsesAndDoesWhatItSays() throws {
        let history = Self.history(Array(repeating: ("Café \"Le $1\" Paris", "Food:Café $$"), count: 3))
        let suggestion = try #require(RuleSuggester().suggest(history).first)
        let set = try RuleTesting.rules(suggestion.rulesText)
        var activity = RuleTesting.transaction(name: "CAFÉ \"LE $1\" PARIS 0042")
        RuleEngine(set).apply(to: &activity)
        #expect(activity.category == "Food:Café $$")
    }

    @Test func belowTheThresholdsNothingIsProposed() {
        // Two is not enough; three split 2:1 is 67% consistent.
        #expect(RuleSuggester().suggest(Self.history([("NETFLIX", "Fun"), ("NETFLIX", "Fun")])).isEmpty)
        #expect(
            RuleSuggester().suggest(
                Self.history([
                    ("UBER TRIP", "Transport"), ("UBER TRIP", "Transport"),
                    ("UBER EATS", "Food"),
                ])
            ).first?.literal != "uber")
    }

    @Test func anInconsistentFirstWordIsRefinedByTheNext() {
        let suggestions = RuleSuggester().suggest(
            Self.history(
                Array(repeating: ("UBER TRIP 123", "Transport"), count: 3) + Array(repeating: ("UBER EATS 456", "Food"), count: 3)))
        #expect(Set(suggestions.map(\.literal)) == ["uber trip", "uber eats"])
    }

    @Test func thresholdsCanBeChanged() {
        var suggester = RuleSuggester()
        suggester.minimumSupport = 2
        suggester.minimumConsistencyPercent = 60
        let suggestions = suggester.suggest(Self.history([("NETFLIX", "Fun"), ("NETFLIX", "Fun"), ("NETFLIX", "Bills")]))
        #expect(suggestions.map(\.category) == ["Fun"])
        #expect(suggestions.first?.rulesText.contains("2 of them (66%)") == true)
    }

    @Test func uncategorisedTransactionsAreIgnoredAndMostUsefulComesFirst() {
        let suggestions = RuleSuggester().suggest(
            Self.history(
                Array(repeating: ("SPOTIFY", "Streaming"), count: 3) + Array(repeating: ("NETFLIX", "Streaming"), count: 5)
                    + Array(repeating: ("NETFLIX", nil), count: 9)))
        #expect(suggestions.map(\.literal) == ["netflix", "spotify"])
        #expect(suggestions.first?.support == 5)
    }

    @Test func aMoreSpecificLiteralWithTheSameCategoryIsLeftOut() {
        let suggestions = RuleSuggester().suggest(
            Self.history(
                Array(repeating: ("NETFLIX.COM 1234", "Streaming"), count: 3) + Array(repeating: ("NETFLIX INTERNATIONAL", "Streaming"), count: 3)))
        #expect(suggestions.map(\.literal) == ["netflix"])
    }

    @Test func transfersAreMarkedAsSuch() throws {
        let history = (0..<3).map { _ in
            RuleTesting.transaction(name: "PAYMENT THANK YOU", category: "Transfers:Card", type: .transfer)
        }
        let suggestion = try #require(RuleSuggester().suggest(history).first)
        #expect(suggestion.setsTransfer)
        #expect(suggestion.rulesText.contains("  set type = transfer\n"))
    }
}
