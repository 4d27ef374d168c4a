import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Files that Windows tools saved as "Unicode" (UTF-16 with a byte-order mark): the formats
/// recognised by their first words are recognised in them too, and read whole.
struct UTF16DetectionTests {
    static func utf16(_ sample: String, bigEndian: Bool = false) throws -> [UInt8] {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Repository.sample(sample)))
        // The MT940 sample is Latin-1: decoded as such, every byte is the character of that number.
        let decoded = sample.hasSuffix(".sta") ? String(bytes.map { Character(Unicode.Scalar($0)) }) : String(decoding: bytes, as: UTF8.self)
        var out: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in decoded.utf16 {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            out += bigEndian ? [high, low] : [low, high]
        }
        return out
    }

    @Test(arguments: [
        ("us-quicken-export.qif", StatementFormat.qif, false), ("us-quicken-export.qif", .qif, true),
        ("de-mt940-commerzbank.sta", .mt940, false), ("de-mt940-commerzbank.sta", .mt940, true),
    ])
    func recognisedAndReadWhole(_ sample: String, _ format: StatementFormat, _ bigEndian: Bool) throws {
        let bytes = try Self.utf16(sample, bigEndian: bigEndian)
        #expect(StatementReaders.detect(Array(bytes.prefix(4096))) == format)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-utf16-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let utf16 = try readDetected(path)
        let original = try readDetected(Repository.sample(sample))
        #expect(utf16.errors.isEmpty, "\(utf16.errors)")
        #expect(utf16.activities.map(\.name) == original.activities.map(\.name))
        #expect(utf16.activities.map(\.amount) == original.activities.map(\.amount))
    }

    @Test func theUTF16SpreadsheetExportIsStillCSV() throws {
        let prefix = try ByteInput(path: Repository.sample("ch-postfinance-excel.txt")).peek(upTo: 4096)
        #expect(StatementReaders.detect(prefix) == .csv)
    }

    @Test func aUTF16CAMTFileIsRefusedWithAReason() throws {
        let xml =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.08\"><BkToCstmrStmt/></Document>\n"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in xml.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(StatementReaders.detect(bytes) == .camt)
        var sink = Collector()
        try CAMTStatementReader().read(ByteInput(bytes: bytes, displayName: "u16.xml"), options: ReadOptions(), into: &sink)
        #expect(sink.diagnostics.map(\.message) == ["the file is UTF-16 text; expected a CAMT statement in UTF-8"])
        #expect(sink.activities.isEmpty)
    }
}
