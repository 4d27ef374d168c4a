import Foundation
import Testing

/// `pfin show`, `edit` and `delete` end to end: the life of one payment, id prefixes, and the
/// messages for ids that name nothing or too much.
struct EntryCommandTests {
    /// The edit timestamp changes every run; goldens hold a placeholder.
    static func stable(_ text: String) -> String {
        text.replacingOccurrences(of: #"yes, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC"#, with: "yes, <time> UTC", options: .regularExpression)
    }

    @Test func addShowEditShowDeleteShow() throws {
        let fixture = try LedgerFixture()
        let added = try fixture.pfin([
            "add", "--name", "Corner Bakery", "--amount", "4.50", "--date", "2024-05-03",
            "--address", "12 Main St", "--memo", "flat white", "--category", "Food:Coffee",
            "--account", "Checking", "--currency", "USD",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let id = added.stdout.trimmingCharacters(in: .newlines)
        let show = try fixture.pfin(["show", id])
        #expect(show.status == 0)
        Golden.check(show.stdout.replacingOccurrences(of: id, with: "<id>"), "ledger/show/added.stdout")

        let edit = try fixture.pfin([
            "edit", String(id.prefix(8)), "--name", "Corner Bakery & Co", "--amount", "1,234.50",
            "--type", "income", "--memo", "", "--category", "",
        ])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(edit.stdout == "changed \(id)  2024-05-03  Corner Bakery & Co  +$1,234.50\n")
        let edited = try fixture.pfin(["show", id])
        Golden.check(Self.stable(edited.stdout.replacingOccurrences(of: id, with: "<id>")), "ledger/show/edited.stdout")

        let delete = try fixture.pfin(["delete", String(id.prefix(5))])
        #expect(delete.status == 0)
        #expect(delete.stdout == "deleted \(id)  2024-05-03  Corner Bakery & Co  +$1,234.50\n")
        let gone = try fixture.pfin(["show", id])
        #expect(gone.status == 1)
        #expect(gone.stdout.isEmpty)
        #expect(gone.stderr.contains("no transaction has the id '\(id)'"))
        #expect(try fixture.pfin(["list"]).stderr == "pfin: no transactions match\n")
    }

    @Test func importedTransactionsShowTheirSource() throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(["show", "3f2a"])
        #expect(result.status == 0)
        Golden.check(result.stdout, "ledger/show/imported.stdout")
    }

    @Test func editChangesOnlyWhatIsGiven() throws {
        let fixture = try LedgerFixture.standard()
        #expect(try fixture.pfin(["edit", "3f2b", "--category", "Food:Organic"]).status == 0)
        let show = try fixture.pfin(["show", "3f2b"]).stdout
        #expect(show.contains("name      Whole Foods Market\n"))
        #expect(show.contains("amount    -$54.20\n"))
        #expect(show.contains("category  Food:Organic\n"))
        #expect(show.contains("edited    yes, "))
        // A new type alone flips the sign of the amount kept.
        #expect(try fixture.pfin(["edit", "3f2b", "--type", "income"]).status == 0)
        #expect(try fixture.pfin(["show", "3f2b"]).stdout.contains("amount    +$54.20\n"))
    }

    @Test func editChecksLikeAddAndReportsEverythingAtOnce() throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(["edit", "3f2a", "--name", " ", "--amount", "0", "--date", "2024-04-31", "--type", "incme"])
        #expect(result.status == 1)
        Golden.check(result.stderr, "ledger/edit/everything-at-once.stderr")
        #expect(try fixture.pfin(["show", "3f2a"]).stdout.contains("edited    no\n"))
    }

    @Test func editOfAnUnknownIdReportsTheFieldsToo() throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(["edit", "ffff", "--amount", "-3"])
        #expect(result.status == 1)
        Golden.check(result.stderr, "ledger/edit/unknown-id-and-amount.stderr")
    }

    @Test func editWithNothingToChangeIsAUsageError() throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(["edit", "3f2a"])
        #expect(result.status == 2)
        Golden.check(result.stderr, "ledger/edit/nothing-to-change.stderr")
    }

    @Test(
        "id lookups that fail",
        arguments: [
            ("ambiguous", ["show", "3f"]),
            ("unknown", ["show", "0123"]),
            ("not-hex", ["show", "xyz"]),
            ("too-long", ["show", "3f2a9c0d000000011"]),
            ("delete-one-unknown", ["delete", "3f2a", "0123"]),
        ])
    func failedLookups(_ name: String, _ arguments: [String]) throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(arguments)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        Golden.check(result.stderr, "ledger/lookup/\(name).stderr")
        // A delete with one bad id deletes none.
        #expect(try fixture.pfin(["show", "3f2a"]).status == 0)
    }

    @Test func aUniquePrefixOfAnyLengthIsEnough() throws {
        let fixture = try LedgerFixture.standard()
        for prefix in ["7", "7b1e", "7B1E04AA", "7b1e04aa00000003"] {
            let result = try fixture.pfin(["show", prefix])
            #expect(result.status == 0, "\(prefix): \(result.stderr)")
            #expect(result.stdout.contains("name      ACME Corp Payroll\n"))
        }
    }

    @Test func deleteSeveralPrintsEach() throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(["delete", "9c00", "9c01", "9c00000000000004"])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.check(result.stdout, "ledger/delete/two.stdout")
        #expect(try fixture.pfin(["list", "--type", "transfer"]).stdout.isEmpty)
    }

    @Test func aMissingLedgerIsReportedNotCreated() throws {
        let fixture = try LedgerFixture()
        for command in [["show", "3f"], ["list"], ["summary"], ["delete", "3f"], ["edit", "3f", "--name", "X"]] {
            let result = try fixture.pfin(command)
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("pfin: error: there is no ledger at '\(fixture.path)'\npfin: note: "))
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.path))
    }
}
