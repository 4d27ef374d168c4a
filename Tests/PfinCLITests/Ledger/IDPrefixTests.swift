import FinanceCore
import Foundation
import LedgerStore
import Testing

/// `pfin list` shows id prefixes long enough to be unique in the ledger, so that every shown id
/// works with `show`, `edit` and `delete`; a prefix shared by several ids is an error naming them.
struct IDPrefixTests {
    /// Two ids sharing their first 14 hex digits, one sharing 9 with them, one apart, and a deleted
    /// one sharing 12 with a fifth.
    static let close: [PaymentActivity] = [
        LedgerFixture.activity(0x1234_5678_90ab_cd10, "2024-05-03", "Bakery", "-4.50", "USD", .expense, nil, "Checking", line: 2),
        LedgerFixture.activity(0x1234_5678_90ab_cd20, "2024-05-04", "Grocer", "-54.20", "USD", .expense, nil, "Checking", line: 3),
        LedgerFixture.activity(0x1234_5678_9fff_0003, "2024-05-05", "Florist", "-12.00", "USD", .expense, nil, "Checking", line: 4),
        LedgerFixture.activity(0xfedc_0000_0000_0004, "2024-05-06", "Payroll", "3200.00", "USD", .income, nil, "Checking", line: 5),
    ]

    static func shownIDs(_ output: String) -> [String] {
        output.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != " " }) }
    }

    @Test func theShownIdsAreLongEnoughAndEachWorksWithShowEditAndDelete() throws {
        let fixture = try LedgerFixture()
        try fixture.store(Self.close)
        let list = try fixture.pfin(["list"])
        #expect(list.status == 0, "\(list.stderr)")
        let ids = Self.shownIDs(list.stdout)
        #expect(ids == ["fedc00000000000", "123456789fff000", "1234567890abcd2", "1234567890abcd1"])
        #expect(ids.allSatisfy { $0.count == 15 }, "14 shared digits need 15: \(ids)")
        #expect(list.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(Set(ids).count == ids.count)
        for (id, name) in zip(ids, ["Payroll", "Florist", "Grocer", "Bakery"]) {
            let show = try fixture.pfin(["show", id])
            #expect(show.status == 0, "\(show.stderr)")
            #expect(show.stdout.contains(name))
            #expect(try fixture.pfin(["edit", id, "--category", "Checked:\(name)"]).status == 0)
            #expect(try fixture.pfin(["show", id]).stdout.contains("Checked:\(name)"))
        }
        let delete = try fixture.pfin(["delete", ids[3]])
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(try fixture.pfin(["show", ids[2]]).stdout.contains("Grocer"), "deleting one leaves its neighbour")
    }

    @Test func aSharedPrefixIsAnErrorNamingTheCandidates() throws {
        let fixture = try LedgerFixture()
        try fixture.store(Self.close)
        for command in [["show"], ["edit", "--category", "X"], ["delete"]] {
            let arguments = [command[0], "1234567890abcd"] + command.dropFirst()
            let result = try fixture.pfin(arguments)
            #expect(result.status != 0)
            #expect(result.stderr.contains("'1234567890abcd' is the start of several ids; give more of its digits"), "\(result.stderr)")
            #expect(result.stderr.contains("1234567890abcd10  2024-05-03  Bakery"))
            #expect(result.stderr.contains("1234567890abcd20  2024-05-04  Grocer"))
        }
    }

    @Test func eightDigitsWhenTheyAreEnough() throws {
        let fixture = try LedgerFixture.standard()
        let ids = Self.shownIDs(try fixture.pfin(["list"]).stdout)
        #expect(ids.allSatisfy { $0.count == 8 })
    }

    @Test("the store's prefix length: neighbours in the sorted ids, deleted ones counted, at least the minimum")
    func storeLengths() throws {
        let fixture = try LedgerFixture()
        try fixture.store(Self.close)
        let ledger = try Ledger(path: fixture.path)
        let id = { (value: UInt64) in ActivityID(value: value) }
        #expect(try ledger.uniquePrefixLength(of: [id(0xfedc_0000_0000_0004)]) == 8)
        #expect(try ledger.uniquePrefixLength(of: [id(0xfedc_0000_0000_0004)], minimum: 1) == 1)
        #expect(try ledger.uniquePrefixLength(of: [id(0x1234_5678_9fff_0003)], minimum: 1) == 10)
        #expect(try ledger.uniquePrefixLength(of: [id(0x1234_5678_90ab_cd10)], minimum: 1) == 15)
        #expect(try ledger.uniquePrefixLength(of: [], minimum: 7) == 7)
        // A deleted transaction still counts: its prefix must not come to name two later.
        _ = try fixture.pfin(["delete", "1234567890abcd20"])
        #expect(try ledger.uniquePrefixLength(of: [id(0x1234_5678_90ab_cd10)], minimum: 1) == 15)
    }
}
