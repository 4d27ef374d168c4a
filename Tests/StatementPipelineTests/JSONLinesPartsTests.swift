import FinanceCore
import Foundation
import Rules
import StatementFormats
import StatementPipeline
import TestSupport
import Testing

/// `ConversionParts` on JSON Lines: a file converted in parts on several threads must give what
/// one thread gives, byte for byte, diagnostics included (every JSON Lines file of the test tree:
/// `ConversionPartsTests`): records with ids as pfin writes them,
/// records without (whose ids depend on the identical records before them, in earlier parts),
/// bad lines, blank lines, CRLF line ends and a byte-order mark, cut in parts of a few bytes to a
/// few hundred records.
@Suite struct JSONLinesPartsTests {
    typealias Parts = ConversionPartsTests

    /// Records as pfin writes them, some without an id (and some of those identical), a few bad
    /// lines and blank lines, with `lineEnd` after each line.
    static func generated(records: Int, lineEnd: String = "\n", byteOrderMark: Bool = false) -> String {
        var text = byteOrderMark ? "\u{FEFF}" : ""
        for r in 0..<records {
            let day = 1 + r / 150
            let date = "2024-03-\(day < 10 ? "0" : "")\(day)"
            switch r % 401 {
            case 13: text += "{\"date\":\"\(date)\",\"amount\":\"-1.00\"}"  // no name: an error
            case 29: text += ""  // a blank line
            case 41: text += "{\"date\":\"\(date)\",\"name\":\"BROKEN\",\"amount\":-2.5"  // unterminated
            default:
                let id = r % 3 == 0 ? "" : "\"id\":\"\(String(format: "%016llx", UInt64(r) &* 0x9E37_79B9_7F4A_7C15))\","
                // Every fifth record without an id is the same as the one before it.
                let name = r % 5 == 0 ? "COFFEE HOUSE" : "SHOP \(r % 11)"
                let amount = r % 5 == 0 ? "-3.50" : "-\(r % 40).\(r % 10)0"
                text += "{\(id)\"date\":\"\(date)\",\"name\":\"\(name)\",\"amount\":\"\(amount)\",\"memo\":\"CARD \(r % 7)\"}"
            }
            text += lineEnd
        }
        return text
    }

    @Test(arguments: ["\n", "\r\n"])
    func aGeneratedFileConvertsAlikeInPartsOfAnySize(_ lineEnd: String) throws {
        let directory = try TemporaryDirectory("conversion-parts")
        let path = try ReadAheadTests.write(
            "parts-\(lineEnd.utf8.count).jsonl", Self.generated(records: 3_000, lineEnd: lineEnd, byteOrderMark: true), in: directory)
        let rules = try ReadAheadTests.rules()
        let one = try Parts.convert([path], threads: 1, rules: rules)
        #expect(one.parts == 0)
        #expect(one.run.diagnostics.count >= 14)
        for (threads, partSize) in [(2, 61), (2, 1_024), (3, 4_096), (2, 20_000)] {
            let parted = try Parts.convert([path], threads: threads, partSize: partSize, rules: rules)
            Parts.expectSame(one.run, parted.run)
            #expect(parted.parts > 0, "no part was converted apart at \(partSize) bytes")
        }
    }

    @Test func identicalRecordsWithoutIDsAcrossPartsAreNumberedInFileOrder() throws {
        let directory = try TemporaryDirectory("conversion-parts")
        let line = "{\"date\":\"2024-05-03\",\"name\":\"COFFEE\",\"amount\":\"-3.50\"}\n"
        let path = try ReadAheadTests.write("same.jsonl", String(repeating: line, count: 3_000), in: directory)
        let one = try Parts.convert([path], threads: 1)
        let parted = try Parts.convert([path], threads: 2, partSize: 512)
        Parts.expectSame(one.run, parted.run)
        #expect(parted.parts > 50)
        let ids = Set(one.run.output.split(separator: UInt8(ascii: "\n")).map { $0.prefix(30) })
        #expect(ids.count == 3_000)
    }

    @Test func pfinsOwnOutputReadInPartsGivesItBack() throws {
        // A CSV converted to JSON Lines, then that file converted in parts: the same bytes again.
        let directory = try TemporaryDirectory("conversion-parts")
        let csv = try ReadAheadTests.write("round.csv", ReadAheadTests.generatedCSV(rows: 2_000, seed: 5), in: directory)
        let first = try Parts.convert([csv], threads: 1).run.output
        let jsonl = directory.path("round.jsonl")
        try Data(first).write(to: URL(fileURLWithPath: jsonl))
        let parted = try Parts.convert([jsonl], threads: 2, partSize: 2_000)
        #expect(Bool(parted.run.output == first))
        #expect(parted.run.diagnostics.isEmpty)
        #expect(parted.parts > 10)
    }
}
