import FinanceCore
import Foundation
import LedgerStore
import Testing

/// `pfin import` pairing transfers across files and formats, and `pfin transfers` end to end.
@Suite struct TransfersCommandTests {
    static func fixture(_ name: String) -> String { Repository.fixture("transfers/\(name)") }

    /// A checking CSV, a card OFX and a savings CSV, imported one by one as they would be downloaded.
    static func threeAccounts() throws -> (LedgerFixture, [PfinProcess.Result]) {
        let fixture = try LedgerFixture()
        let results = try [
            fixture.pfin(["import", Self.fixture("checking.csv"), "--account", "Checking"]),
            fixture.pfin(["import", Self.fixture("card.ofx")]),
            fixture.pfin(["import", Self.fixture("savings.csv"), "--account", "Savings-5678"]),
        ]
        return (fixture, results)
    }

    static func id(_ search: String, in fixture: LedgerFixture) throws -> String {
        let found = try Ledger(path: fixture.path).list(LedgerFilter(search: search))
        try #require(found.count == 1, "\(search)")
        return String(found[0].id.description.prefix(8))
    }

    static func type(_ search: String, in fixture: LedgerFixture) throws -> PaymentType? {
        try Ledger(path: fixture.path).list(LedgerFilter(search: search)).first?.type
    }

