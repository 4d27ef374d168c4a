import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Whole 1.x files through the reader: header, line numbers, columns and character sets.
extension OFXMapperTests {
    // MARK: Whole files: header, lines and encodings

    struct LineEndCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let lineEnd: String
    }

    @Test(
        "activity lines are the file's, header included",
        arguments: [
            LineEndCase(testDescription: "LF", lineEnd: "\n"), LineEndCase(testDescription: "CRLF", lineEnd: "\r\n"),
            LineEndCase(testDescription: "lone CR", lineEnd: "\r"),
        ])
    func linesWithHeader(_ c: LineEndCase) throws {
        let text = (Doc.sgmlHeader + Doc.sgmlBank(Doc.sgmlTransaction("1") + "\n" + Doc.sgmlTransaction("2")))
            .replacingOccurrences(of: "\n", with: c.lineEnd)
        let result = try readOFX(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.source.line) == [26, 33])
    }

    struct EncodingCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let header: String
        /// The NAME's bytes.
        let name: [UInt8]
        let expected: String
    }

    static let encodingCases: [EncodingCase] = [
        .init(
            testDescription: "CHARSET:1252 decodes E9 as é and 80 as €", header: "ENCODING:USASCII\nCHARSET:1252",
            name: [0x43, 0x61, 0x66, 0xE9, 0x20, 0x80], expected: "Café €"),
        .init(
            testDescription: "CHARSET:ISO-8859-1 decodes E9 as é", header: "ENCODING:USASCII\nCHARSET:ISO-8859-1",
            name: [0x43, 0x61, 0x66, 0xE9], expected: "Café"),
        .init(
            testDescription: "ENCODING:UTF-8 reads UTF-8", header: "ENCODING:UTF-8\nCHARSET:NONE",
            name: Array("Café €".utf8), expected: "Café €"),
        .init(
            testDescription: "USASCII with CHARSET:NONE but UTF-8 bytes is read as UTF-8", header: "ENCODING:USASCII\nCHARSET:NONE",
            name: Array("Müller".utf8), expected: "Müller"),
    ]

    @Test(arguments: encodingCases)
    func encodings(_ c: EncodingCase) throws {
        let header = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\(c.header)\n\n"
        let parts = Doc.sgmlBank(Doc.sgmlTransaction("1", name: "@@"))
            .components(separatedBy: "@@")
        let bytes = Array((header + parts[0]).utf8) + c.name + Array(parts[1].utf8)
        let result = try readOFX(bytes)
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.name) == [c.expected])
    }

    @Test("a body without any header is read")
    func bodyOnly() throws {
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1", name: "Café")))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.name) == ["Café"])
    }

    @Test("the whole 1.x file on one line, header included, is read with every position on line 1")
    func oneLine() throws {
        let header = OFXHeaderTests.fields.joined(separator: " ")
        let text =
            header
            + Doc.sgmlBank(Doc.sgmlTransaction("1") + Doc.sgmlTransaction("2", date: "bad"))
            .replacingOccurrences(of: "\n", with: "")
        let result = try readOFX(text)
        #expect(result.activities.map(\.source.line) == [1])
        #expect(result.diagnostics.map(\.location.line) == [1])
        #expect(result.diagnostics.map(\.code) == ["ofx.bad-date"])
        let column = try #require(result.diagnostics.first?.location.column)
        let offset = text.utf8.count - text[text.range(of: "<DTPOSTED>bad")!.lowerBound...].utf8.count
        #expect(column == offset + 1)
    }

    @Test("a byte-order mark before <OFX> takes no column")
    func bomColumn() throws {
        let result = try readOFX([0xEF, 0xBB, 0xBF] + Array("<OFX></FOO>\n</OFX>\n".utf8))
        // `<OFX>` holds nothing else: no statement, said at the `<OFX>` after the mark.
        #expect(result.codes == ["ofx.unbalanced@1:6", "ofx.no-statement@1:1"])
    }
}
