import Testing

@testable import StatementFormats

@Suite struct TextFoldingTests {
    @Test(arguments: [
        ("März", false, "marz"),
        ("März", true, "maerz"),  // German transliteration
        ("MÜLLER", true, "mueller"),
        ("Öl", false, "ol"),
        ("Straße", false, "strasse"),
        ("févr.", false, "fevr"),  // punctuation becomes a space, then trimmed
        ("AOÛT", false, "aout"),
        ("Œuvre", false, "oeuvre"),
        ("Ça va", false, "ca va"),
        ("  A--B  ", false, "a b"),  // runs collapse, ends trimmed
        ("Peña", false, "pena"),
        ("Ærø", false, "aero"),
        ("ÿ", false, "y"),
        ("Zoë 42", false, "zoe 42"),  // digits kept
        ("ŁÓDŹ", false, "lodz"),  // Latin Extended-A letters lose their marks too
        ("Částka Zůstatek", false, "castka zustatek"),
        ("Saņēmējs/Maksātājs", false, "sanemejs maksatajs"),
        ("Şişli Ţară", false, "sisli tara"),
        ("ДАТА Операции Ёлка", false, "дата операции елка"),  // Cyrillic kept, in lower case, ё as е
        ("Ґанок Їжак", false, "ґанок їжак"),
        ("αβγ 12", false, "12"),  // other scripts become spaces
        ("", false, ""),
        ("€", false, ""),
        // All ASCII (read from the bytes, without decoding): the same rules.
        ("  DEBIT_CARD ", false, "debit card"), ("ACCT_XFER", true, "acct xfer"), ("~!@#$%^&*()", false, ""),
        ("A1 b2\tC3\r\n", false, "a1 b2 c3"), ("Z", false, "z"), ("azAZ09", false, "azaz09"),
    ])
    func fold(_ text: String, umlautAsE: Bool, expected: String) {
        #expect(TextFolding.fold(text, umlautAsE: umlautAsE) == expected)
    }

    @Test(arguments: [
        ("jan", 1), ("janvier", 1), ("jaenner", 1), ("fevr", 2), ("marz", 3), ("mrt", 3), ("avr", 4), ("mei", 5),
        ("mag", 5), ("juin", 6), ("giu", 6), ("juil", 7), ("lug", 7), ("aout", 8), ("ago", 8), ("set", 9),
        ("sept", 9), ("okt", 10), ("ott", 10), ("nov", 11), ("dez", 12), ("dic", 12),
    ])
    func monthNames(_ folded: String, month: Int) {
        #expect(MonthNames.month(folded) == month)
    }

    @Test(arguments: ["", "ma", "foo", "März", "JAN", "janu"])
    func unknownOrUnfoldedNamesRejected(_ name: String) {
        // The table holds folded keys only: callers fold first.
        #expect(MonthNames.month(name) == nil)
    }

    @Test(arguments: [
        ("Card member", true), ("CREDIT CARD 1234", true), ("Kreditkarte/Visa", true), ("credit-card", true),
        ("card", true), ("Cardiff", false), ("scard", false), ("", false), ("credit", false), ("Crédit carte", true),
    ])
    func phrasesMatchWholeFoldedWords(_ text: String, expected: Bool) {
        let phrases = FoldedPhrases(["card", "credit card", "visa", "carte"])
        #expect(phrases.occur(in: text) == expected)
    }

    @Test(arguments: [
        // Persian yeh and kaf as Arabic's, alef with hamza or madda as alef, vowel marks and the tatweel
        // dropped, Arabic-Indic and Persian digits as ASCII, punctuation a space.
        ("تاریخ", "تاريخ"), ("إيداع", "ايداع"), ("الإيداعات", "الايداعات"), ("کارمزد", "كارمزد"),
        ("مَبْلَغ", "مبلغ"), ("مبـــلغ", "مبلغ"), ("رصيد ١٢", "رصيد 12"), ("مانده ۳", "مانده 3"), ("المبلغ (ر.س)", "المبلغ ر س"),
        // Thai as written, its digits as ASCII; Vietnamese without its marks; decomposed accents dropped.
        ("ยอดคงเหลือ (บาท)", "ยอดคงเหลือ บาท"), ("๑๒", "12"), ("Số dư", "so du"), ("Ngày giao dịch", "ngay giao dich"),
        ("Phát sinh nợ", "phat sinh no"), ("Ghi có", "ghi co"), ("Re\u{301}fe\u{301}rence", "reference"), ("Betrag\u{308}", "betrag"),
    ])
    func arabicScriptFoldsToOneSpelling(_ text: String, expected: String) {
        #expect(TextFolding.fold(text) == expected)
    }
}
