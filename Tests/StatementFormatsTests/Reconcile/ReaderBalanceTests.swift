import FinanceCore
import Foundation
import StatementFormats
import Testing

/// Reads a sample with the reader its content calls for into a `BalanceCollector`.
func collectBalances(_ path: String) throws -> BalanceCollector {
    let input = try ByteInput(path: path)
    var collector = BalanceCollector()
    let format = try #require(try StatementIdentification.identify(input).format)
    try StatementReaders.reader(for: format)!.read(input, options: ReadOptions(), into: &collector)
    return collector
}

private func money(_ text: String, _ currency: String?) -> Money {
    let negative = text.hasPrefix("-")
    let digits = text.drop { $0 == "-" }
    let parts = digits.split(separator: ".")
    let scale = parts.count > 1 ? parts[1].count : 0
    let units = Int64(parts.joined())! * (negative ? -1 : 1)
    return Money(units: units, scale: UInt8(scale), currency: currency.flatMap { CurrencyCode($0) })
}

/// Every balance a reader passes, with its date and sign, per format.
struct ReaderBalanceTests {
    struct Case: Sendable, CustomStringConvertible {
        var sample: String
        var statement: Int
        var opening: (String, String)?
        var closing: (String, String)?
        var available: (String, String)?
        var currency: String?
        var description: String { "\(sample) #\(statement)" }
    }

    static let cases: [Case] = [
        Case(
            sample: "us-checking-ofx102.ofx", statement: 0, opening: nil, closing: ("3246.83", "2024-01-31"),
            available: ("3246.83", "2024-02-01"), currency: "USD"),
        Case(
            sample: "us-creditcard.qfx", statement: 0, opening: nil, closing: ("-1812.44", "2024-05-03"),
            available: ("6187.56", "2024-05-03"), currency: "USD"),
        Case(
            sample: "de-sparkasse-camt053.xml", statement: 0, opening: ("2841.17", "2024-04-30"), closing: ("3288.70", "2024-05-31"),
            available: nil, currency: "EUR"),
        Case(
            sample: "de-mt940-commerzbank.sta", statement: 0, opening: ("1843.27", "2023-12-22"), closing: ("3987.62", "2023-12-29"),
            available: nil, currency: "EUR"),
        Case(
            sample: "de-mt940-commerzbank.sta", statement: 1, opening: ("3987.62", "2023-12-29"), closing: ("3514.63", "2024-01-03"),
            available: nil, currency: "EUR"),
        Case(
            sample: "es-norma43.n43", statement: 0, opening: ("2341.57", "2024-05-01"), closing: ("2819.15", "2024-05-31"),
            available: nil, currency: "EUR"),
        Case(
            sample: "uk-santander.txt", statement: 0, opening: ("1284.17", "2024-04-30"), closing: ("2220.72", "2024-05-31"),
            available: nil, currency: "GBP"),
        Case(sample: "de-dkb-giro.csv", statement: 0, opening: nil, closing: ("3456.78", "2024-05-31"), available: nil, currency: "EUR"),
        Case(sample: "fr-credit-agricole.csv", statement: 0, opening: nil, closing: ("1234.56", "2024-05-31"), available: nil, currency: "EUR"),
        Case(
            sample: "in-hdfc-footer.csv", statement: 0, opening: ("184320.55", "2024-04-01"), closing: ("300636.40", "2024-05-31"),
            available: nil, currency: "INR"),
        Case(sample: "za-fnb-drcr.csv", statement: 0, opening: nil, closing: ("8674.38", "2024-06-05"), available: nil, currency: "ZAR"),
    ]

    @Test("statement balances", arguments: cases)
    func balances(_ c: Case) throws {
        let collector = try collectBalances(Repository.sample(c.sample))
        let info = try #require(collector.closed.count > c.statement ? collector.closed[c.statement].statement : nil)
        func check(_ balance: Balance?, _ expected: (String, String)?, _ what: String) {
            guard let expected else { return #expect(balance == nil, "\(what)") }
            #expect(balance?.amount == money(expected.0, c.currency), "\(what)")
            #expect(balance?.date.description == expected.1, "\(what) date")
        }
        check(info.openingBalance, c.opening, "opening")
        check(info.ledgerBalance, c.closing, "closing")
        check(info.availableBalance, c.available, "available")
    }

    @Test func mt940DebitBalanceIsNegativeAndAvailableIsRead() throws {
        let text =
            ":20:STMT\r\n:25:10020030/1234567\r\n:28C:1/1\r\n:60F:D240501EUR100,00\r\n:61:2405020502C30,00NTRFNONREF\r\n:86:Test\r\n:62F:D240502EUR70,00\r\n:64:C240502EUR930,00\r\n-\r\n"
        var collector = BalanceCollector()
        try MT940StatementReader().read(ByteInput(bytes: Array(text.utf8), displayName: "t.sta"), options: ReadOptions(), into: &collector)
        let info = try #require(collector.closed.first?.statement)
        #expect(info.openingBalance?.amount == money("-100.00", "EUR"))
        #expect(info.ledgerBalance?.amount == money("-70.00", "EUR"))
        #expect(info.availableBalance?.amount == money("930.00", "EUR"))
    }

    @Test func csvRowsStateTheirBalances() throws {
        let collector = try collectBalances(Repository.sample("us-checking-chase.csv"))
        let rows = try #require(collector.segments.first?.rows)
        #expect(rows.count == 23)
        #expect(rows.allSatisfy { $0.balance != nil })
        #expect(rows.first?.balance == money("2388.65", nil))
        #expect(rows.first?.source.line == 2)
    }

    @Test func sinksThatDoNotAskGetNoRowBalances() throws {
        struct Counting: ActivitySink {
            var rowBalances = 0
            mutating func accept(_ activity: PaymentActivity) throws {}
            mutating func report(_ diagnostic: Diagnostic) throws {}
            mutating func rowBalance(_ balance: RowBalance) throws { rowBalances += 1 }
        }
        var sink = Counting()
        try CSVStatementReader().read(ByteInput(path: Repository.sample("us-checking-chase.csv")), options: ReadOptions(), into: &sink)
        #expect(sink.rowBalances == 0)
    }
}
