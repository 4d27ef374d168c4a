import FinanceCore
import Foundation
import TestSupport
import Testing

@testable import StatementFormats

/// Format detection with the JSON Lines reader registered: pfin's own output is JSON Lines, and
/// CSV and OFX files (even a CSV whose first cell starts with `{`) stay what they were.
@Suite struct JSONLinesSniffTests {
    struct SniffCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let bytes: [UInt8]
        let format: StatementFormat
    }

    static let pfinLine =
        #"{"id":"a668693a484041a7","account":null,"date":"2024-05-30","name":"Telekom","address":null,"amount":"-39.95","currency":"EUR","memo":null,"type":"expense","category":null,"fitid":null,"checkNumber":null,"source":"a.csv:8"}"#

    static let cases: [SniffCase] = [
        .init(testDescription: "pfin's JSON Lines", bytes: Array((pfinLine + "\n" + pfinLine + "\n").utf8), format: .jsonl),
        .init(testDescription: "one record, no line break", bytes: Array(pfinLine.utf8), format: .jsonl),
        .init(testDescription: "byte-order mark, blank lines, CRLF", bytes: [0xEF, 0xBB, 0xBF] + Array("\r\n\n  \(pfinLine)\r\n".utf8), format: .jsonl),
        .init(testDescription: "another tool's records with only an amount", bytes: Array(#"{"amount": -4.5, "payee": "x"}"#.utf8 + [0x0A]), format: .jsonl),
        .init(
            testDescription: "a first record with bad values is still JSON Lines",
            bytes: Array(#"{"date":"01.05.2024","amount":"1,00"}"#.utf8 + [0x0A]), format: .jsonl),
        .init(
            testDescription: "a first line longer than the sniffed prefix",
            bytes: Array((#"{"date":"2024-05-30","name":""# + String(repeating: "x", count: 6000) + "\"}\n").utf8), format: .jsonl),
        .init(testDescription: "JSON objects without date or amount", bytes: Array("{\"foo\":1}\n{\"foo\":2}\n".utf8), format: .csv),
        .init(testDescription: "CSV whose first header cell has braces", bytes: Array("{id},date,amount\n1,2024-05-03,-3.50\n".utf8), format: .csv),
        .init(testDescription: "CSV whose first cell is a JSON object", bytes: Array("{\"date\":1},name,amount\n1,x,2\n".utf8), format: .csv),
        .init(testDescription: "a broken first record on a whole line", bytes: Array("{\"date\":\"2024-05-03\",\"amount\":\n".utf8), format: .csv),
        .init(testDescription: "a JSON array", bytes: Array("[\(pfinLine)]\n".utf8), format: .csv),
        .init(testDescription: "pretty-printed JSON", bytes: Array("{\n  \"date\": \"2024-05-03\",\n  \"amount\": \"1.00\"\n}\n".utf8), format: .csv),
        .init(testDescription: "plain CSV", bytes: Array("Date,Description,Amount\n2024-05-03,Coffee,-3.50\n".utf8), format: .csv),
        .init(testDescription: "OFX 1.x", bytes: Array("OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1>".utf8), format: .ofx),
        .init(testDescription: "OFX 2.x", bytes: Array("<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\" VERSION=\"220\"?>\n<OFX>".utf8), format: .ofx),
    ]

    @Test(arguments: cases)
    func detectsTheFormat(_ c: SniffCase) {
        // As `pfin convert` sniffs: the first 4096 bytes.
        #expect(StatementReaders.detect(Array(c.bytes.prefix(4096))) ?? .csv == c.format)
    }

    @Test func pfinJSONLinesIsCertainAndOutranksCSV() {
        let prefix = Array(Self.pfinLine.utf8)
        #expect(JSONLinesReader.sniff(prefix) == 95)
        #expect(JSONLinesReader.sniff(prefix) > CSVStatementReader.sniff(prefix))
        #expect(OFXStatementReader.sniff(prefix) == 0)
        #expect(JSONLinesReader.sniff([]) == 0)
        #expect(StatementReaders.readableFormats.contains(.jsonl))
        #expect(StatementReaders.reader(for: .jsonl) is JSONLinesReader)
    }

    @Test(arguments: SampleManifest.files)
    func noSampleIsTakenForJSONLines(_ sample: String) throws {
        let prefix = try ByteInput(path: Repository.sample(sample)).peek(upTo: 4096)
        #expect(JSONLinesReader.sniff(prefix) == 0)
        #expect(StatementReaders.detect(prefix) != .jsonl)
    }
}
