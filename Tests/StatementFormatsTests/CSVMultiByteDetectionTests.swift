import FinanceCore
import Testing

@testable import StatementFormats

/// Telling the Chinese, Japanese and Korean encodings apart, and from the single-byte code pages:
/// a file that is not UTF-8 is read in the encoding whose decoding reads as the language's text.
@Suite struct CSVMultiByteDetectionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let encoding: TextEncoding
        let text: String
        /// A name the reader must give back exactly (as name or memo).
        let name: String
    }

    /// glibc's name for writing each encoding's bytes.
    static func charset(_ encoding: TextEncoding) -> String {
        switch encoding {
        case .shiftJIS: return "CP932"
        case .gb18030: return "GBK"
        case .big5: return "BIG5"
        case .eucKR: return "CP949"
        default: return encoding.name.uppercased()
        }
    }

    static let cases: [Case] = [
        .init(
            testDescription: "Japanese bank: kanji and kana header, half-width katakana payees", encoding: .shiftJIS,
            text: "年月日,お引出し,お預入れ,お取り扱い内容,残高\n2024/03/01,,250000,ｷﾕｳﾖ ｶ)ｱｵｿﾞﾗｼﾖｳｼﾞ,1250000\n2024/03/05,1234,,ｾﾌﾞﾝｲﾚﾌﾞﾝ ｼﾌﾞﾔ,1248766\n",
            name: "ｾﾌﾞﾝｲﾚﾌﾞﾝ ｼﾌﾞﾔ"),
        .init(
            testDescription: "Japanese bank: full-width katakana payees", encoding: .shiftJIS,
            text: "日付,摘要,摘要内容,支払い金額,預かり金額,差引残高\n2024/3/5,振込,カ）ホシゾラ　キユウヨ,,310000,1310000\n2024/3/8,カード,ローソン,880,,1309120\n",
            name: "ローソン"),
        .init(
            testDescription: "Japanese rows without a header: half-width names and kanji", encoding: .shiftJIS,
            text: "2024/03/05,振込,ﾔﾏﾀﾞ ﾀﾛｳ,-12000\n2024/03/06,口座振替,ﾄｳｷﾖｳｶﾞｽ,-6420\n2024/03/25,給与,ｶ)ﾎｼｿﾞﾗ,310000\n",
            name: "ﾄｳｷﾖｳｶﾞｽ"),
        .init(
            testDescription: "Chinese bank in GBK (交易日期, 收入, 支出, 余额)", encoding: .gb18030,
            text: "交易日期,交易时间,收入,支出,余额,交易类型,交易备注\n20240301,10:12:00,,28.00,5012.30,快捷支付,瑞幸咖啡\n20240305,18:20:11,,3500.00,1512.30,转账汇款,王五 房租\n",
            name: "瑞幸咖啡"),
        .init(
            testDescription: "Alipay in GBK, after its preamble", encoding: .gb18030,
            text: """
                支付宝交易记录明细查询
                账号:[13800000000]
                交易号,交易创建时间,类型,交易对方,商品名称,金额（元）,收/支,交易状态
                2024030122001,2024-03-01 12:01:02,即时到账交易,美团外卖,外卖订单,35.50,支出,交易成功
                2024030222002,2024-03-02 08:30:00,即时到账交易,滴滴出行,快车,18.00,支出,交易成功

                """,
            name: "滴滴出行"),
        .init(
            testDescription: "Chinese rows without a header", encoding: .gb18030,
            text: "2024-03-01,网上支付,永辉超市,-86.50\n2024-03-02,代发工资,星辰科技有限公司,15000.00\n2024-03-03,手续费,跨行转账手续费,-2.00\n",
            name: "永辉超市"),
        .init(
            testDescription: "Taiwanese bank in Big5 (支出金額, 存入金額, 餘額)", encoding: .big5,
            text: "帳務日期,摘要,支出金額,存入金額,餘額,備註\n2024/03/01,薪資,,52000,152000,星辰科技股份有限公司\n2024/03/05,跨行轉帳,12000,,140000,房租\n",
            name: "星辰科技股份有限公司"),
        .init(
            testDescription: "Taiwanese rows without a header", encoding: .big5,
            text: "2024/03/05,信用卡費,國泰世華,-8520\n2024/03/08,轉帳支出,台灣電力公司,-1230\n2024/03/20,利息,存款利息,35\n",
            name: "台灣電力公司"),
        .init(
            testDescription: "Korean bank in EUC-KR (거래일자, 출금액, 입금액, 잔액)", encoding: .eucKR,
            text: "거래일자,적요,출금액,입금액,잔액,거래점\n2024.03.01,급여,,3200000,5200000,인터넷\n2024.03.05,카드결제,45000,,5155000,신한카드\n",
            name: "신한카드"),
        .init(
            testDescription: "Korean rows without a header", encoding: .eucKR,
            text: "2024.03.10,이체,홍길동 월세,-600000\n2024.03.11,체크카드,이마트,-45200\n2024.03.21,이자,예금이자,1250\n",
            name: "이마트"),
        .init(
            testDescription: "Turkish header in Windows-1254 (İşlem Tarihi, Açıklama)", encoding: .windows1254,
            text: "İşlem Tarihi;Açıklama;Tutar;Bakiye\n01.05.2024;Market Alışverişi;-245,50;1.754,50\n02.05.2024;Gelen Havale Çağrı Doğan;1.500,00;3.254,50\n",
            name: "Market Alışverişi"),
        .init(
            testDescription: "Turkish names under a plain header in Windows-1254", encoding: .windows1254,
            text: "Tarih;Aciklama;Tutar\n01.05.2024;Kırtasiye Işık;-45,00\n02.05.2024;Eczane Güneş;-120,00\n",
            name: "Kırtasiye Işık"),
        // What a multi-byte reading must not take: single-byte text whose bytes happen to pair.
        .init(
            testDescription: "German umlauts stay Windows-1252 (Müller is M黮ler in GBK)", encoding: .windows1252,
            text: "Datum;Text;Betrag\n01.05.2024;Bäckerei Müller Straße;-3,00\n02.05.2024;Überweisung Gebühr;-4,00\n",
            name: "Bäckerei Müller Straße"),
        .init(
            testDescription: "Russian capitals stay Windows-1251 (half-width katakana in Shift_JIS)", encoding: .windows1251,
            text: "ДАТА;ОПИСАНИЕ;СУММА\n01.05.2024;ОПЛАТА ПО КАРТЕ ПЯТЁРОЧКА;-1234,56\n02.05.2024;ПЕРЕВОД ОТ ИВАНОВА;15000,00\n",
            name: "ОПЛАТА ПО КАРТЕ ПЯТЁРОЧКА"),
        .init(
            testDescription: "Russian lower case stays Windows-1251 (Han characters in GBK)", encoding: .windows1251,
            text: "Дата;Описание;Сумма\n01.05.2024;Оплата Описание;-655,42\n02.05.2024;Перевод средств;-10,00\n",
            name: "Оплата Описание"),
        .init(
            testDescription: "Icelandic stays Windows-1252 (ð þ ý are ğ ş ı in 1254)", encoding: .windows1252,
            text: "Dagsetning;Texti;Upphæð\n01.05.2024;Þórður Sigurðsson;-3.000\n02.05.2024;Kaffihús Ýmis;-500\n",
            name: "Þórður Sigurðsson"),
    ]

    @Test(arguments: cases)
    func encoding(_ c: Case) throws {
        let bytes = try #require(legacyBytes(c.text, Self.charset(c.encoding)))
        #expect(TextEncoding.guess(bytes, isComplete: true).encoding == .windows1252, "not UTF-8")
        #expect(
            CodePageDetection.choose(bytes) == c.encoding,
            "\(CodePageDetection.scores(bytes)) \(MultiByteDetection.scores(bytes))")
        let read = try readCSV(bytes)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.contains { $0.name == c.name || $0.memo == c.name }, "\(read.activities.map(\.name))")
    }

    @Test func simplifiedAndTraditionalAreToldApart() throws {
        // The same words in each script, each in its own encoding: each reads only in its own.
        let simplified = try #require(legacyBytes("交易日期,摘要,金额,余额\n2024/03/01,转账,-1200,8800\n", "GBK"))
        let traditional = try #require(legacyBytes("交易日期,摘要,金額,餘額\n2024/03/01,轉帳,-1200,8800\n", "BIG5"))
        #expect(CodePageDetection.choose(simplified) == .gb18030, "\(MultiByteDetection.scores(simplified))")
        #expect(CodePageDetection.choose(traditional) == .big5, "\(MultiByteDetection.scores(traditional))")
    }

    @Test func onlyTheStartOfTheWindowIsJudged() throws {
        // As for the code pages: one decoding of the first 64 KiB per encoding, whatever the
        // file's size; Japanese text beyond it does not count.
        let german = CSVCodePageTests.encode(
            "Datum;Text;Betrag\n" + String(repeating: "01.05.2024;Bäckerei Müller;-1,00\n", count: 3000), .windows1252)
        let japanese = try #require(legacyBytes(String(repeating: "2024/03/05,振込,ﾔﾏﾀﾞ ﾀﾛｳ,-12000\n", count: 3000), "CP932"))
        #expect(german.count > CodePageDetection.sampleBytes && japanese.count > CodePageDetection.sampleBytes)
        #expect(CodePageDetection.choose(german + japanese) == .windows1252)
        #expect(CodePageDetection.choose(japanese + german) == .shiftJIS)
    }
}
