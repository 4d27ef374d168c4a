import FinanceCore
import TestSupport
import Testing

@testable import LedgerStore

/// The ledger keeps a payment's original amount, currency and rate, through both insert paths,
/// hand entry, and a ledger made before it had the columns.
@Suite struct LedgerOriginalAmountTests {
    static let usd = CurrencyCode("USD")!

    static func foreign(_ id: UInt64, _ original: OriginalAmount) -> PaymentActivity {
        var a = activity(id, "NETFLIX.COM", cents: -1107)
        a.original = original
        return a
    }

    static let originals = [
        OriginalAmount(currency: usd, amount: Money(units: -1200, scale: 2), rate: ExchangeRate(Money(units: 9225, scale: 4))),
        OriginalAmount(currency: usd, rate: ExchangeRate(Money(units: 92_250_922_51, scale: 10))),
        OriginalAmount(currency: CurrencyCode("JPY")!, amount: Money(units: -1850, scale: 0)),
    ]

    @Test func importedRowsKeepIt() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        let rows = Self.originals.enumerated().map { Self.foreign(UInt64($0.offset + 1), $0.element) } + [activity(9)]
        _ = try ledger.importActivities(rows, file: "card.jsonl")
        let back = try ledger.list().sorted { $0.id.value < $1.id.value }
        #expect(back.map(\.original) == Self.originals + [nil])
        #expect(try ledger.entry(ActivityID(value: 1))?.entry.activity.original == Self.originals[0])
    }

    @Test func bulkLoadedRowsKeepIt() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        let count = ImportSession.bulkThreshold + 300
        var rows: [PaymentActivity] = []
        for i in 1...count {
            let id = UInt64(i)
            rows.append(i % 97 == 0 ? Self.foreign(id, Self.originals[i % 3]) : activity(id, "Row \(i)", cents: -Int64(i)))
        }
        _ = try ledger.importActivities(rows, file: "big.jsonl")
        let back = Dictionary(uniqueKeysWithValues: try ledger.list().map { ($0.id.value, $0.original) })
        #expect(back.count == count)
        for i in [97, 194, 291, count - count % 97] { #expect(back[UInt64(i)] == Self.originals[i % 3], "row \(i)") }
        #expect(back.values.filter { $0 != nil }.count == count / 97)
    }

    @Test func enteredByHandKeepsIt() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let ledger = try makeLedger(in: directory)
        let id = try ledger.add(Self.foreign(1, Self.originals[0]))
        #expect(try ledger.entry(id)?.entry.activity.original == Self.originals[0])
    }

    @Test func aLedgerFromBeforeReadsOnAndGainsTheColumns() throws {
        let directory = try TemporaryDirectory("ledger-tests")
        let reopened = try Ledger(path: try ledgerBeforeMigration(containing: "ADD COLUMN original ", in: directory))
        #expect(try reopened.storedSchemaVersion() == LedgerSchema.migrations.count)
        #expect(try reopened.list().map(\.name) == ["Old row"])
        #expect(try reopened.list().map(\.original) == [nil])
        _ = try reopened.importActivities([Self.foreign(2, Self.originals[0])], file: "new.jsonl")
        #expect(try reopened.entry(ActivityID(value: 2))?.entry.activity.original == Self.originals[0])
    }
}
