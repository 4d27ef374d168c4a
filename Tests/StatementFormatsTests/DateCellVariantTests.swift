import FinanceCore
import Testing

@testable import StatementFormats

/// Dates as banks, apps and locales write them around a layout's own text (`DateCellVariant`, the
/// `de` joints and the Russian and Ukrainian year word), and the month names of the languages
/// added with them.
@Suite struct DateCellVariantTests {
    static func date(_ year: Int, _ month: Int, _ day: Int) -> LocalDate { LocalDate(year: year, month: month, day: day)! }

    static let cases: [(String, String, LocalDate?)] = [
        // A weekday before the date.
        ("dd mmm yyyy", "Fri, 15 Mar 2024", date(2024, 3, 15)),
        ("mmm dd, yyyy", "Friday, March 15, 2024", date(2024, 3, 15)),
        ("dd.mm.yyyy", "Mo., 15.03.2024", date(2024, 3, 15)),
        ("dd/mm/yyyy", "lun. 15/03/2024", date(2024, 3, 15)),
        ("dd/mm/yyyy", "segunda-feira, 15/03/2024", date(2024, 3, 15)),
        ("dd mmm yyyy", "Funday, 15 Mar 2024", nil),
        ("dd mmm yyyy", "Fri15 Mar 2024", nil),
        // Digits and marks of Arabic locales.
        ("dd/mm/yyyy", "١٥/٠٣/٢٠٢٤", date(2024, 3, 15)),
        ("dd/mm/yyyy", "۱۵/۰۳/۲۰۲۴", date(2024, 3, 15)),
        ("dd/mm/yyyy", "15\u{200F}/03\u{200F}/2024", date(2024, 3, 15)),
        // Chinese, Japanese and Korean.
        ("yyyy-mm-dd", "2024年3月15日", date(2024, 3, 15)),
        ("yyyy-mm-dd", "2024年03月15日 10:22", date(2024, 3, 15)),
        ("yyyy-mm-dd", "2024년 3월 15일", date(2024, 3, 15)),
        ("yyyy.mm.dd", "2024. 03. 15.", date(2024, 3, 15)),
        ("yyyy.mm.dd", "2024. 3. 15", date(2024, 3, 15)),
        ("yyyy-mm-dd", "2024年13月15日", nil),
        // Japanese eras (Reiwa from 2019, Heisei from 1989, Showa from 1926) and a weekday after.
        ("yyyy.mm.dd", "R6.03.15", date(2024, 3, 15)),
        ("yyyy/mm/dd", "R06/03/15", date(2024, 3, 15)),
        ("yyyy.mm.dd", "H31.04.30", date(2019, 4, 30)),
        ("yyyy.mm.dd", "S64.01.07", date(1989, 1, 7)),
        ("yyyy-mm-dd", "令和6年3月15日", date(2024, 3, 15)),
        ("yyyy-mm-dd", "令和元年5月1日", date(2019, 5, 1)),
        ("yyyy-mm-dd", "平成30年12月28日", date(2018, 12, 28)),
        ("yyyy/mm/dd", "令和6/03/15", date(2024, 3, 15)),
        ("yyyy/mm/dd", "2024/03/15(金)", date(2024, 3, 15)),
        ("yyyy-mm-dd", "2024年3月15日（金）", date(2024, 3, 15)),
        ("yyyy.mm.dd", "R6.03.15 (金)", date(2024, 3, 15)),
        ("yyyy.mm.dd", "X6.03.15", nil),
        ("yyyy.mm.dd", "R6X03.15", nil),
        ("yyyy.mm.dd", "R123.03.15", nil),
        // Spanish and Portuguese `de`; the Russian and Ukrainian year word.
        ("dd mmm yyyy", "15 de marzo de 2024", date(2024, 3, 15)),
        ("dd mmm yyyy", "15 de março de 2024", date(2024, 3, 15)),
        ("dd mmm yyyy", "15 марта 2024 г.", date(2024, 3, 15)),
        ("dd mmm yyyy", "15 березня 2024 р.", date(2024, 3, 15)),
        ("dd mmm yyyy", "15 марта 2024 гг", nil),
        // Month names.
        ("dd mmm yyyy", "15 outubro 2024", date(2024, 10, 15)),
        ("dd mmm yyyy", "15 paź 2024", date(2024, 10, 15)),
        ("dd mmm yyyy", "15 października 2024", date(2024, 10, 15)),
        ("dd mmm yyyy", "15 Eki 2024", date(2024, 10, 15)),
        ("dd mmm yyyy", "15 Şub 2024", date(2024, 2, 15)),
        ("dd mmm yyyy", "15 maj 2024", date(2024, 5, 15)),
        ("dd mmm yyyy", "15 Agu 2024", date(2024, 8, 15)),
        ("dd mmm yyyy", "15 února 2024", date(2024, 2, 15)),
        ("dd mmm yyyy", "15 дек 2024", date(2024, 12, 15)),
        ("dd mmm yyyy", "15 грудня 2024", date(2024, 12, 15)),
    ]

    @Test(arguments: cases)
    func reads(_ pattern: String, _ text: String, _ expected: LocalDate?) throws {
        let format = try #require(DateFormat(pattern))
        #expect(format.parse(text) == expected, "\(pattern) on \(text)")
    }

    /// A cell the layout reads as written is never rewritten: `Mar 15, 2024` is March, not a
    /// Tuesday (`mar`, Spanish and French) before `15, 2024`.
    @Test func aCellThatFitsIsReadAsWritten() throws {
        #expect(DateFormat("mmm dd, yyyy")?.parse("Mar 15, 2024") == Self.date(2024, 3, 15))
        #expect(Array("2024-03-15".utf8).withUnsafeBufferPointer { DateCellVariant.rewrite($0) } == nil)
    }

    /// Detection counts a column of Arabic-Indic dates as dates.
    @Test func detectionSeesArabicIndicDates() {
        let hits = DateLayoutHits.count(["١٥/٠٣/٢٠٢٤", "١٦/٠٣/٢٠٢٤", "٢٠/٠٣/٢٠٢٤"])
        let index = DateFormat.candidates.firstIndex { $0.pattern == "dd/mm/yyyy" }!
        #expect(hits[index] == 3)
    }
}
