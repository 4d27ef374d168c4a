import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Bad MT940 input: each problem has its exact message and location, the good lines around it are
/// still read, and nothing crashes or holds more than a line at a time.
@Suite struct MT940ErrorTests {
    struct LineCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let line: String
        /// The diagnostic's first line.
        let expected: String
    }

    static let goodLine = ":61:240314D1,00NTRFNONREF\n"

    static let lineCases: [LineCase] = [
        .init(
            testDescription: "value date that no calendar has (31 February is read as the last day)", line: ":61:240232D1,00NTRF",
            expected: "t.sta:5:5: error: expected a value date YYMMDD (like 240315) in the :61: statement line, found '240232'"),
        .init(
            testDescription: "value date in month 13", line: ":61:241301D1,00NTRF",
            expected: "t.sta:5:5: error: expected a value date YYMMDD (like 240315) in the :61: statement line, found '241301'"),
        .init(
            testDescription: "value date cut short", line: ":61:2403",
            expected: "t.sta:5:5: error: expected a value date YYMMDD (like 240315) in the :61: statement line, found '2403'"),
        .init(
            testDescription: "entry date in month 13", line: ":61:2403141314D1,00NTRF",
            expected: "t.sta:5:11: error: expected an entry date MMDD after the value date (like 0315) in the :61: statement line, found '1314'"),
        .init(
            testDescription: "mark neither C nor D", line: ":61:240314X1,00NTRF",
            expected: "t.sta:5:11: error: expected a debit/credit mark C, D, RC or RD in the :61: statement line, found 'X'"),
        .init(
            testDescription: "reversal without C or D", line: ":61:240314RX1,00NTRF",
            expected: "t.sta:5:11: error: expected a debit/credit mark C, D, RC or RD in the :61: statement line, found 'RX'"),
        .init(
            testDescription: "amount with a decimal point", line: ":61:240314D1.00NTRF",
            expected: "t.sta:5:12: error: expected an amount with a decimal comma (like 1234,56) in the :61: statement line, found '1.00'"),
        .init(
            testDescription: "amount starting with its comma", line: ":61:240314D,50NTRF",
            expected: "t.sta:5:12: error: expected an amount with a decimal comma (like 1234,56) in the :61: statement line, found ',50'"),
        .init(
            testDescription: "amount with two commas", line: ":61:2403140314C1,0,0NTRF",
            expected: "t.sta:5:16: error: expected an amount with a decimal comma (like 1234,56) in the :61: statement line, found '1,0,0'"),
        .init(
            testDescription: "amount of 19 digits", line: ":61:240314C1234567890123456789,00NTRF",
            expected: "t.sta:5:12: error: expected an amount with a decimal comma (like 1234,56) in the :61: statement line, found '1234567890123456789,00'"),
    ]

    @Test(arguments: lineCases)
    func malformedStatementLine(_ c: LineCase) throws {
        let result = try readMT940(mt940Statement(c.line + "\n" + Self.goodLine, closing: "C240314EUR999,00"))
        #expect(result.diagnostics.map { $0.description.split(separator: "\n")[0] } == [Substring(c.expected)])
        #expect(result.diagnostics.first?.code == "mt940.bad-statement-line")
        #expect(result.diagnostics.first?.notes == ["the transaction was skipped; a :61: line reads like '2403150315D1234,56NTRFNONREF//BANKREF'"])
        #expect(result.activities.map(\.source.line) == [6], "the next line is still read; no balance warning for a damaged statement")
    }

    @Test func balanceMismatchIsAWarningAtTheClosingBalance() throws {
        let result = try readMT940(mt940Statement(Self.goodLine, closing: "C240314EUR999,50"))
        #expect(result.activities.count == 1)
        #expect(
            result.diagnostics.map(\.description) == [
                "t.sta:6:6: warning: the closing balance 999.50 EUR does not match the opening balance 1000.00 EUR and the 1 statement line (-1.00): expected 999.00 EUR\n"
                    + "t.sta:6:6: note: a statement line may be missing from the export, or the file was edited; compare it with the bank's statement"
            ])
    }

    @Test func malformedBalance() throws {
        let result = try readMT940(":20:R\n:25:A\n:60F:C240314EU1,00\n" + Self.goodLine + "-\n")
        #expect(result.codes == ["mt940.bad-balance@3:13", "mt940.unknown-currency@4"])
        #expect(result.diagnostics.first?.message == "expected an ISO 4217 currency code such as EUR in the :60F: balance, found 'EU1'")
        #expect(result.activities.count == 1)
    }

    @Test func statementLineBeforeAccountAndOpeningBalance() throws {
        let text = ":20:R\n" + Self.goodLine + "-\n"
        let plain = try readMT940(text)
        #expect(plain.activities.map { $0.currency } == [nil])
        #expect(
            plain.diagnostics.map(\.description) == [
                "t.sta:2: warning: statement line before the account (:25:) and opening balance (:60F:) of its statement, so its currency is unknown\n"
                    + "t.sta:2: note: its amounts have no currency; pass --currency (such as --currency EUR) to set one"
            ])
        let told = try readMT940(text, options: ReadOptions(currency: CurrencyCode("CHF")))
        #expect(told.activities.map { $0.currency?.description } == ["CHF"])
        #expect(told.diagnostics.first?.notes == ["its amounts were read in CHF as --currency says"])
    }

    @Test func truncatedFile() throws {
        let result = try readMT940(":20:R\n:25:A\n:60F:C240301EUR5,00\n:61:240301D1,00NTRFNONREF\n:86:Bakery\n:61:2403")
        #expect(result.activities.map(\.name) == ["Bakery"])
        #expect(result.codes == ["mt940.bad-statement-line@6:5", "mt940.truncated@6"])
        #expect(result.diagnostics.last?.message == "the file ends inside a statement, before its closing balance (:62F:)")
    }

    @Test func nulBytesMeanABinaryFile() throws {
        let result = try readMT940(Array(":20:R\n:25:A\n".utf8) + [0, 1, 2] + Array(Self.goodLine.utf8))
        #expect(result.activities.isEmpty)
        #expect(
            result.diagnostics.map { $0.description.split(separator: "\n")[0] } == [
                "t.sta:3: error: this looks like a binary file (a NUL byte at offset 12), not an MT940 statement; expected text"
            ])
    }

    @Test func invalidUTF8InAUTF8FileIsReplacedAndReported() throws {
        let text = Array(mt940Statement(":61:240314D1,00NTRFNONREF\n:86:Caf\u{E9} M\u{FC}ller\n", closing: "C240314EUR999,00").utf8)
        let broken = text.replacing(Array("M\u{FC}ller".utf8), with: Array("M\u{FC}ller ".utf8) + [0xFF])
        let result = try readMT940(broken)
        #expect(result.activities.map(\.name) == ["Café Müller \u{FFFD}"])
        #expect(result.codes == ["mt940.invalid-utf8@6:5"])
    }

    @Test func windows1252FileIsDecoded() throws {
        let text = bytes(":20:R\n:25:A\n:60F:C240301EUR5,00\n:61:240301D1,00NTRFNONREF\n:86:Gr{FC}n & S{F6}hne {80}\n-\n")
        let result = try readMT940(text)
        #expect(result.activities.map(\.name) == ["Grün & Söhne €"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func latin1AfterAnASCIIStartIsReadAsWindows1252() throws {
        let reader = MT940StatementReader(maximumLineBytes: 1 << 16, chunkSize: 64, detectionWindow: 32)
        let text = bytes(
            mt940Statement(
                ":61:240314D1,00NTRFNONREF\n:86:166?00GUTSCHRIFT?20SVWZ+Miete?32J{FC}rgen Ha{DF}\n"
                    + ":61:240314D2,00NTRFNONREF\n:86:B{E4}ckerei\nM{FC}hlenweg 3\n", closing: "C240314EUR997,00"))
        let result = try readMT940(text, reader: reader)
        #expect(result.activities.map(\.name) == ["Jürgen Haß", "Bäckerei"])
        #expect(result.activities.map(\.memo) == ["Miete", "Mühlenweg 3"], "line starts follow the re-decoded text")
        #expect(
            result.diagnostics.map(\.description) == [
                "t.sta:6:5: warning: this text is not UTF-8 as the start of the file is; it and any like it were read as Windows-1252 (ISO 8859-1)\n"
                    + "t.sta:6:5: note: check the accented letters of this file's names and memos"
            ])
    }

    @Test func overlongLineIsSkippedWithoutHoldingIt() throws {
        let reader = MT940StatementReader(maximumLineBytes: 256, chunkSize: 64)
        let huge = ":86:" + String(repeating: "x", count: 5000) + "\n"
        let text = mt940Statement(Self.goodLine + huge + ":61:240314D2,00NTRFNONREF\n:86:Kiosk\n", closing: "C240314EUR997,00")
        let result = try readMT940(text, reader: reader)
        #expect(result.codes == ["mt940.overlong-line@6:1"])
        #expect(result.diagnostics.first?.message == "line longer than 256 bytes; expected an MT940 field, skipped to the end of the line")
        #expect(result.activities.map(\.name) == ["", "Kiosk"])
    }

    @Test func emptyFile() throws {
        let result = try readMT940("")
        #expect(
            result.diagnostics.map(\.description) == [
                "t.sta:1: error: the file is empty; expected an MT940 statement\nt.sta:1: note: 'pfin identify t.sta' shows what each reader saw"
            ])
    }

    @Test func textWithoutFieldsIsNotMT940() throws {
        let result = try readMT940("Date;Amount\n2024-03-01;5,00\n")
        #expect(result.codes == ["mt940.stray-text@1:1", "mt940.stray-text@2:1", "mt940.not-mt940@1"])
        #expect(result.diagnostics.last?.notes.last == "'pfin identify t.sta' shows what each reader saw")
        #expect(result.activities.isEmpty)
    }

    @Test func unknownTagsAreIgnored() throws {
        let result = try readMT940(
            ":20:R\n:21:NONREF\n:13D:2403141200+0100\n:25:A\n:34F:EURD0,\n:60F:C240301EUR5,00\n"
                + Self.goodLine + ":86:Kiosk\n:NS:22Kiosk am Markt\n:99Z:whatever\n:62F:C240314EUR4,00\n:64:C240314EUR4,00\n"
                + ":65:C240315EUR4,00\n-\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.activities.map(\.name) == ["Kiosk"])
        #expect(result.activities.map(\.memo) == [nil], "the :NS: line is a field of its own, not part of the narrative")
    }
}

