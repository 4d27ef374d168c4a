import FinanceCore
import TestSupport
import Testing

@testable import LedgerStore

@Suite struct LedgerQueryTests {
    /// Eight transactions over three months, two accounts, two currencies.
    static func ledger(in directory: TemporaryDirectory) throws -> Ledger {
        let ledger = try makeLedger(in: directory)
        _ = try ledger.importActivities(
            [
                activity(1, "Whole Foods", cents: -5420, on: "2024-03-02", category: "Food:Groceries", memo: "POS 0302"),
                activity(2, "Espresso Bar", cents: -350, on: "2024-03-15", category: "Food:Coffee"),
                activity(3, "ACME Payroll", cents: 385_000, on: "2024-03-28", category: "Income:Salary"),
                activity(4, "Foodstuffs Ltd", cents: -1999, on: "2024-04-01", category: "foodstuffs"),
                activity(5, "Shell", cents: -6000, on: "2024-04-10", category: "Transport:Fuel"),
                activity(6, "Hotel 50%", cents: -20000, on: "2024-04-20", account: "Card", currency: "USD", category: "Leisure:Travel"),
                activity(7, "To savings", cents: -50000, on: "2024-05-01", type: .transfer),
                activity(8, "Refund", cents: 1000, on: "2024-05-02", account: "Card", currency: "USD"),
            ], file: "history.csv", options: ImportOptions(matchTransfers: false))
        return ledger
    }

    @Test(arguments: [
        ("everything, newest first", LedgerFilter(), [8, 7, 6, 5, 4, 3, 2, 1]),
        ("type", LedgerFilter(type: .income), [8, 3]),
        ("date range, both ends included", LedgerFilter(from: date("2024-03-15"), to: date("2024-04-10")), [5, 4, 3, 2]),
        ("category prefix ignores case and includes subcategories", LedgerFilter(categoryPrefix: "FOOD"), [4, 2, 1]),
        ("hierarchical prefix", LedgerFilter(categoryPrefix: "Food:"), [2, 1]),
        ("account", LedgerFilter(account: "Card"), [8, 6]),
        ("account ignores case as the category does", LedgerFilter(account: "cARD"), [8, 6]),
        ("uncategorised", LedgerFilter(uncategorised: true), [8, 7]),
        ("uncategorised in one account", LedgerFilter(account: "giro", uncategorised: true), [7]),
        ("search name, memo, address case-insensitively", LedgerFilter(search: "pos 03"), [1]),
        ("search treats % literally", LedgerFilter(search: "50%"), [6]),
        ("search _ literally", LedgerFilter(search: "_"), []),
        ("min amount on magnitude", LedgerFilter(minAmount: Money(units: 200, scale: 0)), [7, 6, 3]),
        ("max amount on magnitude", LedgerFilter(maxAmount: Money(units: 10, scale: 0)), [8, 2]),
        ("limit keeps the newest", LedgerFilter(limit: 2), [8, 7]),
        ("limit with an amount filter", LedgerFilter(minAmount: Money(units: 50, scale: 0), limit: 2), [7, 6]),
        ("all together", LedgerFilter(type: .expense, from: date("2024-03-01"), to: date("2024-03-31"), categoryPrefix: "food", account: "Giro"), [2, 1]),
    ])
    func filters(_ name: String, filter: LedgerFilter, expected: [UInt64]) throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try Self.ledger(in: directory)
        #expect(try ledger.list(filter).map(\.id.value) == expected, "\(name)")
        var unlimited = filter
        unlimited.limit = nil
        #expect(try ledger.count(filter) == ledger.list(unlimited).count, "count, whatever the limit: \(name)")
    }

    @Test func deletedRowsAppearNowhere() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try Self.ledger(in: directory)
        try ledger.delete([ActivityID(value: 3), ActivityID(value: 8)])
        #expect(try ledger.list().map(\.id.value) == [7, 6, 5, 4, 2, 1])
        var seen: [UInt64] = []
        try ledger.forEachActivity { seen.append($0.id.value) }
        #expect(seen.sorted() == [1, 2, 4, 5, 6, 7])
        let summary = try ledger.summary(from: nil, to: nil)
        #expect(summary.totals.allSatisfy { $0.incomeCount == 0 })
    }

    @Test func summaryTotalsPerCurrency() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try Self.ledger(in: directory)
        let summary = try ledger.summary(from: date("2024-03-01"), to: date("2024-05-31"), recent: 3)
        let eur = CurrencyCode("EUR"), usd = CurrencyCode("USD")
        #expect(summary.totals.map(\.currency) == [eur, usd])
        let e = summary.totals[0]
        #expect(e.income == Money(units: 385_000, scale: 2, currency: eur))
        #expect(e.expense == Money(units: 5420 + 350 + 1999 + 6000, scale: 2, currency: eur))
        #expect(e.net == Money(units: 385_000 - 13_769, scale: 2, currency: eur))
        #expect(e.transferCount == 1 && e.incomeCount == 1 && e.expenseCount == 4)
        let u = summary.totals[1]
        #expect(u.income == Money(units: 1000, scale: 2, currency: usd) && u.expense == Money(units: 20000, scale: 2, currency: usd))
        #expect(u.net == Money(units: -19000, scale: 2, currency: usd))
        #expect(summary.recent.map(\.id.value) == [8, 7, 6])
        let march = try ledger.summary(from: date("2024-03-01"), to: date("2024-03-31"))
        #expect(march.totals.count == 1 && march.recent.count == 3)
    }

    @Test func amountsAtDifferentScalesAddUp() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        var a = activity(1, cents: -100)
        a.amount = Money(units: -1005, scale: 3, currency: CurrencyCode("EUR"))
        _ = try ledger.importActivities([a, activity(2, cents: -100)], file: "a.csv")
        let totals = try ledger.summary(from: nil, to: nil).totals
        #expect(totals.first?.expense == Money(units: 2005, scale: 3, currency: CurrencyCode("EUR")))
    }

    /// Amounts of 18 digits beside cents: SQLite's sum() would raise on Int64 overflow and the old
    /// summary threw. Now the totals are exact where they fit, and flagged where they do not.
    @Test func hugeAmountsAreSummedExactlyOrFlagged() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        var big = activity(1, cents: 0)
        big.amount = Money(units: 200_000_414_112_345_678, scale: 0, currency: CurrencyCode("EUR"))
        _ = try ledger.importActivities([big, activity(2, cents: 320)], file: "a.csv")
        let clamped = try #require(ledger.summary(from: nil, to: nil).totals.first)
        #expect(clamped.isSaturated)
        #expect(clamped.incomeCount == 2)

        let fits = try makeLedger(in: directory)
        var a = activity(1, cents: 0), b = activity(2, cents: 0)
        a.amount = Money(units: 4_000_000_000_000_000_000, scale: 2, currency: CurrencyCode("EUR"))
        b.amount = Money(units: 4_000_000_000_000_000_001, scale: 2, currency: CurrencyCode("EUR"))
        _ = try fits.importActivities([a, b], file: "b.csv")
        let exact = try #require(fits.summary(from: nil, to: nil).totals.first)
        #expect(!exact.isSaturated)
        #expect(exact.income == Money(units: 8_000_000_000_000_000_001, scale: 2, currency: CurrencyCode("EUR")))
        #expect(exact.net == exact.income)
    }
}
