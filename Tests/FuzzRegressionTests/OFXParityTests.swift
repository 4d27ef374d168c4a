import Foundation
import FuzzChecks
import Testing

/// pfin's own XML parser for OFX 2.x against libxml2 (`OFXParityCheck`): the same activities,
/// statements and diagnostics on every OFX 2.x file of the repository and on documents written to
/// use what XML allows and banks write (references, CDATA, comments, CRLF, attributes, other
/// encodings), and an error from both where libxml2 stops.
struct OFXParityTests {
    static let root = FuzzRegressionTests.root

    /// The repository's OFX files: samples, fixtures, the ofx2 seeds, each libxml2 reads whole.
    static let files = ofxFiles(in: ["Samples", "Tests/Fixtures", "Fuzz/seeds/ofx2"])
    /// The quirks table's OFX files: some are damaged in ways libxml2 stops at.
    static let quirks = ofxFiles(in: ["Tests/StatementFormatsTests/Fixtures/quirks/ofx"])

    static func ofxFiles(in folders: [String]) -> [String] {
        folders.flatMap { folder -> [String] in
            let directory = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasSuffix(".ofx") || $0.hasSuffix(".qfx") }.sorted().map { directory.appendingPathComponent($0).path }
        }
    }

    @Test("every OFX file of the repository: both parsers agree wherever libxml2 reads it")
    func repositoryFiles() throws {
        var compared = 0
        for path in Self.files + Self.quirks {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            guard case .compared(let differences) = OFXParityCheck.run(bytes) else {
                if Self.files.contains(path) { Issue.record("libxml2 did not read \(path)") }
                continue
            }
            #expect(differences == [], "\(path)")
            compared += 1
        }
        #expect(compared >= 25, "the samples', fixtures', seeds' and quirks' OFX files")
    }

    /// A document in the shape banks write, with `transactions` inside its statement.
    static func document(_ transactions: String, declaration: String = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>", root: String = "<OFX>")
        -> String
    {
        """
        \(declaration)
        <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
        \(root)
          <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
            <DTSERVER>20240401071502.000[-7:PDT]</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
          <BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
            <STMTRS><CURDEF>USD</CURDEF>
              <BANKACCTFROM><BANKID>121000248</BANKID><ACCTID>111222333</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
              <BANKTRANLIST><DTSTART>20240101</DTSTART><DTEND>20240131</DTEND>
        \(transactions)
              </BANKTRANLIST>
              <LEDGERBAL><BALAMT>1000.00</BALAMT><DTASOF>20240131</DTASOF></LEDGERBAL>
            </STMTRS></STMTTRNRS></BANKMSGSRSV1>
        </OFX>

        """
    }

    static func transaction(_ fitid: String, name: String, memo: String = "<MEMO>POS</MEMO>", amount: String = "-12.50") -> String {
        "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105120000.000[-5:EST]</DTPOSTED><TRNAMT>\(amount)</TRNAMT>"
            + "<FITID>\(fitid)</FITID>\(name)\(memo)</STMTTRN>"
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var bytes: [UInt8]
        init(_ description: String, _ text: String) {
            testDescription = description
            bytes = Array(text.utf8)
        }
        init(_ description: String, bytes: [UInt8]) {
            testDescription = description
            self.bytes = bytes
        }
    }

    static let wellFormed: [Case] = [
        Case("plain", document(transaction("A1", name: "<NAME>Corner Shop</NAME>") + "\n" + transaction("A2", name: "<NAME>Bakery</NAME>"))),
        Case("CRLF line ends", document(transaction("A1", name: "<NAME>Corner Shop</NAME>")).replacingOccurrences(of: "\n", with: "\r\n")),
        Case("lone CR line ends", document(transaction("A1", name: "<NAME>Corner Shop</NAME>")).replacingOccurrences(of: "\n", with: "\r")),
        Case("a byte-order mark", bytes: [0xEF, 0xBB, 0xBF] + Array(document(transaction("A1", name: "<NAME>Shop</NAME>")).utf8)),
        Case(
            "entity and character references",
            document(
                transaction("A1", name: "<NAME>AT&amp;T &lt;Mobile&gt; &quot;Q&quot; &apos;s</NAME>", memo: "<MEMO>Caf&#233; &#xE9;t&#xe9; &#10;x</MEMO>"))),
        Case("CDATA sections", document(transaction("A1", name: "<NAME><![CDATA[A & B <Shop>]]></NAME>", memo: "<MEMO>one <![CDATA[two]]> three</MEMO>"))),
        Case(
            "comments and processing instructions everywhere",
            document("<!-- January -->\n" + transaction("A1", name: "<NAME>Corner<!-- x > y --> Shop</NAME>", memo: "<MEMO><?pi data?>kept</MEMO>"))),
        Case("empty elements", document(transaction("A1", name: "<NAME/>", memo: "<MEMO>Card 1234</MEMO><CHECKNUM></CHECKNUM><REFNUM />"))),
        Case(
            "attributes on the root, quoted '>' included",
            document(transaction("A1", name: "<NAME>Shop</NAME>"), root: "<OFX xmlns=\"http://ofx.net/types/2003/04\" note='a>b' other = \"c\" >")),
        Case(
            "text on several lines, CRLF inside",
            document(transaction("A1", name: "<NAME>\r\n    Corner\r\n    Shop\r\n  </NAME>", memo: "<MEMO>\n line one\r line two\n</MEMO>"))),
        Case(
            "unknown elements with long names, nested",
            document(
                transaction(
                    "A1", name: "<NAME>Shop</NAME>",
                    memo:
                        "<INTU.VERY.LONG.EXTENSION.NAME><INTU.INNER.ELEMENT.NAME.X>v</INTU.INNER.ELEMENT.NAME.X></INTU.VERY.LONG.EXTENSION.NAME><MEMO>kept</MEMO>"
                ))),
        Case(
            "text beside child elements",
            document(
                "<STMTTRN>stray text<TRNTYPE>DEBIT</TRNTYPE>more<DTPOSTED>20240105</DTPOSTED><TRNAMT>-1.00</TRNAMT><FITID>M1</FITID><NAME>Shop</NAME></STMTTRN>"
            )),
        Case("names in other scripts", document(transaction("A1", name: "<NAME>Café Zürich 東京 🛒</NAME>"))),
        Case("tags with spaces before '>'", document(transaction("A1", name: "<NAME >Shop</NAME >"))),
        Case("empty and blank leaves", document(transaction("A1", name: "<NAME></NAME>", memo: "<MEMO>   </MEMO>"))),
        Case("lowercase tags", document(transaction("A1", name: "<NAME>Shop</NAME>")).replacingOccurrences(of: "STMTTRN>", with: "stmttrn>")),
        Case(
            "namespace prefixes",
            document(transaction("A1", name: "<NAME>Shop</NAME>"), root: "<ofx:OFX xmlns:ofx=\"http://ofx.net/types/2003/04\">")
                .replacingOccurrences(of: "</OFX>", with: "</ofx:OFX>").replacingOccurrences(of: "<STMTTRN>", with: "<ofx:STMTTRN>")
                .replacingOccurrences(of: "</STMTTRN>", with: "</ofx:STMTTRN>")),
        Case("a character reference with leading zeros", document(transaction("A1", name: "<NAME>Caf&#x000000E9; &#0000000065;</NAME>"))),
        Case("a payee aggregate", document(transaction("A1", name: "<PAYEE><NAME>Acme</NAME><ADDR1>1 Main St</ADDR1><CITY>Springfield</CITY></PAYEE>"))),
        Case("an empty aggregate", document("<STMTTRN/>" + transaction("A1", name: "<NAME>Shop</NAME>"))),
        Case(
            "ISO-8859-1",
            bytes: Array(document(transaction("A1", name: "<NAME>Caf~</NAME>"), declaration: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>").utf8).map {
                $0 == UInt8(ascii: "~") ? 0xE9 : $0
            }),
        Case(
            "windows-1252",
            bytes: Array(document(transaction("A1", name: "<NAME>Shop ^5</NAME>"), declaration: "<?xml version='1.0' encoding='windows-1252'?>").utf8).map {
                $0 == UInt8(ascii: "^") ? 0x80 : $0
            }),
    ]

    @Test("documents that use what XML allows: both parsers agree", arguments: wellFormed)
    func agrees(_ c: Case) {
        guard case .compared(let differences) = OFXParityCheck.run(c.bytes) else {
            Issue.record("libxml2 did not read it")
            return
        }
        #expect(differences == [])
    }

    @Test("a document of 20,000 transactions of every kind, over many chunks: both parsers agree")
    func manyChunks() {
        let kinds = [
            { (i: Int) in Self.transaction("T\(i)", name: "<NAME>Shop \(i) &amp; Co</NAME>") },
            { (i: Int) in Self.transaction("T\(i)", name: "<NAME><![CDATA[Store <\(i)>]]></NAME>") },
            { (i: Int) in Self.transaction("T\(i)", name: "<NAME>Corner<!-- c -->\r\n Shop \(i)</NAME>", memo: "<MEMO/>") },
            { (i: Int) in Self.transaction("T\(i)", name: "<PAYEE><NAME>Payee \(i)</NAME><ADDR1>Street &#233;</ADDR1></PAYEE>", amount: "\(i).01") },
            { (i: Int) in
                Self.transaction("T\(i)", name: "<NAME>Café \(i)</NAME>", memo: "<INTU.EXTENSION.LONG.NAME.\(i % 7)>x</INTU.EXTENSION.LONG.NAME.\(i % 7)>")
            },
        ]
        let text = Self.document((0..<20_000).map { kinds[$0 % kinds.count]($0) }.joined(separator: "\n"))
        #expect(text.utf8.count > 3 << 20, "several of the reader's 1 MiB chunks")
        guard case .compared(let differences) = OFXParityCheck.run(Array(text.utf8)) else {
            Issue.record("libxml2 did not read it")
            return
        }
        #expect(differences == [])
    }

    static let malformed: [Case] = [
        Case("tags that do not match", document(transaction("A1", name: "<NAME>Shop</NAME>") + transaction("A2", name: "<NAME>Broken</MEMO>"))),
        Case(
            "cut short",
            document(transaction("A1", name: "<NAME>Shop</NAME>") + transaction("A2", name: "<NAME>Cut</NAME>")).components(separatedBy: "<NAME>Cu")[0]),
        Case("a bare ampersand", document(transaction("A1", name: "<NAME>Shop</NAME>") + transaction("A2", name: "<NAME>AT&T</NAME>"))),
        Case("an undeclared entity", document(transaction("A1", name: "<NAME>Shop</NAME>") + transaction("A2", name: "<NAME>&nbsp;</NAME>"))),
        Case("a second root", document(transaction("A1", name: "<NAME>Shop</NAME>")) + String(repeating: " ", count: 70_000) + "<OFX></OFX>"),
        Case("text after the root", document(transaction("A1", name: "<NAME>Shop</NAME>")) + String(repeating: " ", count: 70_000) + "trailing words"),
        Case("an unterminated comment", document(transaction("A1", name: "<NAME>Shop</NAME>") + "<!-- never closed")),
        Case("a late DOCTYPE", document(transaction("A1", name: "<NAME>Shop</NAME>") + "<!DOCTYPE OFX>")),
    ]

    @Test("documents libxml2 stops at: pfin's parser stops with an error too, after the same transactions", arguments: malformed)
    func bothStop(_ c: Case) throws {
        #expect(OFXParityCheck.run(c.bytes) == .notCompared, "libxml2 reports an error")
        let result = OFXParityCheck.readBoth(c.bytes)
        #expect(result.ours.diagnostics.contains { $0.severity == .error && OFXParityCheck.stops.contains($0.code) }, "\(result.ours.diagnostics)")
        #expect(result.ours.activities.map(\.fitid) == result.theirs.activities.map(\.fitid))
    }

    @Test("Latin-1 bytes in a UTF-8 document: libxml2 stops there; pfin reads them as Windows-1252 with one warning")
    func latin1InUTF8() throws {
        let text = Self.document(
            Self.transaction("A1", name: "<NAME>Shop</NAME>") + Self.transaction("A2", name: "<NAME>Caf~</NAME>", memo: "<MEMO>Cr~me</MEMO>")
                + Self.transaction("A3", name: "<NAME>Bakery</NAME>"))
        let bytes = Array(text.utf8).map { $0 == UInt8(ascii: "~") ? 0xE9 : $0 }
        #expect(OFXParityCheck.run(bytes) == .notCompared)
        let result = OFXParityCheck.readBoth(bytes)
        #expect(result.theirs.activities.map(\.fitid) == ["A1"])
        #expect(result.ours.activities.map(\.fitid) == ["A1", "A2", "A3"])
        #expect(result.ours.activities.map(\.memo) == ["POS", "Créme", "POS"])
        #expect(result.ours.activities.contains { $0.name == "Café" || $0.rawName == "Café" })
        #expect(result.ours.diagnostics.map(\.code) == ["ofx.lenient.not-utf8"])
        #expect(result.ours.diagnostics.first?.severity == .warning)
    }
}
