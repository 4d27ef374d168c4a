import FinanceCore
import Testing

@testable import StatementFormats

/// A profile's `encoding` line naming a multi-byte encoding or Windows-1254: the file is decoded
/// in it, and bytes that are no character of it are said.
@Suite struct CSVEncodingProfileTests {
    static func profile(_ encoding: TextEncoding) -> CSVProfile {
        var profile = CSVProfile()
        profile.encoding = encoding
        return profile
    }

    @Test(arguments: [
        (TextEncoding.shiftJIS, "CP932", "日付,取引先,金額\n2024/03/05,ｾﾌﾞﾝｲﾚﾌﾞﾝ 渋谷店,-1234\n", "ｾﾌﾞﾝｲﾚﾌﾞﾝ 渋谷店"),
        (.gb18030, "GB18030", "交易日期,交易对方,金额\n2024-03-05,瑞幸咖啡,-28.00\n", "瑞幸咖啡"),
        (.big5, "BIG5", "交易日期,對方戶名,金額\n2024/03/05,台灣電力公司,-1230\n", "台灣電力公司"),
        (.eucKR, "CP949", "거래일자,받는분,금액\n2024.03.05,이마트,-45200\n", "이마트"),
        (.windows1254, "WINDOWS-1254", "Date;Name;Amount\n05.03.2024;Kırtasiye Işık;-45,00\n", "Kırtasiye Işık"),
    ])
    func namedEncodingIsDecoded(_ encoding: TextEncoding, charset: String, text: String, name: String) throws {
        let bytes = try #require(legacyBytes(text, charset))
        let read = try readCSV(bytes, options: ReadOptions(csvProfile: Self.profile(encoding)))
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.name) == [name])
    }

    @Test func aPinnedEncodingIsRead() throws {
        // One line of kanji: the profile says what it is.
        let bytes = try #require(legacyBytes("日付,内容,金額\n2024/03/05,家賃,-85000\n", "CP932"))
        let read = try readCSV(bytes, options: ReadOptions(csvProfile: Self.profile(.shiftJIS)))
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.name) == ["家賃"])
    }

    @Test(arguments: [TextEncoding.shiftJIS, .gb18030, .big5, .eucKR, .windows1254])
    func profileNamesTheEncodingAndReadsItBack(_ encoding: TextEncoding) throws {
        var dialect = try detectCSV("Date,Payee,Amount\n2024-05-03,Shop,-5.00\n").dialect
        dialect.encoding = encoding
        let text = dialect.profileText(source: "test")
        #expect(text.contains("encoding \(encoding.name)\n"))
        #expect(try csvProfile(text).encoding == encoding)
    }

    @Test func bytesThatAreNoCharacterAreCountedInOneWarning() throws {
        var bytes = try #require(legacyBytes("日付,摘要,金額,残高\n2024/03/05,ｾﾌﾞﾝｲﾚﾌﾞﾝ,-1234,98766\n2024/03/06,ﾛｰｿﾝ,-540,98226\n", "CP932"))
        // A byte that is no Shift_JIS (0xFD) in place of the second payee's first letter.
        let at = try #require(bytes.lastIndex(of: 0xDB))
        bytes[at] = 0xFD
        let read = try readCSV(bytes, options: ReadOptions(csvProfile: Self.profile(.shiftJIS)))
        #expect(read.activities.map(\.name) == ["ｾﾌﾞﾝｲﾚﾌﾞﾝ", "\u{FFFD}ｰｿﾝ"])
        let warnings = read.diagnostics.filter { $0.code == "csv.invalid-bytes" }
        #expect(warnings.map(\.message) == ["1 byte sequence that is not shift_jis replaced with U+FFFD"])
    }
}
