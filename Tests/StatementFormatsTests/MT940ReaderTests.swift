import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Reads MT940 bytes from memory, statements included.
func readMT940(
    _ bytes: [UInt8], name: String = "t.sta", options: ReadOptions = ReadOptions(),
    reader: MT940StatementReader = MT940StatementReader()
) throws -> StatementCollector {
    var collector = StatementCollector()
    try reader.read(ByteInput(bytes: bytes, displayName: name), options: options, into: &collector)
    return collector
}

func readMT940(
    _ text: String, name: String = "t.sta", options: ReadOptions = ReadOptions(),
    reader: MT940StatementReader = MT940StatementReader()
) throws -> StatementCollector {
    try readMT940(Array(text.utf8), name: name, options: options, reader: reader)
}

/// A bare statement around `body` (its `:61:`/`:86:` lines), opening at 1000,00 EUR on 2024-03-13.
func mt940Statement(_ body: String, closing: String = "C240315EUR1000,00") -> String {
    ":20:REF\n:25:DE44500105175407324931\n:28C:1/1\n:60F:C240313EUR1000,00\n" + body + ":62F:\(closing)\n-\n"
}

@Suite struct MT940ReaderTests {
    static func fixture(_ name: String) -> String {
        Repository.fixtures.appendingPathComponent("mt940").appendingPathComponent(name).path
    }

    static func readFixture(_ name: String, options: ReadOptions = ReadOptions()) throws -> StatementCollector {
        var collector = StatementCollector()
        try MT940StatementReader().read(ByteInput(path: fixture(name)), options: options, into: &collector)
        return collector
    }

    @Test func swiftMessagesWithBlockHeaders() throws {
        let result = try Self.readFixture("swift-blocks.mt940")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(
            result.rows == [
                "2024-03-14|Lumen Stream Ltd monthly plan|-15.99|EUR|DE44500105175407324931",
                "2024-03-14|Lumen Stream Ltd monthly plan|-15.99|EUR|DE44500105175407324931",
                "2024-03-14|Salary March|1200.00|EUR|DE44500105175407324931",
                "2024-03-14|Reversed refund|-40.00|EUR|DE44500105175407324931",
                "2024-03-14||-12.00|EUR|DE44500105175407324931",
                "2024-03-15|Refund reversal undone|40.00|EUR|DE44500105175407324931",
                "2024-03-15|Transfer to savings|-3616.02|EUR|DE44500105175407324931",
            ])
        #expect(sums(result.activities) == ["EUR": "-2460.00"])
        #expect(result.activities.map(\.source.line) == [6, 10, 14, 16, 18, 27, 29])
        let first = try #require(result.activities.first)
        #expect(first.memo == "Invoice 2024-03 customer 7781")
        #expect(first.fitid == "BR240314-01")
        #expect(first.type == .expense)
        #expect(first.checkNumber == nil)
        let cheque = result.activities[4]
        #expect(cheque.checkNumber == "000731")
        #expect(cheque.fitid == "BR240314-05")
        #expect(cheque.memo == nil)
        #expect(result.activities[3].type == .expense, "RC: a reversed credit takes money out")
        #expect(result.activities[5].type == .income, "RD: a reversed debit puts it back")
    }

