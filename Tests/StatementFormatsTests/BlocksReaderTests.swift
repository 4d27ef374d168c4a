import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Santander UK's text download read block by block: dates, amounts with and without their
/// currency code, names, the account, the statement's balances, encodings and line ends.
@Suite struct BlocksReaderTests {
    typealias Text = BlocksText

    static let gbp = CurrencyCode("GBP")

    @Test("a download: newest first, each block a transaction at its first line, one statement with both balances")
    func plain() throws {
        let result = try readBlocks(Text.file(Text.three))
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.rows == [
                "2024-05-20|DIRECT DEBIT PAYMENT TO VIRGIN MEDIA REF 0299187746, MANDATE NO 0031|-42.00|GBP|XXXX XXXX XXXX 1234",
                "2024-05-10|BANK GIRO CREDIT REF NORTHWIND TRADING LTD, SALARY MAY|2310.45|GBP|XXXX XXXX XXXX 1234",
                "2024-05-02|CARD PAYMENT TO TESCO STORES 2041,23.45 GBP, RATE 1.00/GBP ON 30-04-2024|-23.45|GBP|XXXX XXXX XXXX 1234",
            ])
        #expect(result.activities.map(\.source.line) == [5, 10, 15])
        #expect(result.activities.map(\.type) == [.expense, .income, .expense])
        #expect(result.activities.allSatisfy { $0.fitid == nil && $0.memo == nil })
        let info = try #require(result.statements.first)
        #expect(result.statements.count == 1)
        #expect(info.account == Account(id: "XXXX XXXX XXXX 1234"))
        #expect(info.currency == Self.gbp)
        let may = { (day: Int) in LocalDate(year: 2024, month: 5, day: day)! }
        #expect(info.openingBalance == Balance(amount: Money(units: 100_000, scale: 2, currency: Self.gbp), date: LocalDate(year: 2024, month: 5, day: 1)!))
        #expect(info.ledgerBalance == Balance(amount: Money(units: 324_500, scale: 2, currency: Self.gbp), date: may(20)))
        #expect(info.start == may(2) && info.end == may(20))
        #expect(info.source == SourceLocation(file: "t.txt", line: 8, column: 10), "the newest block's Balance: value")
        #expect(result.rowBalances.map(\.amount.decimalString) == ["3245.00", "3287.00", "976.55"])
        #expect(result.rowBalances.map(\.source) == result.activities.map(\.source))
        #expect(
            result.skipped == [
                SkippedLines(.preamble, at: SourceLocation(file: "t.txt", line: 1), through: 1),
                SkippedLines(.preamble, at: SourceLocation(file: "t.txt", line: 3), through: 3),
            ])
    }

    @Test("without currency codes: no currency, or --currency's; --account names the account")
    func withoutCodes() throws {
        let text = Text.file(Text.three, code: nil)
        let plain = try readBlocks(text)
        #expect(plain.diagnostics.isEmpty)
        #expect(plain.activities.allSatisfy { $0.currency == nil })
        #expect(plain.statements.first?.ledgerBalance?.amount == Money(units: 324_500, scale: 2))
        let told = try readBlocks(text, options: ReadOptions(account: "Santander Everyday", currency: Self.gbp))
        #expect(told.activities.allSatisfy { $0.currency == Self.gbp && $0.account == "Santander Everyday" })
        #expect(told.statements.first?.account.id == "Santander Everyday")
        #expect(told.statements.first?.ledgerBalance?.amount.currency == Self.gbp)
    }

    @Test("labels in any case, spaces before the colon, no no-break spaces, LF, no header: read alike")
    func labelsAndLayout() throws {
        let text = "DATE : 03/05/2024\ndescription:PRET A MANGER\nAMOUNT:-6.35\nbalance:   93.65\n\n\n\nDate:01/05/2024\nAmount:100\n"
        let result = try readBlocks(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.rows == ["2024-05-03|PRET A MANGER|-6.35||", "2024-05-01||100.00||"])
        #expect(result.statements.first?.account.id == "")
        #expect(result.statements.first?.openingBalance == nil, "the oldest block states no balance")
    }

    @Test("Windows-1252: £ and no-break spaces decoded, the blanks at the ends of values dropped, inner runs collapsed")
    func windows1252() throws {
        let text =
            "Account:\u{A0}XXXX\u{A0} XXXX  XXXX 9876\u{A0}\r\n\r\nDate:\u{A0}15/05/2024\r\nDescription:\u{A0}FASTER PAYMENTS RECEIPT  REF.DINNER £30\u{A0}\r\n"
            + "Amount:\u{A0}30.00\u{A0}GBP\u{A0}\r\nBalance:\u{A0}1,030.00\u{A0}GBP\u{A0}\r\n"
        let bytes = Array(text.unicodeScalars.map { UInt8($0.value) })
        #expect(bytes.contains(0xA3) && bytes.contains(0xA0))
        let result = try readBlocks(bytes)
        #expect(result.rows == ["2024-05-15|FASTER PAYMENTS RECEIPT REF.DINNER £30|30.00|GBP|XXXX XXXX XXXX 9876"])
        #expect(
            result.warnings == [
                "amounts are written with thousands separators or a currency sign (first at line 6: '1,030.00 GBP', read as 1030.00 GBP); read each as the amount it writes"
            ])
        #expect(result.diagnostics.first?.location == SourceLocation(file: "t.txt", line: 6, column: 10))
    }

    @Test("UTF-8 with a byte-order mark and CRLF; a UTF-8 file with a line in Windows-1252 reads it as such, once said")
    func utf8() throws {
        let text = "\u{FEFF}" + Text.file(Text.three)
        let result = try readBlocks(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.count == 3 && result.activities[0].source.line == 5)
        // Line 11, the older block's description, as Windows-1252 bytes: an editor left it so.
        func file(line11: [UInt8]) -> [UInt8] {
            var lines = Text.file([(4, "CAFÉ NERO", "-3.10"), (5, "CAFÉ NERO", "-3.10")]).components(separatedBy: "\r\n").map { Array($0.utf8) }
            lines[10] = line11
            return Array(lines.joined(separator: [0x0D, 0x0A]))
        }
        let mixed = try readBlocks(file(line11: Array("Description:\u{A0}CAFÉ NERO\u{A0}".unicodeScalars.map { UInt8($0.value) })))
        #expect(mixed.activities.map(\.name) == ["CAFÉ NERO", "CAFÉ NERO"])
        #expect(mixed.warnings == ["line 11 is not UTF-8 as the start of the file is; read it and any like it as Windows-1252"])
        // Valid UTF-8 (the no-break spaces) around a byte that is not: damaged, the byte replaced.
        let damaged = try readBlocks(file(line11: Array("Description:\u{A0}CAF".utf8) + [0xC9] + Array(" NERO\u{A0}".utf8)))
        #expect(damaged.activities.map(\.name) == ["CAFÉ NERO", "CAF\u{FFFD} NERO"])
        #expect(damaged.warnings == ["line 11 has bytes that are not UTF-8 among UTF-8 text; replaced them (and any like them) with U+FFFD"])
    }

    @Test("two identical blocks on one day stay two transactions, with different ids")
    func identicalBlocks() throws {
        let result = try readBlocks(Text.file([(7, "CARD PAYMENT TO TFL TRAVEL CH", "-2.80"), (7, "CARD PAYMENT TO TFL TRAVEL CH", "-2.80")], code: nil))
        #expect(result.activities.count == 2)
        #expect(result.activities[0].id != result.activities[1].id)
        #expect(result.diagnostics.isEmpty, "each states its own balance, 997.20 then 994.40")
    }

    @Test("an empty description, or none, names nothing")
    func emptyDescription() throws {
        let result = try readBlocks("Date: 01/05/2024\nDescription:\u{A0}\nAmount: -1.00\n\nDate: 02/05/2024\nAmount: -2.00\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.name) == ["", ""])
    }

    @Test("a file oldest first: the opening balance from its first block, the closing from its last")
    func oldestFirst() throws {
        let newestFirst = Text.file(Text.three).components(separatedBy: "\r\n")
        let blocks = stride(from: 4, to: newestFirst.count, by: 5).map { Array(newestFirst[$0..<min($0 + 5, newestFirst.count)]) }
        let result = try readBlocks(blocks.reversed().flatMap { $0.filter { !$0.isEmpty } + [""] }.joined(separator: "\n"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.date.day) == [2, 10, 20])
        #expect(result.statements.first?.openingBalance?.amount.decimalString == "1000.00")
        #expect(result.statements.first?.ledgerBalance?.amount.decimalString == "3245.00")
    }

    @Test("another Account: line after blocks: its blocks are another account's statement")
    func twoAccounts() throws {
        let first = Text.file([(3, "A", "-1.00")])
        let second = Text.file(opening: 50, [(4, "B", "-2.00")]).replacingOccurrences(of: "XXXX XXXX XXXX 1234", with: "XXXX XXXX XXXX 5678")
        let result = try readBlocks(first + "\r\n\r\n" + second)
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map { $0.account ?? "" } == ["XXXX XXXX XXXX 1234", "XXXX XXXX XXXX 5678"])
        #expect(result.statements.map(\.account.id) == ["XXXX XXXX XXXX 1234", "XXXX XXXX XXXX 5678"])
        #expect(result.statements.map { $0.ledgerBalance?.amount.decimalString } == ["999.00", "48.00"])
    }

    @Test("amounts with thousands separators and a £ sign are read, said once; 1,50 is no amount")
    func amountForms() throws {
        let result = try readBlocks("Date: 01/05/2024\nAmount: -£1,234.56\n\nDate: 02/05/2024\nAmount: 1,000\n\nDate: 03/05/2024\nAmount: 1,50\n")
        #expect(result.activities.map(\.amount) == [Money(units: -123_456, scale: 2, currency: Self.gbp), Money(units: 1000, scale: 0)])
        #expect(result.warnings.count == 1)
        #expect(result.codes == ["blocks.lenient.amount-form@2:9", "blocks.bad-amount@8:9"])
    }

    @Test("the same activities whatever the chunk size, lines cut across chunks")
    func chunks() throws {
        let text = Text.file(Text.three)
        let whole = try readBlocks(text)
        for size in [1, 7, 64] {
            let cut = try readBlocks(text, reader: BlocksStatementReader(maximumLineBytes: 1 << 16, chunkSize: size))
            #expect(cut.activities == whole.activities, "chunks of \(size)")
            #expect(cut.statements == whole.statements)
        }
    }

    @Test("old Mac line ends (CR alone) cut lines too")
    func carriageReturns() throws {
        let result = try readBlocks(Text.file(Text.three, lineEnd: "\r"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.source.line) == [5, 10, 15])
    }
}
