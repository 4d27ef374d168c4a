import FinanceCore
import Foundation
import LedgerStore
import Testing

/// `pfin reconcile --db` end to end: `pfin import` keeps the balances statements state, and the
/// ledger's transactions add up to them until one is deleted or edited.
@Suite struct LedgerReconcileCommandTests {
    static let mt940 = Repository.sample("de-mt940-commerzbank.sta")
    static let mt940Account = "30040000/0612345600"

    /// A ledger with `files` imported (which must succeed).
    static func ledger(_ files: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LedgerFixture {
        let fixture = try LedgerFixture()
        let result = try fixture.pfin(["import"] + files)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return fixture
    }

    static func reconcile(_ fixture: LedgerFixture, _ extra: [String] = []) throws -> PfinProcess.Result {
        try fixture.pfin(["reconcile"] + extra)
    }

    static func balances(_ fixture: LedgerFixture) throws -> [StatedBalance] {
        try Ledger(path: fixture.path).statedBalances()
    }

    /// The one (live) transaction whose name contains `search`.
    static func entry(_ search: String, in fixture: LedgerFixture) throws -> PaymentActivity {
        let found = try Ledger(path: fixture.path).list(LedgerFilter(search: search))
        #expect(found.count == 1)
        return try #require(found.first)
    }

    @Test func everySampleImportedIntoOneLedgerReconciles() throws {
        let fixture = try Self.ledger(Repository.samples.map(Repository.sample))
        let result = try Self.reconcile(fixture)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("MISMATCH"))
        let json = try Self.reconcile(fixture, ["--format", "json"])
        let accounts = try #require(JSONSerialization.jsonObject(with: json.stdoutBytes) as? [[String: Any]])
        let outcomes = Dictionary(
            accounts.map {
                (($0["account"] as? String) ?? ($0["file"] as? String ?? "?")) + " " + (($0["currency"] as? String) ?? "")
                    + " " + (($0["outcome"] as? String) ?? "")
            }.map { ($0, 1) }, uniquingKeysWith: +)
        // Every sample whose file reconciliation checks something is checked in the ledger too.
        for expected in [
            "30040000/0612345600 EUR reconciled", "DE44500105175407324931 EUR reconciled", "2100 3957 28 0200123456 EUR reconciled",
            "Samples/us-checking-chase.csv  reconciled", "Samples/paypal-activity.csv USD reconciled", "FlexAccount ****04567 GBP reconciled",
            "62012345678 ZAR reconciled", "50100123456789 INR reconciled", "Samples/es-bbva.csv EUR reconciled",
            "7730012345 USD nothingToCheck", "CH5604835012345678009 CHF reconciled", "Samples/wise-gbp-statement.csv GBP reconciled",
            "XXXX XXXX XXXX 4821 GBP reconciled",
            // The card's two statements, one after the other: the second starts at the first's closing balance.
            "4111111111111111 USD reconciled",
        ] {
            #expect(outcomes[expected] == 1, "\(expected) in \(outcomes.keys.sorted())")
        }
        #expect(accounts.allSatisfy { $0["outcome"] as? String != "mismatch" })
    }

    @Test func aLedgerWithoutStatedBalancesSaysSo() throws {
        let fixture = try Self.ledger([Repository.sample("nl-ing.csv")])
        let result = try Self.reconcile(fixture)
        #expect(result.status == 0)
        #expect(result.stdout.contains("no stated balances in the ledger; nothing to reconcile"))
        #expect(try Self.reconcile(fixture, ["--format", "json"]).stdout == "[]\n")
    }

