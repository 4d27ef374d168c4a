import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Hostile and damaged CAMT documents, as `OFXXMLTests` checks them for OFX 2.x: the shared
/// libxml2 driver must refuse entity tricks and stop cleanly on broken input, keeping every entry
/// read before the damage.
@Suite struct CAMTXMLTests {
    typealias Doc = CAMTDocument

    static func entries(_ count: Int) -> [String] {
        (1...count).map { Doc.entry("\($0).00", reference: "E\($0)") }
    }

    /// A document with `doctype` after the XML declaration and `reference` as an entry's AddtlNtryInf.
    static func withDoctype(_ doctype: String, reference: String) -> String {
        Doc.statement([Doc.entry(extra: "<AddtlNtryInf>\(reference)</AddtlNtryInf>")])
            .replacingOccurrences(of: "?>\n<Document", with: "?>\n\(doctype)\n<Document")
    }

    static func everything(_ result: StatementCollector) -> String {
        let activities = result.activities.map { [$0.name, $0.memo ?? "", $0.address ?? "", $0.fitid ?? ""].joined(separator: "|") }
        let diagnostics = result.diagnostics.map { ([$0.message] + $0.notes).joined(separator: "|") }
        return (activities + diagnostics).joined(separator: "\n")
    }

    @Test("billion laughs: camt.forbidden at the DOCTYPE, nothing read, and quickly")
    func billionLaughs() throws {
        let started = ContinuousClock.now
        let result = try readCAMT(
            Self.withDoctype(
                OFXXMLTests.billionLaughs.replacingOccurrences(of: "DOCTYPE OFX", with: "DOCTYPE Document"),
                reference: "&lol9;"))
        #expect(result.codes == ["camt.forbidden@2"])
        #expect(result.errors.first?.message == "a DOCTYPE declaration is not allowed in CAMT and is not read")
        #expect(result.activities.isEmpty && result.statements.isEmpty)
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test("an external entity SYSTEM \"file:///etc/passwd\": refused, its content never appears")
    func externalEntity() throws {
        let result = try readCAMT(Self.withDoctype("<!DOCTYPE Document [ <!ENTITY xxe SYSTEM \"file:///etc/passwd\"> ]>", reference: "&xxe;"))
        #expect(result.errors.map(\.code) == ["camt.forbidden"])
        #expect(result.activities.isEmpty)
        #expect(!Self.everything(result).contains("root:"))
    }

    @Test("an entity reference nothing declares: an error, the entries before it kept")
    func undeclaredEntity() throws {
        let bad = Doc.entry(extra: "<AddtlNtryInf>&undeclared;</AddtlNtryInf>")
        let result = try readCAMT(Doc.statement(Self.entries(2) + [bad]))
        #expect(result.errors.map(\.code) == ["camt.xml"])
        #expect(result.errors.first?.location.line == 13)
        #expect(result.activities.map(\.fitid) == ["E1", "E2"])
    }

    @Test("a text node over the limit: camt.text-too-long, the entry read without it")
    func hugeText() throws {
        let huge = String(repeating: "x", count: (1 << 20) + 10)
        let result = try readCAMT(Doc.statement([Doc.entry(extra: "<AddtlNtryInf>\(huge)</AddtlNtryInf>")]))
        #expect(result.codes == ["camt.text-too-long@11"])
        #expect(result.activities.map(\.name) == [""])
    }

    @Test("invalid UTF-8 in a name: camt.xml at its line, the entries before it kept")
    func invalidUTF8() throws {
        let text = Doc.statement(Self.entries(2) + [Doc.entry(extra: "<AddtlNtryInf>Caf@@</AddtlNtryInf>")])
        let parts = text.components(separatedBy: "@@")
        let result = try readCAMT(Array(parts[0].utf8) + [0xE9] + Array(parts[1].utf8))
        #expect(result.errors.map(\.code) == ["camt.xml"])
        #expect(result.errors.first?.location.line == 13)
        #expect(result.errors.first?.message.contains("UTF-8") == true)
        #expect(result.activities.count == 2)
    }

    @Test("a NUL byte: camt.xml, no crash, the entries before it kept")
    func nulByte() throws {
        let text = Doc.statement(Self.entries(2) + [Doc.entry(extra: "<AddtlNtryInf>a@@b</AddtlNtryInf>")])
        let parts = text.components(separatedBy: "@@")
        let result = try readCAMT(Array(parts[0].utf8) + [0] + Array(parts[1].utf8))
        #expect(result.errors.map(\.code) == ["camt.xml"])
        #expect(result.activities.count == 2)
    }

    @Test("a truncated document: one camt.xml error at the end, the entries before the cut read, no statement")
    func truncated() throws {
        let full = Doc.statement(Self.entries(3))
        let cut = String(full[..<full.range(of: "<AcctSvcrRef>E3")!.upperBound])
        let result = try readCAMT(cut)
        #expect(result.activities.map(\.fitid) == ["E1", "E2"])
        #expect(result.errors.map(\.code) == ["camt.xml"])
        #expect(result.statements.isEmpty)
    }

    @Test("mismatched tags after 3000 entries: everything before is read")
    func damageAfterManyEntries() throws {
        let result = try readCAMT(Doc.statement(Self.entries(3000) + ["<Ntry><Amt Ccy=\"EUR\">1.00</Sts></Ntry>"]))
        #expect(result.activities.count == 3000)
        #expect(result.errors.map(\.code) == ["camt.xml"])
        #expect(result.errors.first?.location.line == 11 + 3000)
    }

    @Test("entities and CDATA in names are decoded")
    func entitiesAndCDATA() throws {
        let details = Doc.transaction("<RltdPties><Cdtr><Nm>M&amp;S &#xE9;&#233;</Nm></Cdtr></RltdPties><RmtInf><Ustrd><![CDATA[a < b]]></Ustrd></RmtInf>")
        let result = try readCAMT(Doc.statement([Doc.entry(details: details)]))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.name) == ["M&S éé"])
        #expect(result.activities.map(\.memo) == ["a < b"])
    }

    @Test("a document declared ISO-8859-1 is decoded from Latin-1")
    func declaredEncoding() throws {
        let text = Doc.statement([Doc.entry(extra: "<AddtlNtryInf>M@@ller</AddtlNtryInf>")])
            .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\"")
        let parts = text.components(separatedBy: "@@")
        let result = try readCAMT(Array(parts[0].utf8) + [0xFC] + Array(parts[1].utf8))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.name) == ["Müller"])
    }

    @Test("stopping early (a sink that throws, as --strict does) stops the parser thread too")
    func stopEarly() throws {
        struct Stop: Error {}
        struct FirstOnly: ActivitySink {
            var count = 0
            mutating func accept(_ activity: PaymentActivity) throws {
                count += 1
                if count == 5 { throw Stop() }
            }
            mutating func report(_ diagnostic: Diagnostic) throws {}
        }
        var sink = FirstOnly()
        let input = ByteInput(bytes: Array(Doc.statement(Self.entries(20_000)).utf8), displayName: "t.xml")
        #expect(throws: Stop.self) { try CAMTStatementReader().read(input, options: ReadOptions(), into: &sink) }
        #expect(sink.count == 5)
    }
}
