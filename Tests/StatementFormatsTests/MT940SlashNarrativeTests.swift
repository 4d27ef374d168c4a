import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// The structured `:86:` of Dutch banks: `/KEY/value` pairs giving the name, memo and reference.
@Suite struct MT940SlashNarrativeTests {
    static func quirk(_ name: String) throws -> StatementCollector {
        var collector = StatementCollector()
        let path = Repository.fixtures.appendingPathComponent("quirks/mt940").appendingPathComponent(name).path
        try MT940StatementReader().read(ByteInput(path: path), options: ReadOptions(), into: &collector)
        return collector
    }

    /// name|memo|fitid of each activity.
    static func brief(_ result: StatementCollector) -> [String] {
        result.activities.map { "\($0.name)|\($0.memo ?? "")|\($0.fitid ?? "")" }
    }

    /// Reads quirk file `name`, expecting no diagnostics and `expected` as its `brief`.
    @discardableResult
    static func read(_ name: String, giving expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> StatementCollector {
        let result = try quirk(name)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)", sourceLocation: sourceLocation)
        #expect(brief(result) == expected, sourceLocation: sourceLocation)
        return result
    }

    @Test func abnAmroStyleWithKeywordsCutAcrossLines() throws {
        try Self.read(
            "dutch-structured-86.sta",
            giving: [
                "J. Jansen|Factuur 123|20240313-001",
                "Waterbedrijf Oost|1234567890123456|",
                "Stichting Voorbeeld|Subsidie 2024 project Groen|SUB-2024-17",
            ])
    }

    @Test func rabobankStyleOrderingPartyAndBeneficiary() throws {
        let result = try Self.read("preamble-940-tag.sta", giving: ["J. de Vries|Bijdrage maart|", "Energie Noord BV|Termijn maart|20240305-77"])
        #expect(result.statements.map(\.account.id) == ["NL07TEST0123456789", "NL07TEST0123456789"], "the currency after the account is dropped")
    }

    @Test func ingStyleCounterparty() throws {
        try Self.read("preamble-transmission-header.sta", giving: ["Web Winkel BV|Bestelling 88213|P240306-001"])
    }

    @Test func abnAmroLabelsAndCardLines() throws {
        let result = try Self.read(
            "abn-amro-labelled-86.sta",
            giving: [
                "J DE VRIES|HUUR DECEMBER|",
                "WEBWINKEL BV|1234567890 BESTELLING 9988|",
                "BAKKER BART 0412|NR:AB12CD, 21.11.24/10:42 UTRECHT|",
                "GELDAUTOMAAT CENTRUM|NR:QQ0001, 21.11.24/14:00 UTRECHT|",
            ])
        #expect(!result.activities.contains { ($0.memo ?? "").contains("\r") || $0.name.contains("\r") })
    }

    struct NarrativeCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let narrative: String
        /// name|memo|fitid
        let expected: String
    }

    static let cases: [NarrativeCase] = [
        .init(
            testDescription: "no NAME: the counterparty's IBAN", narrative: "/TRTP/SEPA INCASSO/IBAN/NL02TEST0123456789/REMI/USTD//Lidmaatschap/",
            expected: "NL02TEST0123456789|Lidmaatschap|"),
        .init(testDescription: "no NAME or IBAN: the transaction type", narrative: "/TRTP/KOSTEN/REMI/Rente en kosten/", expected: "KOSTEN|Rente en kosten|"),
        .init(
            testDescription: "no REMI: the transaction type is the memo", narrative: "/TRTP/SEPA OVERBOEKING/NAME/P. Smit/EREF/E-1/",
            expected: "P. Smit|SEPA OVERBOEKING|E-1"),
        .init(
            testDescription: "ING's creditor reference form",
            narrative: "/EREF/E-2//CNTP/NL86TEST0002445588/TESTNL2A/Gemeente Noord/NOORD///REMI/CDTRREFTP//CD/SCOR/ISSR/CUR/CDTRREF/4000123412341234//",
            expected: "Gemeente Noord|4000123412341234|E-2"),
        .init(
            testDescription: "ISO creditor reference", narrative: "/NAME/Energie BV/REMI/STRD/ISO/RF18539007547034/",
            expected: "Energie BV|RF18539007547034|"),
        .init(
            testDescription: "slashes inside the remittance text", narrative: "/NAME/Verhuur BV/REMI/USTD//Huur 03/2024 kamer 4/EREF/NOTPROVIDED",
            expected: "Verhuur BV|Huur 03/2024 kamer 4|"),
        .init(testDescription: "a slash first but no keyword: free text", narrative: "/ Kassa 3 Amsterdam", expected: "/ Kassa 3 Amsterdam||"),
        .init(testDescription: "lower-case keywords are text", narrative: "/name/x/remi/y", expected: "/name/x/remi/y||"),
        .init(
            testDescription: "ABN AMRO's labels without a name: the booking text",
            narrative: "SEPA INCASSO ALGEMEEN DOORLOPEND\nOMSCHRIJVING: CONTRIBUTIE 2024", expected: "SEPA INCASSO ALGEMEEN DOORLOPEND|CONTRIBUTIE 2024|"),
        .init(testDescription: "a colon in free text is no label", narrative: "Kassa 3: bonnummer 12\nAmsterdam", expected: "Kassa 3: bonnummer 12|Amsterdam|"),
    ]

    @Test(arguments: cases)
    func keywords(_ c: NarrativeCase) throws {
        let text = mt940Statement(":61:240314D1,00NTRFNONREF\n:86:\(c.narrative)\n", closing: "C240315EUR999,00")
        let result = try readMT940(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(Self.brief(result) == [c.expected])
    }

    @Test func germanAndFreeTextNarrativesAreAsBefore() throws {
        let text = mt940Statement(
            ":61:240314D1,00NTRFNONREF\n:86:166?00GUTSCHRIFT?20SVWZ+Miete?32Anna Schmidt\n"
                + ":61:240314D1,00NTRFNONREF\n:86:BEA   NR:XXXX01 Bakkerij Bol\nPAS123\n", closing: "C240315EUR998,00")
        let result = try readMT940(text)
        #expect(Self.brief(result) == ["Anna Schmidt|Miete|", "BEA   NR:XXXX01 Bakkerij Bol|PAS123|"])
    }
}