    @Test func aDeletedTransactionIsNamedAsTheCause() throws {
        let fixture = try Self.ledger([Self.mt940])
        let club = try Self.entry("TV Lindenau", in: fixture)
        #expect(try fixture.pfin(["delete", club.id.description]).status == 0)
        let result = try Self.reconcile(fixture)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                """
                  Samples/de-mt940-commerzbank.sta:50: error: the closing balance on 2024-01-03 (30040000/0612345600) is 3514.63; \
                the ledger's transactions add up to 3533.13 (off by -18.50 since 2023-12-29)
                """), "\(result.stdout)")
        let prefix = String(club.id.description.prefix(8))
        #expect(result.stdout.contains("transaction \(prefix) (2024-01-03 TV Lindenau e.V. -18.50) was deleted in the ledger"))
        // Restored, it adds up again.
        #expect(try fixture.pfin(["restore", prefix]).status == 0)
        #expect(try Self.reconcile(fixture).status == 0)
    }

    @Test func aDeletedRowOfARunningBalanceIsFoundOnItsDay() throws {
        // us-checking-chase.csv states a balance on every row and names no account.
        let fixture = try Self.ledger([Repository.sample("us-checking-chase.csv"), Self.mt940])
        let safeway = try Self.entry("SAFEWAY", in: fixture)
        #expect(try fixture.pfin(["delete", safeway.id.description]).status == 0)
        let json = try Self.reconcile(fixture, ["--format", "json"])
        #expect(json.status == 1)
        let accounts = try #require(JSONSerialization.jsonObject(with: json.stdoutBytes) as? [[String: Any]])
        let chase = try #require(accounts.first { $0["file"] as? String == "Samples/us-checking-chase.csv" })
        #expect(chase["outcome"] as? String == "mismatch")
        #expect(chase["mismatchCount"] as? Int == 1)
        let first = try #require((chase["mismatches"] as? [[String: Any]])?.first)
        #expect(first["date"] as? String == safeway.date.description)
        #expect(first["difference"] as? String == safeway.amount.decimalString)
        let cause = try #require((first["causes"] as? [[String: Any]])?.first)
        #expect(cause["kind"] as? String == "deleted")
        #expect(cause["id"] as? String == String(safeway.id.description.prefix(8)))
        // The other account is not affected.
        #expect(accounts.first { $0["account"] as? String == Self.mt940Account }?["outcome"] as? String == "reconciled")
    }

    @Test func anEditedAmountIsNamed() throws {
        let fixture = try Self.ledger([Self.mt940])
        let club = try Self.entry("TV Lindenau", in: fixture)
        #expect(try fixture.pfin(["edit", club.id.description, "--amount", "81.50"]).status == 0)
        let result = try Self.reconcile(fixture, ["--account", Self.mt940Account])
        #expect(result.status == 1)
        #expect(result.stdout.contains("was edited: if the edit changed its amount, -18.50 would add up"), "\(result.stdout)")
    }

    @Test func reimportingAddsNoBalancesAndStillReconciles() throws {
        let files = [Self.mt940, Repository.sample("us-checking-chase.csv"), Repository.sample("multi-account-ofx2.ofx")]
        let fixture = try Self.ledger(files)
        let before = try Self.balances(fixture)
        #expect(before.count > 0)
        for _ in 0..<2 { #expect(try fixture.pfin(["import"] + files).status == 0) }
        #expect(try Self.balances(fixture) == before)
        #expect(try Self.reconcile(fixture).status == 0)
    }

    @Test func undoRemovesTheBatchsBalancesAndADryRunStoresNone() throws {
        let fixture = try Self.ledger([Self.mt940])
        let kept = try Self.balances(fixture)
        #expect(kept.map(\.kind) == [.opening, .closing, .opening, .closing])
        #expect(try fixture.pfin(["import", Repository.sample("uk-nationwide.csv"), "--dry-run"]).status == 0)
        #expect(try Self.balances(fixture) == kept)
        #expect(try fixture.pfin(["import", Repository.sample("uk-nationwide.csv")]).status == 0)
        #expect(try Self.balances(fixture).count == kept.count + 25)  // a balance per row, and the closing one
        #expect(try fixture.pfin(["undo"]).status == 0)
        #expect(try Self.balances(fixture) == kept)
        #expect(try Self.reconcile(fixture).status == 0)
    }

    @Test func filesAndDbTogetherAreAUsageError() throws {
        let fixture = try LedgerFixture()
        let result = try fixture.pfin(["reconcile", Self.mt940])
        #expect(result.status == 2)
        #expect(result.stderr.contains("reconcile takes FILE… or --db PATH, not both"))
    }
}
