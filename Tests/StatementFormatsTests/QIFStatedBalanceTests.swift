import FinanceCore
import StatementFormats
import Testing

/// The statement balance of an `!Account` block (`$` the amount, `/` its date, as KMyMoney writes
/// it) reaches the sinks after the account's transactions, so that reconciliation checks them.
@Suite struct QIFStatedBalanceTests {
    /// Keeps activities, diagnostics and statements in the order they come.
    struct Events: ActivitySink {
        var log: [String] = []
        var statements: [StatementInfo] = []
        var diagnostics: [Diagnostic] = []
        mutating func accept(_ activity: PaymentActivity) throws { log.append("activity \(activity.amount.decimalString)") }
        mutating func report(_ diagnostic: Diagnostic) throws { diagnostics.append(diagnostic) }
        mutating func statement(_ info: StatementInfo) throws {
            statements.append(info)
            log.append("statement \(info.account.id) \(info.ledgerBalance?.amount.decimalString ?? "-")")
        }
    }

    static func read(_ lines: [String]) throws -> Events {
        var events = Events()
        try QIFStatementReader().read(
            ByteInput(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), displayName: "in.qif"), options: ReadOptions(), into: &events)
        return events
    }

    static let kmymoney = [
        "!Type:Bank", "!Account", "NHaushaltskasse", "DHaushaltskasse", "TBank", "$2480.15", "/30/06/2024", "^",
        "!Type:Bank", "D28/06/2024", "T-64.85", "PWochenmarkt", "^", "D29/06/2024", "T45.00", "PAnna", "^",
    ]

    @Test func theBlocksBalanceComesAfterTheTransactions() throws {
        let events = try Self.read(Self.kmymoney)
        #expect(events.log == ["statement Haushaltskasse -", "activity -64.85", "activity 45.00", "statement Haushaltskasse 2480.15"])
        #expect(events.statements.last?.ledgerBalance?.date == LocalDate(year: 2024, month: 6, day: 30))
        #expect(events.diagnostics.isEmpty, "\(events.diagnostics.map(\.message))")
    }

    @Test func reconciliationChecksTheTransactionsAgainstIt() throws {
        var collector = BalanceCollector()
        try QIFStatementReader().read(
            ByteInput(bytes: Array((Self.kmymoney.joined(separator: "\n") + "\n").utf8), displayName: "in.qif"), options: ReadOptions(), into: &collector)
        #expect(collector.segments.count == 1)
        #expect(collector.segments.first?.rows.count == 2)
        #expect(collector.segments.first?.statement?.ledgerBalance?.amount.decimalString == "2480.15")
    }

    @Test(arguments: [
        (["$2480.15"], "the account's statement balance '2480.15' with no date ('/' line) cannot be read"),
        (["$2480.15", "/31/31/2024"], "the account's statement balance '2480.15' on '31/31/2024' cannot be read"),
        (["$zwei", "/30/06/2024"], "the account's statement balance 'zwei' on '30/06/2024' cannot be read"),
    ])
    func anUnreadableBalanceIsAWarningAndNoBalance(lines: [String], message: String) throws {
        let events = try Self.read(["!Account", "NKasse", "TBank"] + lines + ["^", "!Type:Bank", "D28/06/2024", "T-1.00", "^"])
        #expect(events.statements.allSatisfy { $0.ledgerBalance == nil })
        #expect(events.diagnostics.map(\.code) == ["qif.bad-balance"])
        #expect(events.diagnostics.first?.message.hasPrefix(message) == true, "\(events.diagnostics.map(\.message))")
        #expect(events.diagnostics.first?.severity == .warning)
    }
}
