import FinanceCore

/// Currency symbols and ISO 4217 codes as they appear next to amounts in bank exports.
enum CurrencyText {
    /// The currency written at `i` and its width in bytes. The code is `nil` for a symbol that
    /// names no single currency (`kr`).
    static func match(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (CurrencyCode?, Int)? {
        let n = bytes.count
        guard i < n else { return nil }
        let first = Int(bytes[i])
        for (symbol, code) in symbols[Int(symbolStart[first])..<Int(symbolStart[first + 1])] where i + symbol.count <= n {
            var equal = true
            for k in 0..<symbol.count where bytes[i + k] != symbol[k] { equal = false; break }
            // An abbreviation ending in a letter ends the word: `Rs` is no currency in `Rsvp`.
            guard equal, !isLetter(symbol[symbol.count - 1]) || i + symbol.count == n || !isLetter(bytes[i + symbol.count]) else { continue }
            // A letter alone (`R`) is a currency only before the number it prefixes (`R 12.50`, `R12.50`).
            if symbol.count == 1, isLetter(symbol[0]), !isNumber(bytes, from: i + 1) { continue }
            return (code, symbol.count)
        }
        // Three letters that are an ISO code, not followed by another letter; a withdrawn code
        // only in capitals (`100,00 LTL`), as the few that spell a word (`SUR`, `BEL`) are not.
        if i + 3 <= n, let code = CurrencyCode(bytes: bytes[i], bytes[i + 1], bytes[i + 2]),
            isoCodes.contains(code) || (historicCodes.contains(code) && isUpper(bytes[i], bytes[i + 1], bytes[i + 2])),
            i + 3 == n || !isLetter(bytes[i + 3])
        {
            return (code, 3)
        }
        if i + 2 <= n, bytes[i] | 0x20 == UInt8(ascii: "k"), bytes[i + 1] | 0x20 == UInt8(ascii: "r"),
            i + 2 == n || !isLetter(bytes[i + 2])
        {
            return (nil, i + 2 < n && bytes[i + 2] == UInt8(ascii: ".") ? 3 : 2)
        }
        return nil
    }

    /// The currency a symbol or code stands for, if `text` is exactly one (`€`, `EUR`, `US$`).
    static func currency(named text: String) -> CurrencyCode? {
        var text = text
        return text.withUTF8 { bytes in
            guard let (code, width) = match(bytes, at: 0), width == bytes.count else { return nil }
            return code
        }
    }

    /// A currency column's cell: an ISO 4217 code (`EUR`), GnuCash's commodity (`CURRENCY::USD`),
    /// or a symbol (`$`, `€`, hledger's commodity column). A withdrawn code is itself (`LTL`);
    /// `RUR` is `RUB` (`CurrencyCode.bankSynonym`), which the reader warns of.
    static func currency(inCell text: String) -> CurrencyCode? {
        let code = text.hasPrefix("CURRENCY::") ? String(text.dropFirst(10)) : text
        if let iso = self.code(code) { return iso }
        return currency(named: code) ?? currency(word: code)
    }

    /// A currency as a currency column spells it out in words: ICBC's and Bank of China's
    /// `记账币种`/`币别` hold `人民币` (renminbi), `港币`, `美元`; Ukrainian banks write `грн`.
    static func currency(word text: String) -> CurrencyCode? {
        currencyWords[text.trimmingCharacters(in: " ")].flatMap { CurrencyCode($0) }
    }

    private static let currencyWords: [String: String] = [
        "人民币": "CNY", "人民幣": "CNY", "港币": "HKD", "港幣": "HKD", "港元": "HKD", "美元": "USD", "欧元": "EUR",
        "歐元": "EUR", "英镑": "GBP", "英鎊": "GBP", "日元": "JPY", "日圓": "JPY", "澳元": "AUD", "加元": "CAD",
        "新台币": "TWD", "新台幣": "TWD", "грн": "UAH", "грн.": "UAH", "гривня": "UAH",
    ]

    /// What a bank's synonym of a currency code (`CurrencyCode.bankSynonym`) is, for its warning:
    /// the words after "the currency 'RUR' is", and a note on the code ISO 4217 gives it.
    static func synonymWording(_ written: String) -> (what: String, note: String) {
        if CurrencyCode(written)?.bankSynonym == CurrencyCode("CNY") {
            return (
                "the renminbi's everyday abbreviation, no ISO 4217 code, which Chinese banks write for the yuan",
                "ISO 4217 names the renminbi CNY"
            )
        }
        return (
            "the rouble's code before its 1998 redenomination, which banks still write for today's rouble",
            "ISO 4217 withdrew RUR in 1998; RUB is the rouble's code since"
        )
    }

    /// The code `text` is, exactly: a current ISO 4217 code, a withdrawn one (`LTL`, `DEM`), or
    /// `RUR` read as `RUB`; `nil` for any other text, so that a stray word is no currency.
    static func code(_ text: some StringProtocol) -> CurrencyCode? {
        guard let code = CurrencyCode(text) else { return nil }
        if let current = code.bankSynonym { return current }
        return isoCodes.contains(code) || historicCodes.contains(code) ? code : nil
    }

    private static func isUpper(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(a) && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
            && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
    }

    /// Whether a digit stands at `from`, or after one space there.
    private static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Bool {
        var k = from
        if k < bytes.count && bytes[k] == 0x20 { k += 1 }
        return k < bytes.count && bytes[k] &- UInt8(ascii: "0") < 10
    }

    private static func isLetter(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
    }

    /// By first byte, then longest first, so that `US$` wins over `U…` and `Rs.` over `Rs`.
    private static let symbols: [([UInt8], CurrencyCode?)] =
        (signs + arabicAbbreviations.flatMap { [$0, ($0.0 + ".", $0.1)] })
        .map { (Array($0.0.utf8), $0.1.flatMap { CurrencyCode($0) }) }
        .sorted { $0.0[0] != $1.0[0] ? $0.0[0] < $1.0[0] : $0.0.count > $1.0.count }

    /// The symbols starting with byte `b` are `symbols[symbolStart[b] ..< symbolStart[b + 1]]`.
    private static let symbolStart: [Int32] = {
        var start = [Int32](repeating: 0, count: 257)
        for (symbol, _) in symbols { start[Int(symbol[0]) + 1] += 1 }
        for b in 0..<256 { start[b + 1] += start[b] }
        return start
    }()

    /// Currency signs and the abbreviations written with Latin letters.
    private static let signs: [(String, String?)] = [
        ("Mex$", "MXN"), ("US$", "USD"), ("CA$", "CAD"), ("AU$", "AUD"), ("NZ$", "NZD"), ("HK$", "HKD"),
        ("C$", "CAD"), ("A$", "AUD"), ("S$", "SGD"), ("R$", "BRL"), ("Fr.", "CHF"), ("zł", "PLN"), ("Kč", "CZK"),
        ("$", "USD"), ("€", "EUR"), ("£", "GBP"), ("¥", "JPY"), ("₹", "INR"), ("₩", "KRW"), ("₪", "ILS"),
        ("₺", "TRY"), ("₽", "RUB"), ("₫", "VND"), ("₱", "PHP"), ("฿", "THB"),
        // The full-width yen sign and the yen and won as written in Japanese and Korean
        // statements (`ご利用金額(￥)`, `1,200円`, `금액(원)`).
        ("￥", "JPY"), ("円", "JPY"), ("원", "KRW"),
        ("؋", "AFN"),
        // U+20C1 SAUDI RIYAL SIGN (Unicode 17, 2025), the riyal's own sign.
        ("\u{20C1}", "SAR"),
        // U+FDFC RIAL SIGN is written for the rials of Iran, Yemen, Oman and Qatar and the Saudi
        // riyal alike: it names no single currency.
        ("\u{FDFC}", nil),
        // The other signs of the Unicode currency block, each its country's own.
        ("₴", "UAH"), ("₸", "KZT"), ("₼", "AZN"), ("₾", "GEL"), ("֏", "AMD"), ("₮", "MNT"), ("₭", "LAK"),
        ("៛", "KHR"), ("₦", "NGN"), ("₲", "PYG"), ("₡", "CRC"), ("৳", "BDT"), ("GH₵", "GHS"), ("₵", "GHS"),
        ("GH¢", "GHS"), ("E£", "EGP"),
        // Dollars with their country's letters (`NT$` Taiwan, `RD$` Dominican Republic).
        ("NT$", "TWD"), ("MX$", "MXN"), ("RD$", "DOP"), ("TT$", "TTD"), ("EC$", "XCD"), ("FJ$", "FJD"),
        ("J$", "JMD"), ("N$", "NAD"),
        // Local abbreviations banks and apps write beside amounts instead of the code: Malaysia's
        // `RM`, Indonesia's `Rp`, Hungary's `Ft`, Bulgaria's `лв`, Turkey's `TL`, Peru's `S/`,
        // Bangladesh's `Tk`, East Africa's shillings, Egypt's `LE`, the Gulf's dinars and riyals
        // (`KD 1.250`: three decimals), Israel's `ש"ח`; a word ends each (`isLetter`).
        ("RM", "MYR"), ("Rp.", "IDR"), ("Rp", "IDR"), ("Ft", "HUF"), ("лв.", "BGN"), ("лв", "BGN"),
        ("TL", "TRY"), ("S/.", "PEN"), ("S/", "PEN"), ("Tk.", "BDT"), ("Tk", "BDT"), ("KShs", "KES"),
        ("KSh", "KES"), ("Ksh", "KES"), ("USh", "UGX"), ("TSh", "TZS"), ("L.E.", "EGP"), ("LE", "EGP"),
        ("KD", "KWD"), ("BD", "BHD"), ("RO", "OMR"), ("JD", "JOD"), ("QR", "QAR"), ("SR", "SAR"),
        ("ש\"ח", "ILS"), ("ש״ח", "ILS"), ("грн.", "UAH"), ("грн", "UAH"), ("руб.", "RUB"), ("руб", "RUB"),
        ("kn", "HRK"), ("din.", "RSD"), ("дин.", "RSD"), ("ден", "MKD"),
        // Thailand's `บาท` (baht) after the number, Switzerland's `SFr.`, South Africa's `R` before
        // it (`R 1,234.56`: a letter alone, so it too must end its word).
        ("บาท", "THB"), ("SFr.", "CHF"), ("SFr", "CHF"), ("R", "ZAR"),
        // Signs several currencies share, like `kr`: the rupee's (India, Pakistan, Sri Lanka, Nepal,
        // Mauritius), `Dh`/`Dhs` (the Emirates' and Morocco's dirhams), `Bs` (Bolivia, Venezuela),
        // `lei` (Romania, Moldova). The amount is read; its currency comes from the file or
        // `--currency`.
        ("₨", nil), ("Rs.", nil), ("Rs", nil), ("RS.", nil), ("RS", nil), ("Dhs", nil), ("DHS", nil),
        ("Dh", nil), ("DH", nil), ("Bs.", nil), ("Bs", nil), ("lei", nil),
        // `元` (yuan) is written for the renminbi and for Taiwan's and Hong Kong's dollars alike.
        ("元", nil),
    ]

    /// The currencies of Arabic-speaking countries by their abbreviations, as Arabic locales write
    /// them beside amounts (YNAB 4's `د.ا.4.750`), each also with a final dot: in the order the
    /// letters are stored, the currency's initial, a dot, the country's (`د.إ` dirham of the
    /// Emirates); Iraq's and Libya's are met in both orders.
    private static let arabicAbbreviations: [(String, String?)] = [
        ("د.ا", "JOD"), ("د.أ", "JOD"), ("د.إ", "AED"), ("ر.س", "SAR"), ("د.ك", "KWD"), ("ر.ق", "QAR"),
        ("د.ب", "BHD"), ("ر.ع", "OMR"), ("ج.م", "EGP"), ("د.ج", "DZD"), ("د.م", "MAD"), ("د.ت", "TND"),
        ("ل.ل", "LBP"), ("د.ع", "IQD"), ("ع.د", "IQD"), ("د.ل", "LYD"), ("ل.د", "LYD"), ("ل.س", "SYP"),
        ("ج.س", "SDG"), ("ر.ي", "YER"),
    ]

    /// Active ISO 4217 codes (list one), so that a stray word is not taken for a currency.
    static let isoCodes: Set<CurrencyCode> = {
        let list = """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD \
            CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD \
            GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT \
            LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR \
            NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP \
            STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF \
            XPF YER ZAR ZMW ZWL
            """
        return Set(list.split(separator: " ").compactMap { CurrencyCode($0) })
    }()

    /// Withdrawn ISO 4217 codes (list three) of national currencies a statement may still hold:
    /// the euro's predecessors (`DEM`, `FRF`, `LTL` until 2015, `HRK` until 2023), and the
    /// currencies redenominated or replaced since the 1990s (`TRL`, `ROL`, `VEF`, `ZMK`).
    /// Each is read as itself, never converted: the statement's amounts are in it.
    static let historicCodes: Set<CurrencyCode> = {
        let list = """
            ADP AFA ATS AZM BEF BGL BYB BYR CSD CSK CYP DEM ECS EEK ESP FIM FRF GHC GRD HRK IEP ITL LTL LUF LVL \
            MGF MRO MTL MXP MZM NLG PLZ PTE ROL SDD SIT SKK SLL SRG STD TMM TRL VEB VEF XEU YUM ZMK ZWD
            """
        return Set(list.split(separator: " ").compactMap { CurrencyCode($0) })
    }()
}