/// Detection: MT940 is taken for what it is and never steals another format's file.
@Suite struct MT940SniffTests {
    static let positives: [String] = [
        ":20:STARTUMSE\r\n:25:20041155/0123456789\r\n",
        "\u{FEFF}\r\n\r\n:20:X\n:28C:1\n:60F:C240301EUR1,00\n",
        "{1:F01TESTDEFFAXXX0000000000}{2:O940TESTDEFFAXXXN}{3:{108:ABC}}{4:\n:20:X\n:25:DE44500105175407324931\n",
        "{1:F01TESTDEFFAXXX0000000000}{2:O940TESTDEFFAXXXN}{4::20:X\n:25:Y\n",
    ]

    static let negatives: [String] = [
        ":20:X\nno account field here\n",
        "date,name,amount\n2024-03-01,:20: and :25:,5.00\n",
        "Buchungstag;Verwendungszweck\n01.03.2024;:20: :25: :60F:\n",
        "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>:20::25:\n",
        "!Type:Bank\nD03/15/2024\nT-5.00\nP:20: :25:\n^\n",
        #"{"date":"2024-03-01","amount":"-5.00","name":":20: :25:"}"# + "\n",
    ]

    @Test(arguments: positives)
    func sure(_ text: String) {
        #expect(MT940StatementReader.sniff(Array(text.utf8)) == 90)
        #expect(StatementReaders.detect(Array(text.utf8)) == .mt940)
    }

    @Test(arguments: negatives)
    func notMT940(_ text: String) {
        #expect(MT940StatementReader.sniff(Array(text.utf8)) == 0)
        #expect(StatementReaders.detect(Array(text.utf8)) != .mt940)
    }
}
