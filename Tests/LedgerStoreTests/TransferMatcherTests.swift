import FinanceCore
import TestSupport
import Testing

@testable import LedgerStore

@Suite struct TransferMatcherTests {
    static func side(
        _ id: UInt64, _ account: String, _ day: String, _ cents: Int64, currency: String = "EUR",
        type: PaymentType? = nil, locked: Bool = false, new: Bool = true, name: String = "Online transfer",
        memo: String? = nil, category: String? = nil
    ) -> TransferCandidate {
        let amount = Money(units: cents, scale: 2, currency: CurrencyCode(currency))
        return TransferCandidate(
            id: ActivityID(value: id), account: account, date: date(day), amount: amount,
            type: type ?? PaymentType(sign: amount), typeLocked: locked, isNew: new, name: name, memo: memo,
            category: category)
    }

    /// `[out, in]` for a matched pair, `[out, in, 0]` for a suggestion.
    static func outcome(_ matches: [TransferMatch], _ candidates: [TransferCandidate]) -> [[UInt64]] {
        matches.map { [candidates[$0.out].id.value, candidates[$0.in].id.value] + ($0.isMatched ? [] : [0]) }
    }

    @Test(
        arguments: [
            ("a plain pair", [side(1, "Giro", "2024-05-01", -50000), side(2, "Savings", "2024-05-01", 50000)], [[1, 2]]),
            ("3 days apart is in", [side(1, "Giro", "2024-05-01", -50000), side(2, "Savings", "2024-05-04", 50000)], [[1, 2]]),
            ("4 days apart is out (Wednesday to Sunday)", [side(1, "Giro", "2024-05-01", -50000), side(2, "Savings", "2024-05-05", 50000)], []),
            ("Friday to Monday is 3 days", [side(1, "Giro", "2024-05-03", -50000), side(2, "Savings", "2024-05-06", 50000)], [[1, 2]]),
            ("Friday to Tuesday: 4 days over a weekend", [side(1, "Giro", "2024-05-03", -50000), side(2, "Savings", "2024-05-07", 50000)], [[1, 2]]),
            ("Thursday to Monday: 4 days over a weekend", [side(1, "Giro", "2024-05-02", -50000), side(2, "Savings", "2024-05-06", 50000)], [[1, 2]]),
            ("Monday to Friday: 4 working days", [side(1, "Giro", "2024-05-06", -50000), side(2, "Savings", "2024-05-10", 50000)], []),
            ("Friday to Wednesday: 5 days", [side(1, "Giro", "2024-05-03", -50000), side(2, "Savings", "2024-05-08", 50000)], []),
            ("money-in first is fine", [side(1, "Giro", "2024-05-04", -50000), side(2, "Savings", "2024-05-01", 50000)], [[1, 2]]),
            ("across a month end", [side(1, "Giro", "2024-02-28", -50000), side(2, "Savings", "2024-03-02", 50000)], [[1, 2]]),
            ("same account is never a transfer", [side(1, "Giro", "2024-05-01", -50000), side(2, "Giro", "2024-05-01", 50000)], []),
            ("different currencies", [side(1, "Giro", "2024-05-01", -50000), side(2, "Savings", "2024-05-01", 50000, currency: "USD")], []),
            ("different amounts", [side(1, "Giro", "2024-05-01", -50000), side(2, "Savings", "2024-05-01", 50001)], []),
            (
                "two money-ins for one money-out: ambiguous",
                [
                    side(1, "Giro", "2024-05-01", -50000), side(2, "Savings", "2024-05-01", 50000),
                    side(3, "Card", "2024-05-02", 50000),
                ], [[1, 2, 0], [1, 3, 0]]
            ),
            (
                "two money-outs for one money-in: ambiguous",
                [
                    side(1, "Giro", "2024-05-01", -50000), side(2, "Card", "2024-05-01", -50000),
                    side(3, "Savings", "2024-05-02", 50000),
                ], [[1, 3, 0], [2, 3, 0]]
            ),
            (
                "an older candidate makes it ambiguous too",
                [
                    side(1, "Giro", "2024-05-01", -50000), side(2, "Savings", "2024-05-01", 50000),
                    side(3, "Card", "2024-05-03", 50000, new: false),
                ], [[1, 2, 0], [1, 3, 0]]
            ),
            (
                "a same-account twin does not",
                [
                    side(1, "Giro", "2024-05-01", -50000), side(2, "Savings", "2024-05-01", 50000),
                    side(3, "Giro", "2024-05-02", 50000),
                ], [[1, 2]]
            ),
            (
                "two separate pairs",
                [
                    side(1, "Giro", "2024-05-01", -50000), side(2, "Savings", "2024-05-01", 50000),
                    side(3, "Giro", "2024-06-01", -50000), side(4, "Savings", "2024-06-02", 50000),
                ], [[1, 2], [3, 4]]
            ),
            (
                "a rule-set expense makes it a suggestion",
                [
                    side(1, "Giro", "2024-05-01", -50000, type: .expense, locked: true),
                    side(2, "Savings", "2024-05-01", 50000),
                ], [[1, 2, 0]]
            ),
            (
                "a rule-set transfer pairs with the other side",
                [
                    side(1, "Giro", "2024-05-01", -50000, type: .transfer, locked: true),
                    side(2, "Savings", "2024-05-01", 50000),
                ], [[1, 2]]
            ),
            (
                "both already transfers: recorded as a pair",
                [
                    side(1, "Giro", "2024-05-01", -50000, type: .transfer, name: "A"),
                    side(2, "Savings", "2024-05-01", 50000, type: .transfer, name: "B"),
                ], [[1, 2]]
            ),
            (
                "the amount alone is a suggestion",
                [
                    side(1, "Giro", "2024-05-01", -1999, name: "Le Petit Garçon", memo: "CARTE X4721"),
                    side(2, "Savings", "2024-05-02", 1999, name: "Streamingdienst", memo: "Rücklastschrift"),
                ],
                [[1, 2, 0]]
            ),
            (
                "one side typed transfer is evidence",
                [
                    side(1, "Giro", "2024-05-01", -50000, type: .transfer, name: "A"),
                    side(2, "Savings", "2024-05-01", 50000, name: "B"),
                ], [[1, 2]]
            ),
            (
                "a Transfers category is typed transfer",
                [
                    side(1, "Giro", "2024-05-01", -50000, name: "A", category: "Transfers:Savings"),
                    side(2, "Savings", "2024-05-01", 50000, name: "B"),
                ], [[1, 2]]
            ),
            (
                "the other account's last digits",
                [
                    side(1, "Checking 0042", "2024-05-01", -12000, name: "PAYMENT TO CARD ...1234"),
                    side(2, "Card 4000001234", "2024-05-01", 12000, name: "Thanks"),
                ], [[1, 2]]
            ),
            (
                "the other account's name",
                [
                    side(1, "Giro", "2024-05-01", -12000, name: "Sparen Tagesgeld"),
                    side(2, "Tagesgeld", "2024-05-01", 12000, name: "Eingang"),
                ], [[1, 2]]
            ),
            (
                "a transfer word, accents folded",
                [
                    side(1, "Giro", "2024-05-01", -12000, name: "UEBW", memo: "SEPA-ÜBERWEISUNG an Sparen"),
                    side(2, "Other", "2024-05-01", 12000, name: "Eingang"),
                ], [[1, 2]]
            ),
            (
                "a word inside another word is not one",
                [
                    side(1, "Giro", "2024-05-01", -12000, name: "Transferwise Ltd fees"),
                    side(2, "Other", "2024-05-01", 12000, name: "VIREMENTS"),
                ], [[1, 2, 0]]
            ),
            (
                "two equal rents stay suggestions",
                [
                    side(1, "Giro", "2024-05-01", -95000, name: "Miete Mai"),
                    side(2, "Card", "2024-05-02", -95000, name: "Rent May"),
                    side(3, "Savings", "2024-05-01", 95000, name: "Untermiete"),
                ], [[1, 3, 0], [2, 3, 0]]
            ),
            ("a rejected pair is no candidate", [side(1, "Giro", "2024-05-01", -50000), side(99, "Savings", "2024-05-01", 50000)], []),
            (
                "a pair of two old sides is not re-matched",
                [
                    side(1, "Giro", "2024-05-01", -50000, new: false),
                    side(2, "Savings", "2024-05-01", 50000, new: false),
                ], []
            ),
            ("a new side pairs with an old one", [side(1, "Giro", "2024-05-01", -50000, new: false), side(2, "Savings", "2024-05-01", 50000)], [[1, 2]]),
            (
                "equal values at different scales",
                [
                    side(1, "Giro", "2024-05-01", -50000),
                    TransferCandidate(
                        id: ActivityID(value: 2), account: "Savings", date: date("2024-05-01"),
                        amount: Money(units: 500_000, scale: 3, currency: CurrencyCode("EUR")),
                        type: .income, typeLocked: false, isNew: true),
                ], [[1, 2]]
            ),
            ("zero amounts never pair", [side(1, "Giro", "2024-05-01", 0), side(2, "Savings", "2024-05-01", 0)], []),
        ] as [(String, [TransferCandidate], [[UInt64]])])
    func matching(_ name: String, candidates: [TransferCandidate], expected: [[UInt64]]) {
        let matches = TransferMatcher.match(candidates, excluded: { $1.value == 99 })
        #expect(Self.outcome(matches, candidates) == expected, "\(name)")
    }

