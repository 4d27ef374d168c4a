import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Norma 43 (Cuaderno 43) read field by field: accounts and their CCC, signs and cents, names and
/// memos from the complementary records, statements and their balances, encodings.
@Suite struct Norma43ReaderTests {
    typealias N43 = Norma43Text

    static func fixture(_ name: String) throws -> StatementCollector {
        var collector = StatementCollector()
        let path = Repository.fixtures.appendingPathComponent("quirks/norma43").appendingPathComponent(name).path
        try Norma43StatementReader().read(ByteInput(path: path), options: ReadOptions(), into: &collector)
        return collector
    }

    @Test(
        "the CCC's control digits, as annex 2 computes them",
        arguments: [
            ("0012", "0345", "0000067890", "0012 0345 03 0000067890"),
            ("2100", "0418", "0200051332", "2100 0418 45 0200051332"),
            ("0049", "1500", "2712345678", "0049 1500 06 2712345678"),
        ])
    func ccc(_ bank: String, _ branch: String, _ number: String, _ expected: String) {
        #expect(Norma43AccountState.ccc(bank: bank, branch: branch, number: number) == expected)
    }

    @Test("a plain file: dates, signs, cents, names, the record lines, one statement with both balances")
    func plain() throws {
        let result = try Self.fixture("plain.n43")
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.rows.prefix(3) == [
                "2024-05-02|RECIBO ENDESA ENERGIA SAU|-65.40|EUR|2100 0418 45 0200051332",
                "2024-05-03|TRANSF. DE DISTRIBUCIONES ARAGON SA|2500.00|EUR|2100 0418 45 0200051332",
                "2024-05-07|COMPRA TARJ. 5402XXXXXXXX7731 MERCADONA|-42.15|EUR|2100 0418 45 0200051332",
            ])
        #expect(result.activities.map(\.source.line) == [2, 4, 7, 9, 11, 13])
        #expect(result.activities.map(\.memo) == [nil, "FACTURA 2024-0412", nil, nil, nil, nil])
        #expect(result.activities.map(\.type) == [.expense, .income, .expense, .expense, .expense, .income])
        #expect(result.activities.allSatisfy { $0.fitid == nil })
        let info = try #require(result.statements.first)
        #expect(result.statements.count == 1)
        #expect(info.account == Account(id: "2100 0418 45 0200051332", kind: .checking, institution: "2100"))
        #expect(info.currency == CurrencyCode("EUR"))
        #expect(
            info.openingBalance
                == Balance(
                    amount: Money(units: 184_512, scale: 2, currency: CurrencyCode("EUR")),
                    date: LocalDate(year: 2024, month: 5, day: 1)!))
        #expect(
            info.ledgerBalance
                == Balance(
                    amount: Money(units: 333_142, scale: 2, currency: CurrencyCode("EUR")),
                    date: LocalDate(year: 2024, month: 5, day: 31)!))
        #expect(info.start == LocalDate(year: 2024, month: 5, day: 1) && info.end == LocalDate(year: 2024, month: 5, day: 31))
        #expect(info.source.line == 1)
    }

    @Test("complementary concepts: the first field names, the rest is the memo; a field full to column 38 runs on; 24 in the memo")
    func concepts() throws {
        let result = try Self.fixture("complementary-concepts.n43")
        #expect(
            result.activities.map(\.name) == [
                "COMPRA TARJ. 5402XXXXXXXX7731 AMAZON EUROPE SARL LUXEMBOURG",
                "TRANSF. DE MUEBLES BONET SL",
                "REINTEGRO CAJERO", "PAGO EN DIVISA HOTEL LISBOA",
            ])
        #expect(
            result.activities.map(\.memo) == [
                "PEDIDO 171-5531920-4477313",
                "ORD: 2085 0103 91 0300456789 CONCEPTO: FACTURA 88/2024 JUNIO REF. CLIENTE 000451",
                nil, "original amount 280.90 USD",
            ])
    }

    @Test("two accounts: each its own account id, currency and statement")
    func twoAccounts() throws {
        let result = try Self.fixture("two-accounts.n43")
        #expect(result.diagnostics.isEmpty)
        #expect(result.statements.map(\.account.id) == ["0049 1500 06 2712345678", "0049 1500 03 2798765432"])
        #expect(result.statements.map(\.currency) == [CurrencyCode("EUR"), CurrencyCode("USD")])
        #expect(
            result.activities.map(\.currency) == [
                CurrencyCode("EUR"), CurrencyCode("EUR"), CurrencyCode("EUR"),
                CurrencyCode("USD"), CurrencyCode("USD"),
            ])
    }

    @Test(
        "Windows-1252 and UTF-8 text: accents decoded, columns counted in characters",
        arguments: [
            ("windows-1252.n43", ["NÓMINA SEPTIEMBRE CONSULTORÍA ÁVILA", "COMPRA TARJ. CAFETERÍA LA ESPAÑOLA", "BIZUM A IÑAKI MUÑOZ"]),
            ("utf8-resaved.n43", ["COMPRA TARJ. PANADERÍA MUÑOZ", "BIZUM DE LUCÍA NÚÑEZ"]),
        ])
    func encodings(_ file: String, _ names: [String]) throws {
        let result = try Self.fixture(file)
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.name) == names)
    }

    @Test("a holder's name with multi-byte UTF-8 letters does not shift the 22 record's columns, nor a Windows-1252 one")
    func columnsAreCharacters() throws {
        let full = String(repeating: "A", count: 36) + "ÑÉ"
        let records = [
            N43.header(name: "ÑÑÑÑ ÁÉÍÓÚ ÜÑ"), N43.movement(-1234), N43.concept(1, "AÑO NUEVO", "CAFÉ"),
            N43.movement(-1), N43.concept(1, full, "S"), N43.end(movements: [-1234, -1]),
        ]
        let text = N43.file(records)
        let utf8 = try readNorma43(text)
        let latin = try readNorma43(Array(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }))
        for result in [utf8, latin] {
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
            #expect(
                result.rows == [
                    "2024-05-02|AÑO NUEVO|-12.34|EUR|2100 0418 45 0200051332",
                    "2024-05-02|\(full)S|-0.01|EUR|2100 0418 45 0200051332",
                ])
            #expect(result.activities.map(\.memo) == ["CAFÉ", nil])
        }
    }

    @Test("--account names every activity and the statement; --currency fills in an unknown currency code")
    func options() throws {
        let text = N43.file([N43.header(currency: "999"), N43.movement(500), N43.end(movements: [500], currency: "999")])
        let result = try readNorma43(text, options: ReadOptions(account: "Caixa", currency: CurrencyCode("EUR")))
        #expect(result.rows == ["2024-05-02||5.00|EUR|Caixa"])
        #expect(result.statements.map(\.account.id) == ["Caixa"])
        #expect(
            result.diagnostics.map(\.description) == [
                "t.n43:1:48: warning: currency code 999 in columns 48–50 of the account header is not an ISO 4217 numeric code pfin knows\n"
                    + "t.n43:1:48: note: its amounts were read in EUR as --currency says"
            ])
    }

    @Test("no 23 record: reference 2's text names the movement; a numeric reference does not")
    func nameFromReference() throws {
        let text = N43.file([
            N43.header(), N43.movement(-300, reference2: "REINTEGRO CAJERO"), N43.movement(-200, reference2: "0000004711"),
            N43.end(movements: [-300, -200]),
        ])
        let result = try readNorma43(text)
        #expect(result.activities.map(\.name) == ["REINTEGRO CAJERO", ""])
        #expect(result.diagnostics.isEmpty)
    }

    @Test("two identical movements stay two activities with distinct ids")
    func duplicates() throws {
        let twice = [N43.movement(-990), N43.concept(1, "MOVIMIENTO 1")]
        let result = try readNorma43(N43.file([N43.header()] + twice + twice + [N43.end(movements: [-990, -990])]))
        #expect(
            result.rows == [
                "2024-05-02|MOVIMIENTO 1|-9.90|EUR|2100 0418 45 0200051332",
                "2024-05-02|MOVIMIENTO 1|-9.90|EUR|2100 0418 45 0200051332",
            ])
        #expect(Set(result.activities.map(\.id)).count == 2)
    }

    @Test("a debit initial balance (sign 1) is negative, and so is the check against it")
    func overdrawn() throws {
        let result = try readNorma43(N43.file(N43.account(initial: -5_000, [12_000])))
        #expect(result.diagnostics.isEmpty)
        #expect(result.statements.first?.openingBalance?.amount == Money(units: -5_000, scale: 2, currency: CurrencyCode("EUR")))
        #expect(result.statements.first?.ledgerBalance?.amount == Money(units: 7_000, scale: 2, currency: CurrencyCode("EUR")))
    }

    @Test("chunk boundaries anywhere give the same activities")
    func chunks() throws {
        let text = Array(N43.file(N43.account([-100, 200, -300, 400])).utf8)
        var whole = StatementCollector(), small = StatementCollector()
        try Norma43StatementReader().read(ByteInput(bytes: text, displayName: "t.n43"), options: ReadOptions(), into: &whole)
        try Norma43StatementReader(maximumLineBytes: 4096, chunkSize: 7).read(
            ByteInput(bytes: text, displayName: "t.n43"),
            options: ReadOptions(), into: &small)
        #expect(whole.rows == small.rows && whole.rows.count == 4)
        #expect(small.diagnostics.isEmpty)
    }
}
