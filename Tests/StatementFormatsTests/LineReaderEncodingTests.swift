import FinanceCore
import Testing

@testable import StatementFormats

/// QIF and MT940 files that are not UTF-8: Windows-1252 as before, unless a multi-byte encoding
/// reads them better (a Japanese bank's QIF in Shift_JIS); `pfin identify` says which.
@Suite struct LineReaderEncodingTests {
    static let qif = "!Type:Bank\nD03/05/2024\nT-1,234.00\nPｾﾌﾞﾝｲﾚﾌﾞﾝ 渋谷店\nM振込手数料\n^\nD03/06/2024\nT-540.00\nPローソン\n^\n"

    @Test func qifInShiftJIS() throws {
        let bytes = try #require(legacyBytes(Self.qif, "CP932"))
        let read = try readQIF(bytes)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.name) == ["ｾﾌﾞﾝｲﾚﾌﾞﾝ 渋谷店", "ローソン"])
        #expect(read.activities.map(\.memo) == ["振込手数料", nil])
        #expect(StatementIdentification.identify(SniffInput(bytes, isComplete: true)).encoding.encoding == .shiftJIS)
    }

    @Test func qifInWindows1252StaysSo() throws {
        let bytes = CSVCodePageTests.encode("!Type:Bank\nD03/05/2024\nT-4.50\nPCafé Müller\n^\n", .windows1252)
        #expect(try readQIF(bytes).activities.map(\.name) == ["Café Müller"])
        #expect(StatementIdentification.identify(SniffInput(bytes, isComplete: true)).encoding.encoding == .windows1252)
    }

    @Test func mt940InShiftJIS() throws {
        let text = ":20:STARTUMS\n:25:0001/1234567\n:28C:1\n:60F:C240301JPY100000,\n:61:2403050305D1234,NTRFNONREF\n:86:ｾﾌﾞﾝｲﾚﾌﾞﾝ 渋谷店 振込\n:62F:C240305JPY98766,\n"
        let bytes = try #require(legacyBytes(text, "CP932"))
        let read = try readMT940(bytes)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.name) == ["ｾﾌﾞﾝｲﾚﾌﾞﾝ 渋谷店 振込"])
        #expect(StatementIdentification.identify(SniffInput(bytes, isComplete: true)).encoding.encoding == .shiftJIS)
    }
}
