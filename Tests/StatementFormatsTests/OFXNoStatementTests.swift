import FinanceCore
import Testing

@testable import StatementFormats

/// An OFX file that holds no statement, or nests elements past any real bank's depth, is an
/// error at a location: it used to exit 0 with no output and no diagnostic (issue 15).
@Suite struct OFXNoStatementTests {
    typealias Doc = OFXDocument

    static let depth = 10_000

    struct Case: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var text: String
        /// The diagnostic code and location (`code@line:column`) expected first.
        var expected: String
    }

    static let deep: [Case] = [
        Case(
            testDescription: "1.x: <OFX> then 10,000 open <A>", text: Doc.sgmlHeader + "<OFX>" + String(repeating: "<A>", count: depth),
            expected: "ofx.too-deep@11:771"),
        Case(
            testDescription: "1.x: 10,000 nested <A> all closed",
            text: Doc.sgmlHeader + "<OFX>" + String(repeating: "<A>", count: depth) + String(repeating: "</A>", count: depth) + "</OFX>",
            expected: "ofx.too-deep@11:771"),
        Case(
            testDescription: "2.x: <OFX> then 10,000 open <A>", text: Doc.xmlHeader + "<OFX>" + String(repeating: "<A>", count: depth),
            expected: "ofx.too-deep@3:771"),
        Case(
            testDescription: "2.x: 10,000 nested <A> all closed",
            text: Doc.xmlHeader + "<OFX>" + String(repeating: "<A>", count: depth) + String(repeating: "</A>", count: depth) + "</OFX>",
            expected: "ofx.too-deep@3:771"),
    ]

    @Test(arguments: deep)
    func nestingPastTheLimitStopsWithAnError(_ c: Case) throws {
        let result = try readOFX(c.text)
        #expect(result.activities.isEmpty)
        #expect(result.errors.count == 1, "one error, not one per level: \(result.codes)")
        #expect(result.codes.first == c.expected)
        #expect(result.errors.first?.message.contains("nested deeper than 256 elements") == true)
    }

    static let empty: [Case] = [
        Case(testDescription: "1.x: <OFX></OFX>", text: Doc.sgmlHeader + "<OFX>\n</OFX>\n", expected: "ofx.no-statement@11:1"),
        Case(
            testDescription: "1.x: a sign-on message set without its response",
            text: Doc.sgmlHeader + "<OFX>\n<SIGNONMSGSRSV1></SIGNONMSGSRSV1>\n</OFX>\n", expected: "ofx.no-statement@11:1"),
        Case(testDescription: "1.x: unknown elements only", text: Doc.sgmlHeader + "<OFX><A><B>x</B></A></OFX>", expected: "ofx.no-statement@11:1"),
        Case(testDescription: "2.x: <OFX></OFX>", text: Doc.xmlHeader + "<OFX>\n</OFX>\n", expected: "ofx.no-statement@3:1"),
        Case(
            testDescription: "2.x: 100 nested <A>, under the limit",
            text: Doc.xmlHeader + "<OFX>" + String(repeating: "<A>", count: 100) + String(repeating: "</A>", count: 100) + "</OFX>",
            expected: "ofx.no-statement@3:1"),
    ]

    @Test(arguments: empty)
    func aDocumentWithoutAStatementIsAnError(_ c: Case) throws {
        let result = try readOFX(c.text)
        #expect(result.activities.isEmpty)
        #expect(result.codes == [c.expected])
        #expect(result.errors.first?.message.contains("no statement") == true)
    }

    @Test("a statement with no transactions, or a sign-on response alone, is no error")
    func emptyStatementIsFine() throws {
        #expect(try readOFX(Doc.sgmlHeader + Doc.sgmlBank("")).diagnostics.isEmpty)
        #expect(try readOFX(Doc.xmlBank("")).diagnostics.isEmpty)
        let signOn = "<OFX>\n<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS></SONRS></SIGNONMSGSRSV1>\n</OFX>\n"
        #expect(try readOFX(Doc.sgmlHeader + signOn).diagnostics.isEmpty)
    }

    @Test("a sign-on the bank refused says so, without a second error for the missing statement")
    func refusedSignOn() throws {
        let body = "<OFX>\n<SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>bad password</STATUS></SONRS></SIGNONMSGSRSV1>\n</OFX>\n"
        let result = try readOFX(Doc.sgmlHeader + body)
        #expect(result.codes == ["ofx.status@12:24"])
    }
}
