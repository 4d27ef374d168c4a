import FinanceCore
import TestSupport
import Testing

@testable import LedgerStore

/// The stored pairs: what imports record, and the user's accept and reject.
@Suite struct TransferPairTests {
    static let restaurant = activity(1, "Le Petit Garçon", cents: -1999, on: "2024-05-13", account: "Compte", memo: "CARTE X4721")
    static let returned = activity(2, "Streamingdienst", cents: 1999, on: "2024-05-14", account: "Giro", memo: "Rücklastschrift")
    static let toSavings = activity(3, "Transfer to Savings 5678", cents: -50000, on: "2024-05-03", account: "Checking 1111")
    static let fromChecking = activity(4, "Deposit", cents: 50000, on: "2024-05-06", account: "Savings 5678")

    @Test func evidencePairsTheAmountAloneSuggests() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([Self.restaurant, Self.toSavings], file: "one.csv")
        let second = try ledger.importActivities([Self.returned, Self.fromChecking], file: "two.csv")
        #expect(second.transferPairs == 1 && second.transferSuggestions == 1)
        let pairs = try ledger.transferPairs()
        #expect(pairs.map(\.status) == [.matched, .suggested])
        #expect(pairs[0].confidence == .high)
        #expect(pairs[0].reasons.contains(.namesAccount(.out, what: "savings 5678")))
        #expect(pairs[1].confidence == .low && pairs[1].reasons == [.sameAmount(days: 1)])
        #expect(try ledger.list(LedgerFilter(type: .transfer)).map(\.id.value).sorted() == [3, 4])
    }

    /// `-500.000` and `500` are one amount: the sides pair whatever digits each file wrote, in one
    /// import and across two.
    @Test func sidesWrittenWithOtherDigitsPair() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        var out = Self.toSavings
        out.amount = Money(units: -500_000, scale: 3, currency: CurrencyCode("EUR"))
        var into = Self.fromChecking
        into.amount = Money(units: 500, scale: 0, currency: CurrencyCode("EUR"))
        let together = try makeLedger(in: directory)
        #expect(try together.importActivities([out, into], file: "both.csv").transferPairs == 1)
        let apart = try makeLedger(in: directory)
        _ = try apart.importActivities([out], file: "checking.csv")
        #expect(try apart.importActivities([into], file: "savings.csv").transferPairs == 1)
        #expect(try apart.list(LedgerFilter(type: .transfer)).map(\.amount) == [into.amount, out.amount])
    }

    /// An import large enough to load in bulk keeps its transfer sides as numbers only: the pair
    /// among 25,000 other rows is still found, once, with its evidence.
    @Test func aBulkImportFindsItsPair() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        var rows = (0..<25_000).map { k in
            activity(UInt64(100 + k), "Shop \(k % 50)", cents: -Int64(1 + k % 997), on: "2024-0\(1 + k % 9)-1\(k % 9)", account: "Checking 1111")
        }
        rows.insert(Self.toSavings, at: 12_000)
        rows.append(Self.fromChecking)
        let result = try ledger.importActivities(rows, file: "year.csv")
        #expect(result.inserted == 25_002)
        #expect(result.transferPairs == 1)
        #expect(try ledger.list(LedgerFilter(type: .transfer)).map(\.id.value).sorted() == [3, 4])
    }

    @Test func acceptingASuggestionMakesATransferAndRejectingUndoesIt() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([Self.restaurant, Self.returned], file: "both.csv")
        let accepted = try ledger.acceptTransfer(Self.returned.id, Self.restaurant.id)
        #expect(accepted.status == .accepted && accepted.out.activity.id == Self.restaurant.id)
        #expect(try ledger.list().map(\.type) == [.transfer, .transfer])
        let rejected = try ledger.rejectTransfer(Self.restaurant.id, Self.returned.id)
        #expect(rejected.status == .rejected)
        #expect(try ledger.list().map(\.type) == [.income, .expense])
        #expect(try ledger.transferPairs().isEmpty)
        #expect(try ledger.transferPairs([.rejected]).count == 1)
    }

    @Test func aRejectedPairNeverComesBack() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([Self.toSavings], file: "checking.csv")
        _ = try ledger.importActivities([Self.fromChecking], file: "savings.csv")
        try ledger.rejectTransfer(Self.toSavings.id, Self.fromChecking.id)
        #expect(try ledger.list().map(\.type) == [.income, .expense])
        // The same money-in again, from a second export with another id (a new row): still no pair.
        var again = Self.fromChecking
        again.id = ActivityID(value: 40)
        let reimport = try ledger.importActivities([again], file: "savings-again.csv")
        #expect(reimport.transferPairs == 1)  // the new row is a new side: it pairs with the money-out
        #expect(try ledger.transferPairs().map(\.in.activity.id.value) == [40])
        // Re-importing the rejected row's own file adds nothing and pairs nothing.
        let same = try ledger.importActivities([Self.fromChecking], file: "savings.csv")
        #expect(same.transferPairs == 0 && same.transferSuggestions == 0)
    }

    @Test func aSideInAPairCannotBeAcceptedWithAnother() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        var other = Self.fromChecking
        other.id = ActivityID(value: 5)
        other.account = "Other"
        _ = try ledger.importActivities([Self.toSavings, Self.fromChecking], file: "both.csv")
        _ = try ledger.importActivities([other], file: "other.csv", options: ImportOptions(matchTransfers: false))
        #expect(throws: LedgerError.self) { try ledger.acceptTransfer(Self.toSavings.id, other.id) }
        #expect(throws: LedgerError.self) { try ledger.acceptTransfer(Self.fromChecking.id, other.id) }  // both money in
        #expect(throws: LedgerError.self) { try ledger.rejectTransfer(Self.toSavings.id, other.id) }  // no such pair
        #expect(throws: LedgerError.notFound(ActivityID(value: 77))) { try ledger.acceptTransfer(Self.toSavings.id, ActivityID(value: 77)) }
    }

    @Test func aRuleTypeIsRestoredOnReject() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        let rent = activity(6, "Transfer rent", cents: -95000, on: "2024-05-01", account: "Giro", type: .expense)
        let back = activity(7, "Transfer", cents: 95000, on: "2024-05-01", account: "Savings")
        let result = try ledger.importActivities([rent, back], file: "both.csv", typeSetByRule: { $0.id.value == 6 })
        #expect(result.transferPairs == 0 && result.transferSuggestions == 1)
        try ledger.acceptTransfer(rent.id, back.id)
        #expect(try ledger.list().map(\.type) == [.transfer, .transfer])
        try ledger.rejectTransfer(rent.id, back.id)
        #expect(try ledger.list().map(\.type) == [.income, .expense])
    }

    /// For `pfin undo`: an import's pairing is taken back, the older side's type included.
    @Test func undoingAnImportsPairsRestoresTheOlderSide() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([Self.toSavings, Self.restaurant], file: "checking.csv")
        _ = try ledger.importActivities([Self.fromChecking, Self.returned], file: "savings.csv")
        #expect(try ledger.transferPairs().count == 2)
        try ledger.undoTransferPairs(ofImport: 2)
        #expect(try ledger.transferPairs().isEmpty)
        #expect(try ledger.list(LedgerFilter(type: .transfer)).isEmpty)
    }
}
