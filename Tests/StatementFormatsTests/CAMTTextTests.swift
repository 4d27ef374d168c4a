import FinanceCore
import Testing

@testable import StatementFormats

/// Text elements as banks' XML writers lay them out: broken onto indented lines, which is layout,
/// not text. Each run of XML whitespace is one space.
@Suite struct CAMTTextTests {
    typealias Doc = CAMTDocument

    @Test("Ustrd, Nm and AddtlNtryInf broken onto indented lines read as one line each")
    func indentedText() throws {
        let details = Doc.transaction(
            "<RltdPties><Cdtr><Nm>Stadtwerke\n                Musterstadt  GmbH</Nm></Cdtr></RltdPties>"
                + "<RmtInf><Ustrd>Abschlag Strom EREF:\n                                STZV-EtE01052024-1\t IBAN: DE89370400440532013000\r\n   </Ustrd>"
                + "<Ustrd>\n   Kundennr. 4711</Ustrd></RmtInf>")
        let entry = Doc.entry("10.00", details: details, extra: "<AddtlNtryInf>\n      SEPA Lastschrift\n    </AddtlNtryInf>")
        let result = try readCAMT(Doc.statement([entry], closing: "90.00"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let a = try #require(result.activities.first)
        #expect(a.name == "Stadtwerke Musterstadt GmbH")
        #expect(a.memo == "Abschlag Strom EREF: STZV-EtE01052024-1 IBAN: DE89370400440532013000 Kundennr. 4711")
        let plain = try readCAMT(Doc.statement([Doc.entry("10.00", extra: "<AddtlNtryInf>\n  SEPA  Lastschrift\n</AddtlNtryInf>")], closing: "90.00"))
        #expect(plain.activities.map(\.name) == ["SEPA Lastschrift"])
    }

    @Test("text without layout is kept as written", arguments: ["Kaffee", "A-B/C 12,50", "Ä ö ü"])
    func plainText(_ text: String) throws {
        let result = try readCAMT(Doc.statement([Doc.entry("10.00", extra: "<AddtlNtryInf>\(text)</AddtlNtryInf>")], closing: "90.00"))
        #expect(result.activities.map(\.name) == [text])
    }
}
