import FinanceCore
import StatementFormats
import Testing

/// The reconciler on hand-made segments: results are values.
struct ReconcilerTests {
    static let eur = CurrencyCode("EUR")

    static func row(_ day: Int, _ cents: Int64, _ name: String, line: Int, balance: Int64? = nil) -> BalanceCollector.Row {
        BalanceCollector.Row(
            date: LocalDate(year: 2024, month: 5, day: day)!, amount: Money(units: cents, scale: 2, currency: eur),
            name: name, source: SourceLocation(file: "t.csv", line: line),
            balance: balance.map { Money(units: $0, scale: 2, currency: eur) })
    }

    static func segment(_ rows: [BalanceCollector.Row], opening: Int64? = nil, closing: Int64? = nil) -> BalanceCollector.Segment {
        let day = LocalDate(year: 2024, month: 5, day: 31)!
        let info = StatementInfo(
            account: Account(id: "A"), currency: eur,
            openingBalance: opening.map { Balance(amount: Money(units: $0, scale: 2, currency: eur), date: day) },
            ledgerBalance: closing.map { Balance(amount: Money(units: $0, scale: 2, currency: eur), date: day) },
            source: SourceLocation(file: "t.csv", line: 1))
        return BalanceCollector.Segment(account: "A", currency: eur, rows: rows, statement: opening == nil && closing == nil ? nil : info)
    }

    @Test func openingPlusTransactionsIsClosing() {
        let r = Reconciler.reconcile(
            Self.segment(
                [Self.row(2, -1000, "Rent", line: 2), Self.row(3, 500, "Pay", line: 3)],
                opening: 10000, closing: 9500))
        #expect(r.outcome == .reconciled)
        #expect(r.total == Money(units: -500, scale: 2, currency: Self.eur))
    }

    @Test func closingOnlyImpliesTheOpening() {
        let r = Reconciler.reconcile(Self.segment([Self.row(2, -1000, "Rent", line: 2)], closing: 9000))
        #expect(r.outcome == .closingOnly)
        #expect(r.impliedOpening == Money(units: 10000, scale: 2, currency: Self.eur))
    }

    @Test func openingOnlyIsNotCalledClosingOnly() {
        let r = Reconciler.reconcile(Self.segment([Self.row(2, -1000, "Rent", line: 2)], opening: 9000))
        #expect(r.outcome == .openingOnly)
        #expect(r.closing == nil && r.impliedOpening == nil)
        #expect(r.mismatches.isEmpty)
    }

    /// A cent past the largest balance `Money` holds: opening + the cent is not the closing that
    /// ignores it, with row balances or without (the sum used to stop at the limit and match).
    @Test func aBalanceAtTheLimitIsWalkedExactly() {
        let withoutRows = Reconciler.reconcile(Self.segment([Self.row(2, 1, "Interest", line: 2)], opening: .max, closing: .max))
        #expect(withoutRows.outcome == .mismatch)
        #expect(withoutRows.mismatches.first?.kind == .closing)
        let withRows = Reconciler.reconcile(
            Self.segment(
                [Self.row(2, 1, "Interest", line: 2, balance: .max), Self.row(3, -1, "Fee", line: 3, balance: .max - 1)],
                opening: .max))
        #expect(withRows.outcome == .mismatch)
        #expect(withRows.mismatches.map(\.location.line) == [2])
        #expect(withRows.mismatches.first?.difference == Money(units: -1, scale: 2, currency: Self.eur))
        // Rows that add up to well past the limit and back.
        let there = Reconciler.reconcile(
            Self.segment(
                [Self.row(2, .max, "In", line: 2), Self.row(3, .max, "In", line: 3), Self.row(4, .min + 1, "Out", line: 4)], opening: 0, closing: .max))
        #expect(there.outcome == .reconciled)
    }

    @Test func noBalances() {
        #expect(Reconciler.reconcile(Self.segment([Self.row(2, -1000, "Rent", line: 2)])).outcome == .noBalances)
    }

    @Test func aDoubledRowIsNamedAsADuplicate() {
        let rows = [
            Self.row(2, -1000, "Rent", line: 2, balance: 9000), Self.row(2, -1000, "Rent", line: 3, balance: 9000),
            Self.row(4, 200, "Refund", line: 4, balance: 9200),
        ]
        let r = Reconciler.reconcile(Self.segment(rows))
        #expect(r.outcome == .mismatch)
        #expect(r.mismatchCount == 1)
        let m = try! #require(r.mismatches.first)
        #expect(m.location.line == 3)
        #expect(m.expected == Money(units: 8000, scale: 2, currency: Self.eur))
        #expect(m.found == Money(units: 9000, scale: 2, currency: Self.eur))
        #expect(
            m.causes.first
                == .duplicate(
                    SourceLocation(file: "t.csv", line: 3), of: SourceLocation(file: "t.csv", line: 2),
                    amount: Money(units: -1000, scale: 2, currency: Self.eur)))
    }

    @Test func aMissingRowIsNamedAtTheNextRowWithTheGap() {
        // A -300 row on the 5th is gone: the row of the 9th is where the balance goes wrong.
        let rows = [Self.row(2, -1000, "Rent", line: 2, balance: 9000), Self.row(9, -100, "Cafe", line: 3, balance: 8600)]
        let r = Reconciler.reconcile(Self.segment(rows))
        let m = try! #require(r.mismatches.first)
        #expect(m.location.line == 3)
        #expect(m.difference == Money(units: -300, scale: 2, currency: Self.eur))
        #expect(
            m.causes.first
                == .missing(
                    amount: Money(units: -300, scale: 2, currency: Self.eur),
                    after: LocalDate(year: 2024, month: 5, day: 2), before: LocalDate(year: 2024, month: 5, day: 9)!,
                    days: 7))
    }

    @Test func aShiftedAmountIsNamedAtItsRow() {
        // 12.50 typed as 125.00.
        let rows = [
            Self.row(2, -1000, "Rent", line: 2, balance: 9000), Self.row(3, -12500, "Cafe", line: 3, balance: 7750),
            Self.row(4, 100, "Refund", line: 4, balance: 7850),
        ]
        let r = Reconciler.reconcile(Self.segment(rows))
        #expect(r.mismatchCount == 1)
        let m = try! #require(r.mismatches.first)
        #expect(m.location.line == 3)
        #expect(
            m.causes.first
                == .amount(
                    SourceLocation(file: "t.csv", line: 3), found: Money(units: -12500, scale: 2, currency: Self.eur),
                    expected: Money(units: -1250, scale: 2, currency: Self.eur)))
    }

    @Test func newestFirstFilesAreWalkedFromTheBottom() {
        let rows = [Self.row(4, 200, "Refund", line: 2, balance: 9200), Self.row(2, -1000, "Rent", line: 3, balance: 9000)]
        #expect(Reconciler.reconcile(Self.segment(rows)).outcome == .reconciled)
    }

    @Test func aClosingMismatchNamesADuplicatePair() {
        let rows = [Self.row(2, -1000, "Rent", line: 2), Self.row(2, -1000, "Rent", line: 3)]
        let r = Reconciler.reconcile(Self.segment(rows, opening: 10000, closing: 9000))
        let m = try! #require(r.mismatches.first)
        #expect(m.kind == .closing)
        #expect(
            m.causes.contains(
                .duplicate(
                    SourceLocation(file: "t.csv", line: 3), of: SourceLocation(file: "t.csv", line: 2),
                    amount: Money(units: -1000, scale: 2, currency: Self.eur))))
    }
}
