import FinanceCore
import Testing

@testable import StatementFormats

/// HTML pages of Japanese, Chinese and Korean banks (what some send as `.xls`): a `charset` the
/// page declares is libxml2's to decode; an undeclared page in a multi-byte encoding is decoded
/// by pfin, as the CSV reader would.
@Suite struct HTMLCharsetTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let charset: String
        /// The `<meta>` declaring it, or none.
        let meta: String
        let header: String
        let names: [String]
    }

    static let cases: [Case] = [
        .init(
            testDescription: "Shift_JIS declared", charset: "CP932", meta: "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\">",
            header: "日付,摘要,金額", names: ["ｾﾌﾞﾝｲﾚﾌﾞﾝ 渋谷店", "ローソン"]),
        .init(testDescription: "Shift_JIS undeclared", charset: "CP932", meta: "", header: "日付,摘要,金額", names: ["ｾﾌﾞﾝｲﾚﾌﾞﾝ 渋谷店", "ローソン"]),
        .init(testDescription: "GBK declared", charset: "GBK", meta: "<meta charset=\"gbk\">", header: "交易日期,摘要,金额", names: ["快捷支付 瑞幸咖啡", "代发工资"]),
        .init(testDescription: "GBK undeclared", charset: "GBK", meta: "", header: "交易日期,摘要,金额", names: ["快捷支付 瑞幸咖啡", "代发工资"]),
        .init(testDescription: "Big5 undeclared", charset: "BIG5", meta: "", header: "交易日期,摘要,金額", names: ["跨行轉帳", "薪資"]),
        .init(testDescription: "EUC-KR undeclared", charset: "CP949", meta: "", header: "거래일자,적요,금액", names: ["카드결제", "급여"]),
    ]

    @Test(arguments: cases)
    func namesComeOutRight(_ c: Case) throws {
        func row(_ cells: [String]) -> String { "<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n" }
        let html =
            "<html><head>\(c.meta)</head><body>\n<table>\n" + row(c.header.split(separator: ",").map(String.init))
            + row(["2024-03-05", c.names[0], "-1234"]) + row(["2024-03-06", c.names[1], "-540"]) + "</table></body></html>\n"
        var collector = StatementCollector()
        let bytes = try #require(legacyBytes(html, c.charset))
        try HTMLTableReader().read(ByteInput(bytes: bytes, displayName: "t.xls"), options: ReadOptions(), into: &collector)
        #expect(collector.errors.isEmpty, "\(collector.errors)")
        #expect(collector.activities.map(\.name) == c.names)
        #expect(collector.activities.map { $0.source.line } == [4, 5], "lines of the page")
    }
}
