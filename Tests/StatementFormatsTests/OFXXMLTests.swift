import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// The second OFX layer for 2.x: XML through libxml2, checked through `OFXStatementReader` on
/// small inline documents. Hostile documents (entity expansion, external entities) must be
/// refused before anything is read.
@Suite struct OFXXMLTests {
    typealias Doc = OFXDocument

    static func transactions(_ count: Int) -> [String] {
        (1...count).map { Doc.xmlTransaction("X\($0)", date: "2024010\($0)", amount: "-\($0).00", name: "Shop \($0)") }
    }

    @Test("well-formed 2.x with closed leaves: activities, lines and the statement")
    func wellFormed() throws {
        let result = try readOFX(Doc.xmlBank(Self.transactions(2).joined(separator: "\n")))
        #expect(result.diagnostics.isEmpty)
        #expect(result.rows == ["2024-01-01|Shop 1|-1.00|USD|111222333", "2024-01-02|Shop 2|-2.00|USD|111222333"])
        #expect(result.activities.map(\.fitid) == ["X1", "X2"])
        #expect(result.activities.map(\.source.line) == [18, 19])
        #expect(result.statements.map(\.account) == [Account(id: "111222333", kind: .checking, institution: "121000248")])
    }

    @Test("2.x with CRLF line ends: the same lines")
    func crlf() throws {
        let result = try readOFX(Doc.xmlBank(Self.transactions(2).joined(separator: "\n")).replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.source.line) == [18, 19])
    }

    @Test("2.x with a byte-order mark before the XML declaration")
    func byteOrderMark() throws {
        let result = try readOFX([0xEF, 0xBB, 0xBF] + Array(Doc.xmlBank(Self.transactions(1)[0]).utf8))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.count == 1)
    }

    @Test("2.x with leaves spread over indented lines, as most banks write it")
    func indented() throws {
        let transaction = """
            <STMTTRN>
              <TRNTYPE>DEBIT</TRNTYPE>
              <DTPOSTED>20240131230000.000[-5:EST]</DTPOSTED>
              <TRNAMT>-54.20</TRNAMT>
              <FITID>I1</FITID>
              <NAME>
                Corner Shop
              </NAME>
            </STMTTRN>
            """
        let result = try readOFX(Doc.xmlBank(transaction))
        #expect(result.diagnostics.isEmpty)
        #expect(result.rows == ["2024-01-31|Corner Shop|-54.20|USD|111222333"])
    }

    @Test("<PAYEE> aggregate gives the name and the address")
    func payee() throws {
        let transaction =
            "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-10.00</TRNAMT><FITID>P1</FITID>"
            + "<PAYEE><NAME>Acme Corp</NAME><ADDR1>1 Main St</ADDR1><ADDR2>Suite 5</ADDR2><CITY>Springfield</CITY><STATE>IL</STATE>"
            + "<POSTALCODE>62701</POSTALCODE><COUNTRY>USA</COUNTRY><PHONE>555-0100</PHONE></PAYEE></STMTTRN>"
        let result = try readOFX(Doc.xmlBank(transaction))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.name) == ["Acme Corp"])
        #expect(result.activities.map(\.address) == ["1 Main St, Suite 5, Springfield, IL, 62701, USA"])
    }

    @Test("empty elements: <MEMO/> is no memo, <NAME/> falls back to the memo, <BANKTRANLIST/> holds nothing")
    func emptyElements() throws {
        let one =
            "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-1.00</TRNAMT><FITID>E1</FITID>"
            + "<NAME>Shop</NAME><MEMO/></STMTTRN>"
        let two =
            "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240106</DTPOSTED><TRNAMT>-2.00</TRNAMT><FITID>E2</FITID>"
            + "<NAME/><MEMO>Card 1234</MEMO><CHECKNUM></CHECKNUM></STMTTRN>"
        let result = try readOFX(Doc.xmlBank(one + "\n" + two))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.name) == ["Shop", "Card 1234"])
        #expect(result.activities.map(\.memo) == [nil, "Card 1234"])
        #expect(result.activities.map(\.checkNumber) == [nil, nil])

        let empty = try readOFX(
            Doc.xmlBank("").replacingOccurrences(
                of: "<BANKTRANLIST><DTSTART>20240101</DTSTART><DTEND>20240131</DTEND>\n\n</BANKTRANLIST>", with: "<BANKTRANLIST/>"))
        #expect(empty.diagnostics.isEmpty)
        #expect(empty.activities.isEmpty)
        #expect(empty.statements.count == 1)
    }

    @Test("entities &amp; &lt; &gt; &quot; &apos; and character references &#233; &#xE9; are decoded")
    func entities() throws {
        let transaction = Doc.xmlTransaction(
            "N1", name: "Marks &amp; Spencer &lt;Food&gt;",
            extra: "<MEMO>Caf&#233; &#xE9;t&#xE9; &quot;x&quot; &apos;y&apos;</MEMO>")
        let result = try readOFX(Doc.xmlBank(transaction))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.name) == ["Marks & Spencer <Food>"])
        #expect(result.activities.map(\.memo) == ["Café été \"x\" 'y'"])
    }

    @Test("a CDATA section is read as text")
    func cdata() throws {
        let result = try readOFX(Doc.xmlBank(Doc.xmlTransaction("C1", extra: "<MEMO><![CDATA[a < b & c]]></MEMO>")))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.memo) == ["a < b & c"])
    }

    @Test("a document declared ISO-8859-1 is decoded from Latin-1")
    func declaredEncoding() throws {
        let text = Doc.xmlBank(Doc.xmlTransaction("L1", name: "Caf@@")).replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\"")
        let parts = text.components(separatedBy: "@@")
        let result = try readOFX(Array(parts[0].utf8) + [0xE9] + Array(parts[1].utf8))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.name) == ["Café"])
    }

    @Test("unknown elements pass through: INTU.BID in the sign-on, a bank's own aggregate inside STMTTRN")
    func unknownElements() throws {
        let transaction = Doc.xmlTransaction("U1", extra: "<BANK.EXT><NOTE>ignored</NOTE><TRNAMT>999.99</TRNAMT></BANK.EXT><MEMO>kept</MEMO>")
        let text = Doc.xmlBank(transaction).replacingOccurrences(of: "<LANGUAGE>ENG</LANGUAGE>", with: "<LANGUAGE>ENG</LANGUAGE><INTU.BID>3000</INTU.BID>")
        let result = try readOFX(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.memo) == ["kept"])
        #expect(result.activities.count == 1)
    }

    @Test("a bad date in 2.x is reported with its line and column")
    func badDateLine() throws {
        let result = try readOFX(Doc.xmlBank(Self.transactions(1)[0] + "\n" + Doc.xmlTransaction("B", date: "31.01.2024")))
        #expect(result.codes == ["ofx.bad-date@19:34"])
        #expect(result.activities.count == 1)
    }

    @Test("the same statement in 1.x and 2.x gives the same activities and ids")
    func sameAsSGML() throws {
        let sgml = try readOFX(
            Doc.sgmlHeader
                + Doc.sgmlBank(
                    Doc.sgmlTransaction("S1", amount: "-5.00", name: "One", extra: "<MEMO>m") + "\n" + Doc.sgmlTransaction("S2", type: "XFER", name: "Two")))
        let xml = try readOFX(
            Doc.xmlBank(
                Doc.xmlTransaction("S1", amount: "-5.00", name: "One", extra: "<MEMO>m</MEMO>") + "\n"
                    + Doc.xmlTransaction("S2", name: "Two").replacingOccurrences(of: "DEBIT", with: "XFER")))
        #expect(sgml.diagnostics.isEmpty && xml.diagnostics.isEmpty)
        func unsourced(_ a: PaymentActivity) -> PaymentActivity {
            var a = a
            a.source = SourceLocation(file: "", line: 0)
            return a
        }
        #expect(sgml.activities.count == 2)
        #expect(sgml.activities.map(unsourced) == xml.activities.map(unsourced))
        #expect(sgml.statements.map(\.account) == xml.statements.map(\.account))
    }

    // MARK: Hostile documents

    /// A document whose DOCTYPE is `doctype`, with `reference` as a transaction's name.
    static func withDoctype(_ doctype: String, reference: String) -> String {
        Doc.xmlBank(Doc.xmlTransaction("H1", name: reference)).replacingOccurrences(of: "?>\n<OFX>", with: "?>\n\(doctype)\n<OFX>")
    }

    static let billionLaughs = """
        <!DOCTYPE OFX [
          <!ENTITY lol "lol">
          <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
          <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
          <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
          <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
          <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
          <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        """

    @Test("a DOCTYPE with nested internal entities (billion laughs): ofx.forbidden, nothing read")
    func billionLaughs() throws {
        let result = try readOFX(Self.withDoctype(Self.billionLaughs, reference: "&lol9;"))
        #expect(result.codes == ["ofx.forbidden@3:1"])
        #expect(result.errors.first?.message.contains("DOCTYPE") == true)
        #expect(result.activities.isEmpty)
        #expect(result.statements.isEmpty)
    }

    /// Every text a read produced: activity fields, statement accounts, diagnostics and notes.
    static func everything(_ result: StatementCollector) -> String {
        let activities = result.activities.map { a in
            [a.name, a.memo ?? "", a.address ?? "", a.account ?? "", a.fitid ?? "", a.checkNumber ?? ""].joined(separator: "|")
        }
        let diagnostics = result.diagnostics.map { ([$0.message] + $0.notes).joined(separator: "|") }
        return (activities + result.statements.map(\.account.id) + diagnostics).joined(separator: "\n")
    }

    @Test("an external entity SYSTEM \"file:///etc/passwd\": ofx.forbidden, the file's content never appears")
    func externalEntityPasswd() throws {
        let doctype = "<!DOCTYPE OFX [ <!ENTITY xxe SYSTEM \"file:///etc/passwd\"> ]>"
        let result = try readOFX(Self.withDoctype(doctype, reference: "&xxe;"))
        #expect(result.codes == ["ofx.forbidden@3:1"])
        #expect(result.activities.isEmpty)
        #expect(!Self.everything(result).contains("root:"))
    }

    @Test("an external entity naming a local file: its content never appears in any output")
    func externalEntitySecret() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let secret = directory.appendingPathComponent("secret.txt")
        try Data("PFIN-SECRET-7f3a".utf8).write(to: secret)
        let doctype = "<!DOCTYPE OFX [ <!ENTITY xxe SYSTEM \"file://\(secret.path)\"> ]>"
        let result = try readOFX(Self.withDoctype(doctype, reference: "&xxe;"))
        #expect(result.errors.map(\.code) == ["ofx.forbidden"])
        #expect(result.activities.isEmpty)
        #expect(!Self.everything(result).contains("PFIN-SECRET"))
    }

    @Test("a DOCTYPE hidden after 70 kB of comment (past the sniffed prefix) is still refused")
    func lateDoctype() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let secret = directory.appendingPathComponent("secret.txt")
        try Data("PFIN-SECRET-late".utf8).write(to: secret)
        let comment = "<!--" + String(repeating: "padding ", count: 70_000 / 8) + "-->"
        let doctype = comment + "\n<!DOCTYPE OFX [ <!ENTITY xxe SYSTEM \"file://\(secret.path)\"> ]>"
        let result = try readOFX(Self.withDoctype(doctype, reference: "&xxe;"))
        #expect(result.errors.map(\.code).contains("ofx.forbidden"))
        #expect(result.activities.isEmpty)
        #expect(!Self.everything(result).contains("PFIN-SECRET"))
    }

    @Test("an entity reference that nothing declares is an error and its transaction is not read")
    func undeclaredEntity() throws {
        let result = try readOFX(Doc.xmlBank(Self.transactions(1)[0] + "\n" + Doc.xmlTransaction("R", name: "&undeclared;")))
        #expect(!result.errors.isEmpty)
        #expect(result.errors.allSatisfy { ["ofx.xml", "ofx.forbidden", "ofx.damaged-transaction"].contains($0.code) })
        #expect(result.activities.map(\.fitid) == ["X1"])
    }

    // MARK: Damaged documents

    @Test("mismatched tags: ofx.xml with the line; every transaction before the damage still read")
    func mismatchedTags() throws {
        let bad =
            "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240109</DTPOSTED><TRNAMT>-9.00</TRNAMT><FITID>BAD</FITID>"
            + "<NAME>Broken</MEMO></STMTTRN>"
        let result = try readOFX(Doc.xmlBank((Self.transactions(3) + [bad] + Self.transactions(1)).joined(separator: "\n")))
        #expect(result.activities.map(\.fitid) == ["X1", "X2", "X3"])
        let error = try #require(result.errors.first)
        #expect(error.code == "ofx.xml")
        #expect(error.location.line == 21)
        #expect(result.errors.allSatisfy { $0.code == "ofx.xml" })
    }

    @Test("a truncated document: an ofx.xml error, the transactions before the cut still read")
    func truncatedDocument() throws {
        let full = Doc.xmlBank(Self.transactions(3).joined(separator: "\n"))
        let cut = String(full[..<full.range(of: "<NAME>Shop 3")!.upperBound])
        let result = try readOFX(cut)
        #expect(result.activities.map(\.fitid) == ["X1", "X2"])
        #expect(result.errors.map(\.code) == ["ofx.xml"])
        #expect(result.errors.first.map { $0.location.line >= 20 } == true, "reported at the end, where the cut is")
    }

    @Test("a long document damaged near its end still gives everything before the damage")
    func damageAfterManyTransactions() throws {
        var transactions = (1...2000).map { Doc.xmlTransaction("L\($0)", date: "20240105", amount: "-1.00", name: "Shop") }
        transactions.append("<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED></TRNAMT></STMTTRN>")
        let result = try readOFX(Doc.xmlBank(transactions.joined(separator: "\n")))
        #expect(result.activities.count == 2000)
        #expect(result.errors.first?.code == "ofx.xml")
        #expect(result.errors.first?.location.line == 18 + 2000)
    }

    // libxml2 accepts the declaration only at the very start: the reader skips to it and keeps the
    // file's line numbers.
    @Test("blank lines before the XML declaration are tolerated, as the header says, with the file's line numbers")
    func blankLinesBeforeDeclaration() throws {
        let result = try readOFX("\n\n" + Doc.xmlBank(Self.transactions(1)[0]))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.source.line) == [20])
    }
}