    @Test func importMatchesAcrossFilesAndRespectsRulesAndOptOut() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        let out = activity(1, "To savings", cents: -50000, on: "2024-05-01", account: "Giro")
        let into = activity(2, "From giro", cents: 50000, on: "2024-05-02", account: "Savings")
        let first = try ledger.importActivities([out, activity(3, cents: -700, on: "2024-05-02")], file: "giro.csv")
        #expect(first.transferPairs == 0)
        let second = try ledger.importActivities([into], file: "savings.csv")
        #expect(second.transferPairs == 1)
        #expect(try ledger.list(LedgerFilter(type: .transfer)).map(\.id.value) == [2, 1])

        let optedOut = try makeLedger(in: directory)
        let none = try optedOut.importActivities([out, into], file: "both.csv", options: ImportOptions(matchTransfers: false))
        #expect(none.transferPairs == 0)
        #expect(try optedOut.list(LedgerFilter(type: .transfer)).isEmpty)

        let ruled = try makeLedger(in: directory)
        let blocked = try ruled.importActivities([out, into], file: "both.csv", typeSetByRule: { $0.id.value == 2 })
        #expect(blocked.transferPairs == 0 && blocked.transferSuggestions == 1)
        #expect(try ruled.list(LedgerFilter(type: .transfer)).isEmpty)
    }

    @Test func aDryRunReportsPairsButChangesNothing() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([activity(1, "Transfer to savings", cents: -50000, account: "Giro")], file: "giro.csv")
        let dry = try ledger.importActivities(
            [activity(2, "From giro", cents: 50000, account: "Savings")], file: "savings.csv",
            options: ImportOptions(dryRun: true))
        #expect(dry.transferPairs == 1 && dry.inserted == 1)
        #expect(try ledger.list().map(\.type) == [.expense])
        #expect(try ledger.transferPairs().isEmpty)
    }
}