    /// `status out-name in-name` for each pair of `pfin transfers --format json`.
    static func listed(_ fixture: LedgerFixture) throws -> [String] {
        let result = try fixture.pfin(["transfers", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any]
        let pairs = try #require(document?["pairs"] as? [[String: Any]])
        return pairs.map { pair in
            let out = pair["out"] as? [String: Any], into = pair["in"] as? [String: Any]
            return "\(pair["status"] ?? "") \(out?["name"] ?? "") | \(into?["name"] ?? "")"
        }
    }

    @Test func cardAndSavingsPaymentsPairAcrossFormatsAndAWeekendCoincidencesAreOnlySuggested() throws {
        let (fixture, results) = try Self.threeAccounts()
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        #expect(results[1].stdout.hasSuffix("matched 1 transfer pair, 1 transfer suggestion (see 'pfin transfers')\n"))
        #expect(results[2].stdout.hasSuffix("matched 1 transfer pair, 2 transfer suggestions (see 'pfin transfers')\n"))
        #expect(
            try Self.listed(fixture) == [
                "matched Payment To Card | Autopay Payment Thank You",  // Friday to Tuesday, CSV and OFX
                "matched Transfer to Savings | Deposit",
                "suggested Landlord Property Mgmt Rent | Rent From Tenant A",  // two equal rents: ambiguous
                "suggested Landlord Property Mgmt Rent | Rent From Tenant B",
                "suggested Pizza Palace | Returned Item Gym Membership",  // the amount alone
            ])
        for (name, type) in [
            ("PAYMENT TO CARD", PaymentType.transfer), ("AUTOPAY", .transfer), ("Savings 5678", .transfer),
            ("DEPOSIT", .transfer), ("LANDLORD", .expense), ("TENANT A", .income), ("PIZZA", .expense),
            ("RETURNED ITEM", .income),
        ] {
            #expect(try Self.type(name, in: fixture) == type, "\(name)")
        }
        let text = try fixture.pfin(["transfers"])
        #expect(text.stdout.hasPrefix("2 transfer pairs, 3 suggestions\n\nmatched (high confidence)\n"))
        #expect(
            text.stdout.contains(
                "  evidence: the money-in is typed transfer; the money-out names the other account (\"…1234\"); the money-out says \"payment to card\"; the money-in says \"autopay\"; same amount, 4 days apart\n"
            ))
    }

    @Test func acceptAndRejectEndToEnd() throws {
        let (fixture, _) = try Self.threeAccounts()
        let pizza = try Self.id("PIZZA", in: fixture), gym = try Self.id("RETURNED ITEM", in: fixture)
        // Either order, prefixes as listed.
        let accepted = try fixture.pfin(["transfers", "--accept", gym, pizza])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.hasPrefix("accepted the pair (both are transfers):\n  \(pizza)  09 May 2024"))
        #expect(try Self.type("PIZZA", in: fixture) == .transfer)
        #expect(try Self.type("RETURNED ITEM", in: fixture) == .transfer)
        #expect(try Self.listed(fixture).contains("accepted Pizza Palace | Returned Item Gym Membership"))

        let savings = try Self.id("Savings 5678", in: fixture), deposit = try Self.id("DEPOSIT", in: fixture)
        let rejected = try fixture.pfin(["transfers", "--reject", savings, deposit])
        #expect(rejected.status == 0, "\(rejected.stderr)")
        #expect(try Self.type("Savings 5678", in: fixture) == .expense)
        #expect(try Self.type("DEPOSIT", in: fixture) == .income)
        #expect(try !Self.listed(fixture).contains { $0.contains("Deposit") })
        // Dismissing a suggestion: it leaves the list, the types stay.
        let rent = try Self.id("LANDLORD", in: fixture), tenant = try Self.id("TENANT B", in: fixture)
        #expect(try fixture.pfin(["transfers", "--reject", rent, tenant]).status == 0)
        #expect(try Self.listed(fixture).filter { $0.contains("Tenant") } == ["suggested Landlord Property Mgmt Rent | Rent From Tenant A"])

        // Importing everything again into the same ledger brings nothing back.
        for file in ["checking.csv", "savings.csv"] {
            _ = try fixture.pfin(["import", Self.fixture(file), "--account", file == "checking.csv" ? "Checking" : "Savings-5678"])
        }
        #expect(try Self.type("DEPOSIT", in: fixture) == .income)
        #expect(
            try Self.listed(fixture) == [
                "matched Payment To Card | Autopay Payment Thank You", "accepted Pizza Palace | Returned Item Gym Membership",
                "suggested Landlord Property Mgmt Rent | Rent From Tenant A",
            ])
    }

    @Test(
        arguments: [
            (["transfers", "--accept", "7e07"], 2, "--accept needs the ids of two transactions (--accept ID ID); found 1"),
            (["transfers", "--accept", "--reject", "a", "b"], 2, "give --accept or --reject, not both"),
            (["transfers", "--format", "xml"], 2, "unknown value 'xml' for --format; expected text or json"),
            (["transfers", "7e07", "1903"], 2, "'pfin transfers' lists pairs; found '7e07'"),
            (["transfers", "--accept", "ffffffff", "eeeeeeee"], 1, "no transaction has an id starting with 'ffffffff'"),
            (["transfers", "--accept", "zz", "eeeeeeee"], 1, "'zz' is not a transaction id"),
        ] as [([String], Int32, String)])
    func usageAndUnknownIDs(_ arguments: [String], status: Int32, message: String) throws {
        let (fixture, _) = try Self.threeAccounts()
        let result = try fixture.pfin(arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains("pfin: error: " + message), "\(result.stderr)")
    }

    @Test func twoMoneyOutsOrTwoSidesOfOneAccountAreNoPair() throws {
        let (fixture, _) = try Self.threeAccounts()
        let pizza = try Self.id("PIZZA", in: fixture), rent = try Self.id("LANDLORD", in: fixture)
        let outs = try fixture.pfin(["transfers", "--accept", pizza, rent])
        #expect(outs.status == 1)
        #expect(outs.stderr.contains("are not a money-out and a money-in; a transfer pair needs one of each"))
        let grocery = try Self.id("GROCERY", in: fixture), gym = try Self.id("RETURNED ITEM", in: fixture)
        let same = try fixture.pfin(["transfers", "--accept", grocery, gym])
        #expect(same.status == 1)
        #expect(same.stderr.contains("are on the same account"))
        let taken = try fixture.pfin(["transfers", "--accept", try Self.id("PAYMENT TO CARD", in: fixture), try Self.id("TENANT A", in: fixture)])
        #expect(taken.status == 1)
        #expect(taken.stderr.contains("is already paired with"))
    }

    @Test func anEmptyLedgerHasNoPairs() throws {
        let fixture = try LedgerFixture()
        try fixture.store([])
        let result = try fixture.pfin(["transfers"])
        #expect(result.status == 0 && result.stdout == "no transfer pairs or suggestions\n")
        #expect(try fixture.pfin(["transfers", "--format", "json"]).stdout == "{\"pairs\":[]}\n")
    }
}
