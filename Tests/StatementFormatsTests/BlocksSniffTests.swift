import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Blocks of labelled lines are told by a `Date:` line with an `Amount:` line in its block, with
/// evidence; nothing else pfin reads is taken for them.
@Suite struct BlocksSniffTests {
    typealias Text = BlocksText

    static func sniff(_ text: String) -> Sniff { BlocksStatementReader.sniff(SniffInput(Array(text.utf8))) }

    @Test("a whole download: 93, with where the first block is, how many there are and the header")
    func wholeFile() {
        #expect(
            Self.sniff(Text.file(Text.three))
                == Sniff(
                    score: 93,
                    evidence: [
                        "'Date:' at line 5 and 'Amount:' at line 7 in one block", "3 blocks with a date and an amount", "'Balance:' in every block",
                        "a header: 'From:' at line 1, 'Account:' at line 3",
                    ]))
    }

    @Test("one block without a balance: 70; without the header: 90; in Windows-1252 and any case: the same")
    func partial() {
        #expect(Self.sniff("Date: 01/05/2024\nAmount: -1.00\n").score == 70)
        #expect(Self.sniff(Text.file(Text.three, header: false)).score == 90)
        let bytes = Array("DATE:\u{A0}01/05/2024\r\nDESCRIPTION:\u{A0}£5\r\namount:\u{A0}-5.00\r\n".unicodeScalars.map { UInt8($0.value) })
        #expect(BlocksStatementReader.sniff(SniffInput(bytes)).score == 70)
    }

    @Test(
        "no date with an amount in its block: 0",
        arguments: [
            "Date: 01/05/2024\n\nAmount: -1.00\n",
            "Amount: -1.00\nBalance: 5.00\n",
            "From: 01/05/2024 to 31/05/2024\n\nAccount: XXXX 1234\n",
            "Date,Description,Amount\n01/05/2024,TESCO,-1.00\n",
            "Subject: invoice\nDate: Mon, 6 May 2024 10:00:00 +0100\n\nThe amount: 12.00 is due.\n",
            // An e-mail whose amount line follows its date in one paragraph: no block's date.
            "Subject: invoice\nDate: Mon, 6 May 2024 10:00:00 +0100\nAmount: 12.00\n",
        ])
    func no(_ text: String) {
        #expect(Self.sniff(text).score == 0)
    }

    @Test(
        "no sample but Santander's, and no quirk fixture of another format, is taken for blocks",
        arguments: try Self.otherFiles())
    func noOtherFileIsBlocks(_ path: String) throws {
        let prefix = try ByteInput(path: path).peek(upTo: SniffInput.window)
        #expect(BlocksStatementReader.sniff(SniffInput(prefix)).score == 0)
    }

    static func otherFiles() throws -> [String] {
        let samples = Repository.root.appendingPathComponent("Samples")
        var paths = try FileManager.default.contentsOfDirectory(atPath: samples.path)
            .filter { $0 != "uk-santander.txt" && $0 != "history" && !$0.hasSuffix(".md") }.sorted()
            .map { samples.appendingPathComponent($0).path }
        let quirks = Repository.fixtures.appendingPathComponent("quirks")
        for folder in try FileManager.default.contentsOfDirectory(atPath: quirks.path).sorted() where folder != "blocks" {
            let directory = quirks.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            paths += names.sorted().map { directory.appendingPathComponent($0).path }
        }
        return paths
    }

    @Test("a download is detected as blocks over CSV (its descriptions have commas); no other reader takes it")
    func othersSayNo() {
        let bytes = Array(Text.file(Text.three).utf8)
        #expect(StatementReaders.detect(bytes) == .blocks)
        #expect(StatementReaders.reader(for: .blocks) is BlocksStatementReader)
        #expect(StatementReaders.readableFormats.contains(.blocks))
        #expect(CSVStatementReader.sniff(bytes) <= 30)
        #expect(MT940StatementReader.sniff(bytes) == 0)
        #expect(QIFStatementReader.sniff(bytes) == 0)
        #expect(Norma43StatementReader.sniff(bytes) == 0)
    }
}
