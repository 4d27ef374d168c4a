import Foundation
import TestSupport
import Testing

/// `pfin add`: the new id on standard output, the defaults, and every validation message.
struct AddCommandTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var testDescription: String { name }
    }

    /// One case per check (and per reason the amount is rejected), plus all of them at once.
    static let invalid: [Case] = [
        Case(name: "name-missing", arguments: ["--amount", "4.50"]),
        Case(name: "name-blank", arguments: ["--name", "   ", "--amount", "4.50"]),
        Case(name: "amount-missing", arguments: ["--name", "Corner Bakery"]),
        Case(name: "amount-negative", arguments: ["--name", "Corner Bakery", "--amount", "-5"]),
        Case(name: "amount-plus-sign", arguments: ["--name", "Corner Bakery", "--amount", "+5"]),
        Case(name: "amount-zero", arguments: ["--name", "Corner Bakery", "--amount", "0"]),
        Case(name: "amount-zero-cents", arguments: ["--name", "Corner Bakery", "--amount", "0.00"]),
        Case(name: "amount-letters", arguments: ["--name", "Corner Bakery", "--amount", "abc"]),
        Case(name: "amount-two-points", arguments: ["--name", "Corner Bakery", "--amount", "1.2.3"]),
        Case(name: "amount-decimal-comma", arguments: ["--name", "Corner Bakery", "--amount", "12,50"]),
        Case(name: "amount-bad-grouping", arguments: ["--name", "Corner Bakery", "--amount", "1,23,456"]),
        Case(name: "amount-empty", arguments: ["--name", "Corner Bakery", "--amount", ""]),
        Case(name: "amount-currency-symbol", arguments: ["--name", "Corner Bakery", "--amount", "$4.50"]),
        Case(name: "amount-too-many-digits", arguments: ["--name", "Corner Bakery", "--amount", "4.505", "--currency", "USD"]),
        Case(name: "amount-yen-has-no-cents", arguments: ["--name", "Ramen", "--amount", "980.5", "--currency", "JPY"]),
        Case(name: "amount-too-large", arguments: ["--name", "Yacht", "--amount", "12345678901234567890"]),
        Case(name: "type-misspelt", arguments: ["--name", "Corner Bakery", "--amount", "4.50", "--type", "expence"]),
        Case(name: "type-unknown", arguments: ["--name", "Corner Bakery", "--amount", "4.50", "--type", "gift"]),
        Case(name: "date-not-in-calendar", arguments: ["--name", "Corner Bakery", "--amount", "4.50", "--date", "2024-02-30"]),
        Case(name: "date-other-layout", arguments: ["--name", "Corner Bakery", "--amount", "4.50", "--date", "03/05/2024"]),
        Case(name: "date-month-13", arguments: ["--name", "Corner Bakery", "--amount", "4.50", "--date", "2024-13-01"]),
        Case(name: "memo-too-long", arguments: ["--name", "Corner Bakery", "--amount", "4.50", "--memo", String(repeating: "m", count: 300)]),
        Case(name: "currency-unknown", arguments: ["--name", "Corner Bakery", "--amount", "4.50", "--currency", "EURO"]),
        Case(
            name: "everything-at-once",
            arguments: [
                "--name", "", "--amount", "-5", "--type", "expnse", "--date", "2023-02-29",
                "--memo", String(repeating: "m", count: 301), "--currency", "€",
            ]),
    ]

    @Test(arguments: invalid)
    func invalidInputIsReportedAndNothingIsWritten(_ c: Case) throws {
        let fixture = try LedgerFixture()
        let result = try fixture.pfin(["add"] + c.arguments)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.path), "a rejected payment creates no ledger")
        Golden.check(result.stderr, "ledger/add/\(c.name).stderr")
    }

    @Test func rejectedPaymentLeavesAnExistingLedgerAsItWas() throws {
        let fixture = try LedgerFixture.standard()
        let result = try fixture.pfin(["add", "--name", "Corner Bakery", "--amount", "-4.50"])
        #expect(result.status == 1)
        #expect(try fixture.pfin(["list", "--format", "jsonl"]).stdout.split(separator: "\n").count == 9)
    }

    @Test func memoOfFewerThanThreeHundredCharactersIsFine() throws {
        let fixture = try LedgerFixture()
        let result = try fixture.pfin(["add", "--name", "Corner Bakery", "--amount", "4.50", "--memo", String(repeating: "m", count: 299)])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func printsTheNewIdAndStoresAnExpenseOfTodayByDefault() throws {
        let fixture = try LedgerFixture()
        let result = try fixture.pfin(["add", "--name", "Corner Bakery", "--amount", "1,234.50", "--currency", "USD"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let id = result.stdout.trimmingCharacters(in: .newlines)
        #expect(id.count == 16 && id.allSatisfy(\.isHexDigit) && id == id.lowercased())
        let show = try fixture.pfin(["show", id]).stdout
        let today = LedgerFixture.today
        #expect(show.contains("amount    -$1,234.50\n"))
        #expect(show.contains("type      expense\n"))
        #expect(show.contains("source    added by hand\n"))
        #expect(try fixture.pfin(["list", "--format", "csv"]).stdout.contains(",\(LedgerFixture.iso(today.year, today.month, today.day)),"))
    }

    @Test("the type decides the sign", arguments: [("income", "+$12.50"), ("expense", "-$12.50"), ("transfer", "-$12.50")])
    func typeDecidesTheSign(_ type: String, _ shown: String) throws {
        let fixture = try LedgerFixture()
        let id = try fixture.pfin(["add", "--name", "X", "--amount", "12.50", "--type", type, "--currency", "USD"]).stdout
        let show = try fixture.pfin(["show", id.trimmingCharacters(in: .newlines)]).stdout
        #expect(show.contains("amount    \(shown)\n"))
        #expect(show.contains("type      \(type)\n"))
    }

    @Test func currencyDefaultsToTheAccountsLatest() throws {
        let fixture = try LedgerFixture.standard()
        let card = try fixture.pfin(["add", "--name", "Boulangerie", "--amount", "2.10", "--account", "Card"]).stdout
        #expect(try fixture.pfin(["show", card.trimmingCharacters(in: .newlines)]).stdout.contains("amount    -€2.10\n"))
        let checking = try fixture.pfin(["add", "--name", "Deli", "--amount", "8", "--account", "Checking"]).stdout
        #expect(try fixture.pfin(["show", checking.trimmingCharacters(in: .newlines)]).stdout.contains("amount    -$8.00\n"))
    }

    @Test func theDefaultLedgerIsPfinDB() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("nested/dir/ledger.sqlite")
        let result = try PfinProcess.run(["add", "--name", "X", "--amount", "1"], environment: ["PFIN_DB": path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: path))
        let list = try PfinProcess.run(["list"], environment: ["PFIN_DB": path])
        #expect(list.stdout.contains(" X "))
    }

    @Test func positionalArgumentsAreAUsageError() throws {
        let fixture = try LedgerFixture()
        let result = try fixture.pfin(["add", "Corner", "Bakery", "--amount", "4.50"])
        #expect(result.status == 2)
        Golden.check(result.stderr, "ledger/add/positional.stderr")
    }
}
