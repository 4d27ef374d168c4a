import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Names and memos of `:86:` narratives as real banks' files lay them out: text that looks like a
/// field tag, a second `:86:`, subfields cut anywhere, names after account numbers.
@Suite struct MT940NarrativeTextTests {
    static func read(_ quirk: String) throws -> StatementCollector {
        var collector = StatementCollector()
        let path = Repository.fixtures.appendingPathComponent("quirks/mt940").appendingPathComponent(quirk).path
        try MT940StatementReader().read(ByteInput(path: path), options: ReadOptions(), into: &collector)
        return collector
    }

    /// Name and memo of each activity, `name|memo`.
    static func brief(_ result: StatementCollector) -> [String] {
        result.activities.map { "\($0.name)|\($0.memo ?? "")" }
    }

    @Test("a :86: line that starts with ':KO:' goes on the field: only ':' + two digits (+ a letter) + ':' opens one")
    func colonTextContinuesTheNarrative() throws {
        let result = try Self.read("colon-text-in-86-deutsche-bank.sta")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(
            Self.brief(result) == [
                "MUSTERMANN MAX|VERTR:KO:NR:4711081APRIL 2024",
                "Sportverein Beispiel e.V.|Rechng:RE:2024-88 Q2",
            ])
    }

    @Test("':NS:' still opens a field of its own; ':KO:' in the middle of a statement does not")
    func onlyNSIsALetterTag() {
        func end(_ text: String) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { MT940FieldAssembler.tagEnd($0) }
        }
        #expect(end(":NS:22Kiosk") == 3)
        #expect(end(":KO:NR:4011") == nil)
        #expect(end(":86:166?00") == 3)
        #expect(end(":60F:C24") == 4)
    }

    @Test("a second :86: after one :61: (Banca Transilvania) goes on the memo, with one warning")
    func secondNarrativeGoesOnTheMemo() throws {
        let result = try Self.read("second-86-banca-transilvania.sta")
        #expect(
            result.activities.map(\.memo) == [
                "ECOMM 551 Plata factura abonament - 45123", "transf in ct.crt Transfer intern - canal electronic REF. 405ECIT241060154",
            ])
        #expect(result.diagnostics.map(\.code) == [MT940Leniency.secondNarrativeCode])
        #expect(result.diagnostics.first?.location.line == 11, "at the second :86:")
    }

    @Test("a :86: before any :61: still belongs to nothing, and a :61: without one gets none from the next")
    func narrativeWithoutItsLine() throws {
        let text = mt940Statement(
            ":86:Statement note\n:61:240314D5,00NTRFNONREF\n:61:240314D5,00NTRFNONREF\n:86:Kiosk\nZeitung\n", closing: "C240314EUR990,00")
        let result = try readMT940(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(Self.brief(result) == ["|", "Kiosk|Zeitung"])
    }

    @Test("LBBW's 'EURO' and ':62FC…' without the tag's colon are read, each with a warning")
    func lbbwBalances() throws {
        let result = try Self.read("lbbw-euro-and-tag-without-colon.sta")
        #expect(result.diagnostics.map(\.code) == [MT940Leniency.currencyFormCode, MT940Leniency.tagColonCode])
        let statement = try #require(result.statements.first)
        #expect(statement.openingBalance?.amount.decimalString == "250.00")
        #expect(statement.ledgerBalance?.amount.decimalString == "330.00")
        #expect(statement.currency?.description == "EUR")
        #expect(Self.brief(result) == ["Erika Musterfrau|Miete April Whg 3"], "the :62F line is no part of the :86:")
    }

    @Test("SEPA subfields a bank cut anywhere, spaces kept at the cuts (a Volksbank), join as written; others by width")
    func subfieldsCutAnywhere() throws {
        let result = try Self.read("subfields-cut-anywhere-volksbank.sta")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(
            Self.brief(result) == [
                "Lena Beispiel|Spende Sommerfest IBAN: DE02120300000000202051 BIC: BYLADEM1001",
                "Jonas Muster|Beitrag Chorfahrt Jonas inklusive Bus IBAN: DE89370400440532013000 BIC: COBADEFFXXX",
                "Paul Probe|Kuchenspende IBAN: DE44500105175407324931 BIC: INGDDEFFXXX",
                "Erik Probe|Miete Garage Maerz 2024",
            ])
    }

    @Test("lines that start with a space but end without one (Helaba) are cut at word ends: joined by width")
    func leadingSpacesAloneKeepTheWidthRule() throws {
        let text = mt940Statement(
            ":61:240314D4,90NMSCNONREF\n:86:835?00ENTGELTABSCHLUSS?20 RECHNUNGSABSCHLUSS PER?2131.03.2024 GEM. 355 HGB\n"
                + "?22 DIESER KONTOAUSZUG GILT\n", closing: "C240314EUR995,10")
        let a = try #require(try readMT940(text).activities.first)
        #expect(a.memo == "RECHNUNGSABSCHLUSS PER 31.03.2024 GEM. 355 HGB DIESER KONTOAUSZUG GILT")
    }

    @Test(
        "names after an account: Komercijalna Banka Skopje's /BENM/ line, ING's 2010 account first; Rabobank's /PREF/ alone",
        arguments: [
            (
                "party-account-line-komercijalna-banka.sta",
                [
                    "PRIMER BANKA AD SKOPJE - PROVIZIJA|EMPTY/ Mesecna provizija za mesec 03/2024",
                    "PRIMER TRADE DOOEL SKOPJE|118//118 Uplata po faktura 118",
                ]
            ),
            (
                "account-before-name-ing-2010.sta",
                ["BAKKERIJ VOORBEELD|BETALING 4471 BAKKERIJ VOORBEELD", "J. DE TESTER|TERUGBETALING LUNCH"]
            ),
            ("pref-only-rabobank.sta", ["PmtInfId-20240405-112|PmtInfId-20240405-112"]),
        ])
    func namesAfterAccounts(_ file: String, _ expected: [String]) throws {
        let result = try Self.read(file)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(Self.brief(result) == expected)
    }
}
