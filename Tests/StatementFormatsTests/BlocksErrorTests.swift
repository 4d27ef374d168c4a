import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Damaged blocks: each problem at `file:line:column` naming what was expected, the block skipped
/// (or read without its balance), and the balances that no longer follow said so.
@Suite struct BlocksErrorTests {
    typealias Text = BlocksText

    /// The three-block download with line `line` (1-based) replaced by `text`, or removed when `nil`.
    static func damaged(line: Int, _ text: String?) -> String {
        var lines = Text.file(Text.three).components(separatedBy: "\r\n")
        if let text { lines[line - 1] = text } else { lines.remove(at: line - 1) }
        return lines.joined(separator: "\r\n")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var line: Int
        var text: String?
        var expected: String
    }

    @Test(arguments: [
        Case(
            testDescription: "a day 32", line: 10, text: "Date:\u{A0}32/05/2024",
            expected: "t.txt:10:7: error: expected a date dd/mm/yyyy (like 29/12/2012) after 'Date:', found '32/05/2024'"),
        Case(
            testDescription: "a letter O for a zero in the amount", line: 12, text: "Amount:\u{A0}231O.45 GBP",
            expected: "t.txt:12:9: error: expected an amount (like -10.45, 1500.00 or -10.45 GBP) after 'Amount:', found '231O.45 GBP'"),
        Case(
            testDescription: "an empty amount", line: 12, text: "Amount:\u{A0}",
            expected: "t.txt:12:9: error: expected an amount (like -10.45, 1500.00 or -10.45 GBP) after 'Amount:', found nothing"),
        Case(
            testDescription: "the amount line missing", line: 12, text: nil,
            expected: "t.txt:10:1: error: this block (lines 10–12) has no 'Amount:' line; expected one with an amount (like -10.45, 1500.00 or -10.45 GBP)"),
        Case(
            testDescription: "the date line missing", line: 10, text: nil,
            expected: "t.txt:10:1: error: this block (lines 10–12) has no 'Date:' line; expected one with a date dd/mm/yyyy (like 29/12/2012)"),
    ])
    func badBlock(_ c: Case) throws {
        let result = try readBlocks(Self.damaged(line: c.line, c.text))
        #expect(result.errors.map(\.description) == [c.expected + "\n" + c.expected.prefix { $0 != " " } + " note: the block was skipped"])
        #expect(result.activities.map(\.date.day) == [20, 2], "the salary's block is skipped, the others read")
        // Without the salary, the newest block's balance no longer follows from the oldest's.
        let mismatch = try #require(result.diagnostics.last)
        #expect(mismatch.code == "blocks.balance-mismatch" && mismatch.location == SourceLocation(file: "t.txt", line: 8, column: 10))
        #expect(
            mismatch.message
                == "the balance after this block (2024-05-20) is 3245.00 GBP, but the balance before it plus its amount give 934.55 GBP (off by +2310.45 GBP)")
        #expect(mismatch.notes == ["1 block was skipped for errors (see above)", "'pfin reconcile t.txt' shows the likely causes"])
    }

    @Test("balances that do not follow: a warning at each Balance: line, the walk going on from it (a wrong balance: two, a wrong amount: one)")
    func balanceMismatch() throws {
        let result = try readBlocks(Self.damaged(line: 13, "Balance:\u{A0}3278.00 GBP"))
        #expect(result.activities.count == 3)
        #expect(result.codes == ["blocks.balance-mismatch@8:10", "blocks.balance-mismatch@13:10"])
        #expect(
            result.warnings == [
                "the balance after this block (2024-05-20) is 3245.00 GBP, but the balance before it plus its amount give 3236.00 GBP (off by +9.00 GBP)",
                "the balance after this block (2024-05-10) is 3278.00 GBP, but the balance before it plus its amount give 3287.00 GBP (off by -9.00 GBP)",
            ])
        #expect(
            result.diagnostics[0].notes == [
                "a block may be missing from the file, or the file was edited; compare it with the bank's statement",
                "'pfin reconcile t.txt' shows the likely causes",
            ])
        let amountOff = try readBlocks(Self.damaged(line: 12, "Amount:\u{A0}2301.45 GBP"))
        #expect(amountOff.codes == ["blocks.balance-mismatch@13:10"], "a wrong amount is one warning")
    }

    @Test("a balance that is no amount: a warning, the block read without it")
    func badBalance() throws {
        let result = try readBlocks(Self.damaged(line: 13, "Balance:\u{A0}n/a"))
        #expect(result.activities.count == 3)
        #expect(
            result.diagnostics.map(\.description) == [
                "t.txt:13:10: warning: expected a balance (like 3472.63 or 3472.63 GBP) after 'Balance:', found 'n/a'\n"
                    + "t.txt:13:10: note: the block was read without its balance, which was not checked"
            ])
        #expect(result.rowBalances.count == 2)
    }

    @Test("a label twice in a block: an error at the second, the block read with the first")
    func repeatedLabel() throws {
        let result = try readBlocks(Self.damaged(line: 14, "Amount:\u{A0}5.00 GBP"))
        #expect(
            result.errors.map(\.description) == [
                "t.txt:14:1: error: a second 'Amount:' line in the block starting at line 10 (the first is at line 12); expected a blank line and a new block first\n"
                    + "t.txt:14:1: note: the line was skipped; the block was read with the first"
            ])
        #expect(result.activities.map(\.amount.decimalString) == ["-42.00", "2310.45", "-23.45"])
    }

    @Test("lines a block does not know: skipped, said once for the file; a block without a blank line before it: read, said once")
    func leniencies() throws {
        let text = Self.damaged(line: 6, "Reference:\u{A0}0299187746").replacingOccurrences(of: "Balance:\u{A0}976", with: "x\r\nBalance:\u{A0}976")
        let unknown = try readBlocks(text + "\r\nA note after the blocks\r\n")
        #expect(
            unknown.diagnostics.map(\.description) == [
                "t.txt:6:1: warning: lines inside a block are none of Date:, Description:, Amount: or Balance: (first at line 6: 'Reference: 0299187746'); skipped them"
            ])
        #expect(unknown.activities.map(\.name) == ["", "BANK GIRO CREDIT REF NORTHWIND TRADING LTD, SALARY MAY", Text.three[0].name])
        let joined = try readBlocks(Self.damaged(line: 9, nil))
        #expect(
            joined.warnings == [
                "a block starts without a blank line before it (first at line 9, a second 'Date:' in the block from line 5); read it as a new block"
            ])
        #expect(joined.activities.count == 3)
        let strict = try readBlocks(Self.damaged(line: 9, nil), options: ReadOptions(strict: true))
        #expect(strict.errors.isEmpty, "reading it so changes nothing the file says")
    }

    @Test(
        "files that hold no blocks: one error each",
        arguments: [
            ("", "t.txt:1: error: the file is empty; expected blocks of labelled lines (Date:, Description:, Amount:, Balance:)"),
            ("\u{FEFF} \r\n\u{A0}\r\n", "t.txt:1: error: the file is empty; expected blocks of labelled lines (Date:, Description:, Amount:, Balance:)"),
            (
                "From: 01/05/2024 to 31/05/2024\r\n\r\nAccount: XXXX 1234\r\n\r\nThere are no transactions for this period.\r\n",
                "t.txt:1: error: no block of labelled lines found; expected blocks such as 'Date: 29/12/2012', 'Description: …', "
                    + "'Amount: -10.45', 'Balance: 3472.63', separated by blank lines"
            ),
        ])
    func noBlocks(_ text: String, _ expected: String) throws {
        let result = try readBlocks(text)
        #expect(result.errors.map { $0.description.components(separatedBy: "\n")[0] } == [expected])
        #expect(result.activities.isEmpty && result.statements.isEmpty)
    }

    @Test("a binary file, and a line past the limit: errors at their lines, the rest read")
    func binaryAndOverlong() throws {
        let binary = try readBlocks([0x44, 0x61, 0x74, 0x65, 0x3A, 0x0A, 0x00, 0x01])
        #expect(binary.codes == ["blocks.binary@2"])
        let long = Self.damaged(line: 6, "Description:\u{A0}" + String(repeating: "X", count: 300))
        let result = try readBlocks(long, reader: BlocksStatementReader(maximumLineBytes: 200, chunkSize: 64))
        #expect(result.codes == ["blocks.overlong-line@6:1"])
        #expect(result.activities.count == 3 && result.activities[0].name == "")
    }
}
