import FinanceCore
import Foundation
import LedgerStore
import Testing

/// Transfer pairing over the repository's samples, imported as a new user would.
@Suite struct SampleTransferTests {
    /// Issue 14: importing every sample paired a €19.99 returned direct debit on a German account
    /// with a €19.99 restaurant card payment on a French account, only because the amounts were equal.
    @Test func theReturnedDebitAndTheRestaurantPaymentStaySpendingAndIncome() throws {
        let fixture = try LedgerFixture()
        let result = try fixture.pfin(["import"] + Repository.samples.map(Repository.sample))
        #expect(result.status == 0, "\(result.stderr)")
        let ledger = try Ledger(path: fixture.path)
        let restaurant = try #require(ledger.list(LedgerFilter(search: "Le Petit Gar")).first)
        let returned = try #require(ledger.list(LedgerFilter(search: "Streamingdienst")).first { !$0.amount.isNegative })
        #expect(restaurant.type == .expense)
        #expect(returned.type == .income)
    }
}

extension SampleTransferTests {
    /// The coincidence is kept as a suggestion for the user to decide, with the amount as its only evidence.
    @Test func theCoincidenceIsOnlyASuggestion() throws {
        let fixture = try LedgerFixture()
        _ = try fixture.pfin(["import"] + Repository.samples.map(Repository.sample))
        let pairs = try Ledger(path: fixture.path).transferPairs()
        let coincidence = try #require(pairs.first { $0.out.activity.name == "Le Petit Garçon" })
        #expect(coincidence.status == .suggested && coincidence.confidence == .low)
        #expect(coincidence.in.activity.name.hasPrefix("Streamingdienst"))
        // The samples' real transfers (OFX XFER with account digits, QIF [Account] categories) do pair.
        #expect(
            pairs.filter { $0.status == .matched }.map(\.out.activity.name).sorted()
                == ["Signature Payment", "Transfer To Savings"])
    }
}
