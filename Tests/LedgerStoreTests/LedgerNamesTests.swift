import FinanceCore
import Foundation
import TestSupport
import Testing

@testable import LedgerStore

/// Accounts and categories are stored once, by id: they must read back exactly, survive rollbacks
/// of the writes that added them, and show as text in the `activities` view.
@Suite struct LedgerNamesTests {
    @Test func namesReadBackExactlyAndAreStoredOnce() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities(
            [
                activity(1, account: "Giro", category: "Food:Coffee"), activity(2, account: "Giro", category: "food:coffee"),
                activity(3, account: "Card", category: nil), activity(4, account: nil, category: "Food:Coffee"),
            ], file: "a.csv")
        let byID = Dictionary(uniqueKeysWithValues: try ledger.list().map { ($0.id.value, $0) })
        #expect(byID[1]?.account == "Giro" && byID[1]?.category == "Food:Coffee")
        #expect(byID[2]?.category == "food:coffee")  // case kept: two categories
        #expect(byID[3]?.account == "Card" && byID[3]?.category == nil)
        #expect(byID[4]?.account == nil && byID[4]?.category == "Food:Coffee")
        #expect(try ledger.connection.integer("SELECT count(*) FROM accounts") == 2)
        #expect(try ledger.connection.integer("SELECT count(*) FROM categories") == 2)
        // The category prefix ignores ASCII case and finds both spellings.
        #expect(try ledger.list(LedgerFilter(categoryPrefix: "FOOD")).count == 3)
        #expect(try ledger.list(LedgerFilter(account: "Card")).map(\.id.value) == [3])
        #expect(try ledger.list(LedgerFilter(account: "Nowhere")).isEmpty)
    }

    @Test func aRolledBackImportTakesItsNewNamesAlong() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        let session = try ledger.beginImport(file: "bad.csv")
        try session.add(activity(1, account: "Savings", category: "Travel"))
        session.rollback()
        #expect(try ledger.connection.integer("SELECT count(*) FROM categories") == 0)
        _ = try ledger.importActivities([activity(2, account: "Savings", category: "Travel")], file: "good.csv")
        let row = try #require(try ledger.list().first)
        #expect(row.account == "Savings" && row.category == "Travel")
    }

    @Test func editsSetAndClearNames() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities([activity(1, category: "Food")], file: "a.csv")
        try ledger.update(ActivityID(value: 1), ActivityChanges(category: "Home:Rent", account: "Joint"))
        var row = try #require(try ledger.list().first)
        #expect(row.category == "Home:Rent" && row.account == "Joint")
        try ledger.update(ActivityID(value: 1), ActivityChanges(category: .some(nil)))
        row = try #require(try ledger.list().first)
        #expect(row.category == nil && row.account == "Joint")
    }

    @Test func sourceFilesAreKeptWithTheImportUnlessTheyDiffer() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        var other = activity(2)
        other.source = SourceLocation(file: "inner.csv", line: 7)
        _ = try ledger.importActivities([activity(1), other], file: "test.csv")
        #expect(try ledger.connection.integer("SELECT count(*) FROM transactions WHERE source_file IS NULL") == 1)
        let rows = Dictionary(uniqueKeysWithValues: try ledger.list().map { ($0.id.value, $0.source) })
        #expect(rows[1] == SourceLocation(file: "test.csv", line: 1))
        #expect(rows[2] == SourceLocation(file: "inner.csv", line: 7))
    }

    @Test func theActivitiesViewShowsExactText() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities(
            [
                activity(0xab, cents: -5, on: "2024-02-29", category: "Fees"),
                PaymentActivity(
                    id: ActivityID(value: 0xcd), account: "Giro", date: date("1999-12-31"), name: "Salary",
                    amount: Money(units: 385_000, scale: 0, currency: CurrencyCode("JPY")), type: .income,
                    source: SourceLocation(file: "test.csv", line: 2),
                    original: OriginalAmount(currency: CurrencyCode("USD")!, rate: ExchangeRate(Money(units: 150, scale: 0)))),
                activity(0xef, cents: 123_456_789, on: "2024-05-03"),
                PaymentActivity(
                    id: ActivityID(value: 0xf0), account: "Giro", date: date("2024-05-04"), name: "Coffee",
                    amount: Money(units: -1107, scale: 2, currency: CurrencyCode("EUR")), source: SourceLocation(file: "test.csv", line: 4),
                    original: OriginalAmount(
                        currency: CurrencyCode("USD")!, amount: Money(units: -1200, scale: 2),
                        rate: ExchangeRate(Money(units: 9225, scale: 4)))),
            ], file: "test.csv")
        let view = try ledger.connection.prepare(
            """
            SELECT id, account, date, amount, currency, type, category, source_file,
                   original_amount, original_currency, exchange_rate FROM activities ORDER BY id
            """)
        var rows: [[String]] = []
        while try view.step() { rows.append((0..<11).map { view.isNull($0) ? "NULL" : view.string($0) }) }
        #expect(
            rows == [
                ["00000000000000ab", "Giro", "2024-02-29", "-0.05", "EUR", "expense", "Fees", "test.csv", "NULL", "NULL", "NULL"],
                ["00000000000000cd", "Giro", "1999-12-31", "385000", "JPY", "income", "NULL", "test.csv", "NULL", "USD", "150.00"],
                ["00000000000000ef", "Giro", "2024-05-03", "1234567.89", "EUR", "income", "NULL", "test.csv", "NULL", "NULL", "NULL"],
                ["00000000000000f0", "Giro", "2024-05-04", "-11.07", "EUR", "expense", "NULL", "test.csv", "-12.00", "USD", "0.9225"],
            ])
    }
}

@Suite struct IDSetTests {
    @Test func findsDuplicatesAcrossGrowth() {
        var set = IDSet(minimumCapacity: 4)
        var reference = Set<UInt64>()
        var generator = SeededRandom(seed: 42)
        for _ in 0..<50_000 {
            // Small values too, so that neighbouring slots collide.
            let id = generator.next() % 3 == 0 ? generator.next() % 1000 : generator.next()
            let added = set.insert(id)
            #expect(added == reference.insert(id).inserted)
        }
        #expect(set.count + (reference.contains(0) ? 1 : 0) == reference.count)
    }

    @Test func zeroIsAnIdLikeAnyOther() {
        var set = IDSet()
        let first = set.insert(0), again = set.insert(0), one = set.insert(1)
        #expect(first && !again && one)
    }
}
