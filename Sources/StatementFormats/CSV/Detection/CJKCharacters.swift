/// The characters that tell a right reading of Chinese, Japanese or Korean text from a wrong one
/// (`MultiByteDetection`).
///
/// Read in the wrong encoding, such text gives characters all the same, but not the ones people
/// write: each national standard puts the characters in common use first, and a wrong reading
/// lands anywhere in the table. So a character of the first level of its standard is neutral,
/// one outside it counts against the reading, and the characters of bank statements (dates,
/// amounts, balances, transfers, fees…) count for it. The levels are read from glibc's own
/// tables, through the converters pfin decodes with.
enum CJKCharacters {
    /// Han characters common in bank statements, in simplified and traditional Chinese and in
    /// Japanese: the evidence that generalises across banks, since a header or a kind of payment
    /// is made of them.
    static let bank: Set<UInt32> = Set(
        [
            "日期时時间間年月",  // dates and times
            "金额額元圆圓円钱錢币幣价價",  // money and amounts
            "余餘结結存残高",  // balances
            "收入支出进進",  // money in and out
            "转轉账帳汇匯划劃振込替",  // transfers
            "手续續费費料数數利息税稅",  // fees, interest and tax
            "对對方户戶名称稱先号號口座",  // counterparties and accounts
            "备備注註摘要说說明考细細内容",  // remarks and summaries
            "种種别別类類型通货貨",  // currencies and kinds
            "交易取引付款消购購物扣缴繳充值払",  // payments
            "工资資薪給与贷貸借退还還提现現預戻落",  // wages, loans, refunds and cash
            "卡银銀行商店公司有限宝寶微信财財网網上代",  // cards, banks, shops and apps
            "状狀态態成功计計合",  // status and totals
            "发發票租房水电電气氣话話保险險賃",  // bills and rent
        ].joined().unicodeScalars.map(\.value))

    /// GB2312's first level (B0A1–D7F9): the 3,755 characters of everyday simplified Chinese.
    static let gb2312Level1 = decoded(.gb18030, leads: 0xB0...0xD7, trails: [0xA1...0xFE], last: 0xD7F9)
    /// Big5's frequently used characters (A440–C67E): the 5,401 of everyday traditional Chinese.
    static let big5Frequent = decoded(.big5, leads: 0xA4...0xC6, trails: [0x40...0x7E, 0xA1...0xFE], last: 0xC67E)
    /// JIS X 0208's first level (Shift_JIS 889F–9872): the 2,965 kanji of everyday Japanese.
    static let jisLevel1 = decoded(.shiftJIS, leads: 0x88...0x98, trails: [0x40...0x7E, 0x80...0xFC], first: 0x889F, last: 0x9872)
    /// KS X 1001's Hangul (EUC-KR B0A1–C8FE): the 2,350 syllables of everyday Korean; CP949 adds
    /// the 8,822 others, which a Korean bank's text hardly uses.
    static let ksHangul = decoded(.eucKR, leads: 0xB0...0xC8, trails: [0xA1...0xFE])

    /// The characters of everyday text in the first level of `encoding`'s standard.
    static func firstLevel(_ encoding: TextEncoding) -> Set<UInt32> {
        switch encoding {
        case .gb18030: return gb2312Level1
        case .big5: return big5Frequent
        case .shiftJIS: return jisLevel1
        default: return []
        }
    }

    /// The characters of the two-byte codes from `first` to `last` with the given lead and trail
    /// bytes, decoded in `encoding` (empty when glibc cannot decode it).
    private static func decoded(
        _ encoding: TextEncoding, leads: ClosedRange<UInt8>, trails: [ClosedRange<UInt8>], first: Int = 0, last: Int = 0xFFFF
    ) -> Set<UInt32> {
        var bytes: [UInt8] = []
        for lead in leads {
            for range in trails {
                for trail in range where (first...last).contains(Int(lead) << 8 | Int(trail)) {
                    bytes.append(lead)
                    bytes.append(trail)
                }
            }
        }
        var transcoder = UTF8Transcoder(encoding: encoding)
        var text: [UInt8] = []
        bytes.withUnsafeBufferPointer { transcoder.decode($0, into: &text, isFinal: true) }
        return Set(String(decoding: text, as: UTF8.self).unicodeScalars.map(\.value).filter { $0 >= 0x80 && $0 != 0xFFFD })
    }
}