    @Test func statementsCarryBalancesAndPeriod() throws {
        let result = try Self.readFixture("swift-blocks.mt940")
        #expect(result.statements.count == 2)
        let second = try #require(result.statements.last)
        #expect(second.account == Account(id: "DE44500105175407324931", kind: .checking))
        #expect(second.currency == CurrencyCode("EUR"))
        #expect(
            second.ledgerBalance
                == Balance(
                    amount: Money(units: 4000, scale: 2, currency: CurrencyCode("EUR")),
                    date: LocalDate(year: 2024, month: 3, day: 15)!))
        #expect(second.start == LocalDate(year: 2024, month: 3, day: 14))
        #expect(second.end == LocalDate(year: 2024, month: 3, day: 15))
        #expect(second.source.line == 23)
    }

    @Test func germanStructuredNarrativeInLatin1() throws {
        let result = try Self.readFixture("german-latin1.sta")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(
            result.rows == [
                "2024-03-01|Stadtwerke Münchhausen Energie GmbH|-42.50|EUR|20041155/0123456789",
                "2024-03-01|Jürgen Haß|250.00|EUR|20041155/0123456789",
            ])
        let debit = result.activities[0]
        #expect(debit.memo == "Strom März Vertrag 123-4567", "SVWZ only; a 27-character subfield continues without a space")
        #expect(debit.fitid == "RG-4471", "EREF stands in for the missing bank reference")
        #expect(result.activities[1].memo == "Miete Garage")
        #expect(result.activities[1].fitid == nil)
        #expect(result.statements.first?.account.institution == "20041155")
    }

    @Test func crlfLfAndChunkBoundariesReadAlike() throws {
        let text = try String(contentsOfFile: Self.fixture("swift-blocks.mt940"), encoding: .utf8)
        let lf = try readMT940(text)
        let crlf = try readMT940(text.replacingOccurrences(of: "\n", with: "\r\n"))
        let tiny = try readMT940(text, reader: MT940StatementReader(maximumLineBytes: 1 << 16, chunkSize: 7))
        #expect(lf.activities.count == 7)
        #expect(crlf.activities == lf.activities)
        #expect(tiny.activities == lf.activities)
        #expect(crlf.diagnostics.isEmpty && tiny.diagnostics.isEmpty)
    }

    @Test func identicalLinesOnOneDayStayTwoWithStableIDs() throws {
        let line = ":61:2403140314D3,50NMSCNONREF\n:86:Coffee Corner\n"
        let text = mt940Statement(line + line, closing: "C240314EUR993,00")
        let once = try readMT940(text)
        let twice = try readMT940(text)
        #expect(once.diagnostics.isEmpty, "\(once.diagnostics)")
        #expect(once.activities.count == 2)
        #expect(once.activities[0].id != once.activities[1].id)
        #expect(once.activities.map(\.id) == twice.activities.map(\.id))
        #expect(once.activities[0].fitid == nil)
    }

    @Test func accountOptionOverridesTheFile() throws {
        let text = mt940Statement(":61:240314C5,00NTRFNONREF\n:86:Gift\n", closing: "C240314EUR1005,00")
        let result = try readMT940(text, options: ReadOptions(account: "Giro"))
        #expect(result.activities.map(\.account) == ["Giro"])
        #expect(result.statements.map(\.account.id) == ["Giro"])
    }

    struct YearCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let line: String
        let date: String
    }

    static let yearCases: [YearCase] = [
        .init(testDescription: "entry in December, value in January: the year before", line: "2401021229D1,00NTRFX", date: "2023-12-29"),
        .init(testDescription: "entry in January, value in December: the year after", line: "2312290102D1,00NTRFX", date: "2024-01-02"),
        .init(testDescription: "entry and value in one month", line: "2403150316D1,00NTRFX", date: "2024-03-16"),
        .init(testDescription: "no entry date: the value date", line: "231231D1,00NTRFX", date: "2023-12-31"),
        .init(testDescription: "leap day", line: "2402290229D1,00NTRFX", date: "2024-02-29"),
        .init(
            testDescription: "return booked in January of a debit valued in November: the year after", line: "2311300105RD1,00NRTIX",
            date: "2024-01-05"),
        .init(testDescription: "entry in October, value in January: the year before", line: "2401151030D1,00NTRFX", date: "2023-10-30"),
        .init(testDescription: "entry two months after the value date in one year", line: "2403150515D1,00NTRFX", date: "2024-05-15"),
    ]

    @Test(arguments: yearCases)
    func bookingDateAndYearAcrossTheYearEnd(_ c: YearCase) throws {
        let result = try readMT940(":20:R\n:25:A\n:60F:C231201EUR0,00\n:61:\(c.line)\n-\n")
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.activities.map { $0.date.description } == [c.date])
    }

    struct LineCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let line: String
        /// amount|fitid|name
        let expected: String
    }

    static let lineCases: [LineCase] = [
        .init(testDescription: "funds code letter after the mark", line: "240314CR12,5NTRFNONREF//B1", expected: "12.50|B1|"),
        .init(testDescription: "amount without decimals", line: "240314D100,NTRFNONREF", expected: "-100.00||"),
        .init(testDescription: "customer reference when the bank has none", line: "240314D1,00NTRFINV-77", expected: "-1.00|INV-77|"),
        .init(testDescription: "supplementary details as the name", line: "240314D1,00NTRFNONREF//B2\nCARD 1234 KIOSK", expected: "-1.00|B2|CARD 1234 KIOSK"),
        .init(testDescription: "RC takes money out", line: "240314RC7,00NTRFNONREF", expected: "-7.00||"),
        .init(testDescription: "RD puts money back", line: "240314RD7,00NTRFNONREF", expected: "7.00||"),
        .init(testDescription: "no transaction type", line: "240314D7,00", expected: "-7.00||"),
        .init(testDescription: "Rabobank's EREF code is no reference", line: "240314D7,00N102EREF            ", expected: "-7.00||"),
        .init(testDescription: "ING's MARF code is no reference", line: "240314D7,00NNOVMARF", expected: "-7.00||"),
        .init(testDescription: "NOTPROVIDED is no reference", line: "240314D7,00NTRFNOTPROVIDED", expected: "-7.00||"),
        .init(testDescription: "a reference that starts like a code", line: "240314D7,00NTRFEREF1", expected: "-7.00|EREF1|"),
    ]

    @Test(arguments: lineCases)
    func statementLineVariants(_ c: LineCase) throws {
        let result = try readMT940(":20:R\n:25:A\n:60F:C240301EUR0,00\n:61:\(c.line)\n-\n")
        #expect(result.errors.isEmpty, "\(result.errors)")
        let a = try #require(result.activities.first)
        #expect("\(a.amount.decimalString)|\(a.fitid ?? "")|\(a.name)" == c.expected)
    }

    @Test func referenceCodeGivesWayToTheNarrativesEndToEndReference() throws {
        let text = mt940Statement(
            ":61:240314D25,00N102EREF            \nNL91ABNA0417164300\n:86:/EREF/E2E-0314-A/BENM//NAME/Stichting Dierenhulp/REMI/Gift\n"
                + ":61:240314D25,00N102EREF            \nNL91ABNA0417164300\n:86:/BENM//NAME/Stichting Dierenhulp/REMI/Gift\n",
            closing: "C240314EUR950,00")
        let result = try readMT940(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.activities.map(\.fitid) == ["E2E-0314-A", nil])
        #expect(result.activities.map(\.name) == ["Stichting Dierenhulp", "Stichting Dierenhulp"])
    }

    @Test func narrativeContinuationLinesJoinWithoutSpaces() throws {
        let text = mt940Statement(
            ":61:240314D9,99NDDTNONREF\n:86:177?00SEPA-LASTSCHRIFT?20EREF+NOTPROVIDED?21SVWZ+Monatsbeitrag Fit\n"
                + "ness?22studio April?32Fitness Mitte e.V.\n", closing: "C240314EUR990,01")
        let result = try readMT940(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let a = try #require(result.activities.first)
        #expect(a.name == "Fitness Mitte e.V.")
        #expect(a.memo == "Monatsbeitrag Fitness studio April", "a 26-character line ends where its writer ended it")
        #expect(a.fitid == nil, "NOTPROVIDED is no reference")
    }

    @Test func polishStructuredNarratives() throws {
        var result = StatementCollector()
        let path = Repository.fixtures.appendingPathComponent("quirks/mt940/polish-structured-86.sta").path
        try MT940StatementReader().read(ByteInput(path: path), options: ReadOptions(), into: &result)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(
            result.activities.map { "\($0.name)|\($0.memo ?? "")" } == [
                "TELEKOM PRZYKLAD SPOLKA AKCYJNA|FAKTURA NR 2024/01/77",
                "FIRMA KRZAK SP. Z O.O.|WYNAGRODZENIE LUTY 2024",
                "KOWALSKA ANNA|czynsz za marzec 2024 lokal nr 5",
                "ENERGA PRZYKLAD SPOLKA AKCYJNA|FV 2024/05/118",
                "FIRMA PLUS SP. Z O.O.|WYNAGRODZENIE 04/2024",
            ])
        #expect(result.statements.map { $0.account.institution == nil } == [true, true, true], "no slash left in the account")
    }

    @Test("a space after :86: (a Polish bank's export) still reads the subfields", arguments: [":86: ", ":86:  "])
    func spaceAfterTheNarrativeTag(_ tag: String) throws {
        let text = mt940Statement(
            ":61:240314D4,90NMSCNONREF\n\(tag)020?00Wyplata-(dysp/przel)?20Czynsz marzec?3010901014?32Huta Szkla Topic\n",
            closing: "C240314EUR995,10")
        let a = try #require(try readMT940(text).activities.first)
        #expect(a.name == "Huta Szkla Topic")
        #expect(a.memo == "Czynsz marzec")
    }

    @Test("a line with no :86: and no details is named by its reference (Danske Bank), its id as without a name")
    func lineNamedByItsReference() throws {
        let body = ":61:2403140314C2214,00NTRFLon\n:61:2403140314D14,00NTRFNONREF\n"
        let activities = try readMT940(mt940Statement(body, closing: "C240314EUR3200,00")).activities
        #expect(activities.map(\.name) == ["Lon", ""])
        let unnamed = try readMT940(mt940Statement(body.replacingOccurrences(of: "NTRFLon", with: "NTRFNONREF"), closing: "C240314EUR3200,00"))
        #expect(activities.first?.id != unnamed.activities.first?.id, "the fitid still tells them apart")
        #expect(activities.first?.fitid == "Lon")
    }

    @Test func germanSubfields27And28AreRemittanceLines() throws {
        let text = mt940Statement(
            ":61:240314D4,90NMSCNONREF\n:86:805?00ENTGELTABSCHLUSS?20Abschluss?27Kontofuehrung?28Maerz\n", closing: "C240314EUR995,10")
        let a = try #require(try readMT940(text).activities.first)
        #expect(a.name == "ENTGELTABSCHLUSS")
        #expect(a.memo == "Abschluss Kontofuehrung Maerz")
    }

    @Test func sepaKeywordsInsideRemittanceLines() throws {
        // Commerzbank: keywords mid-line, `MREF+` cut across the 27-character lines `?20` and `?21`.
        let text = mt940Statement(
            ":61:240314D89,90NDDTNONREF\n:86:105?00SEPA-BASISLASTSCHRIFT?20EREF+VF-77120-2404 MREF+M-4?21471-A CRED+DE11ZZZ00000123456\n"
                + "?22 SVWZ+Vodafone Rechnung 04/?232024?32Vodafone GmbH\n"
                + ":61:240314C15,00NTRFNONREF\n:86:166?00GUTSCHRIFT?20EREF+NOTPROVIDED SVWZ+Lohn ?21April?32Huber KG\n",
            closing: "C240314EUR925,10")
        let result = try readMT940(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let brief = result.activities.map { "\($0.name)|\($0.memo ?? "")|\($0.fitid ?? "")" }
        #expect(brief == ["Vodafone GmbH|Vodafone Rechnung 04/2024|VF-77120-2404", "Huber KG|Lohn April|"])
    }

    @Test func structuredNarrativeWithoutNameUsesTheBookingText() throws {
        let text = mt940Statement(":61:240314D4,90NMSCNONREF\n:86:805?00ENTGELTABSCHLUSS?20Kontofuehrung 03/2024\n", closing: "C240314EUR995,10")
        let a = try #require(try readMT940(text).activities.first)
        #expect(a.name == "ENTGELTABSCHLUSS")
        #expect(a.memo == "Kontofuehrung 03/2024")
    }

    @Test func freeTextNarrative() throws {
        let text = mt940Statement(":61:240314D20,00NTRFNONREF\n:86:ACME Hardware Store\nOrder 5521\nthank you\n", closing: "C240314EUR980,00")
        let a = try #require(try readMT940(text).activities.first)
        #expect(a.name == "ACME Hardware Store")
        #expect(a.memo == "Order 5521 thank you")
    }

    @Test func severalStatementsWithoutSeparatorLines() throws {
        let one = ":20:A\n:25:ACC\n:60F:C240301EUR10,00\n:61:240301D1,00NTRFNONREF\n:62F:C240301EUR9,00\n"
        let two = ":20:B\n:25:ACC\n:60F:C240302EUR9,00\n:61:240302D2,00NTRFNONREF\n:62F:C240302EUR7,00\n"
        let result = try readMT940(one + two)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.activities.count == 2)
        #expect(result.statements.map(\.ledgerBalance?.amount.decimalString) == ["9.00", "7.00"])
    }
}
