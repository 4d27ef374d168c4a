import FinanceCore
import Testing

@testable import Reports

@Suite struct YearMonthTests {
    @Test(
        "parses YYYY-MM and rejects anything else",
        arguments: [
            ("2024-05", "2024-05"), ("0999-12", "0999-12"), ("2024-13", nil), ("2024-00", nil), ("2024-5", nil),
            ("2024/05", nil), ("24-05-01", nil), ("", nil), ("２０２４-05", nil),
        ] as [(String, String?)])
    func parsing(_ text: String, _ expected: String?) {
        #expect(YearMonth(text)?.description == expected)
    }

    @Test func arithmeticCrossesYears() {
        let december = YearMonth(year: 2023, month: 12)!
        #expect(december.next.description == "2024-01")
        #expect(december.next.previous == december)
        #expect(YearMonth(year: 2024, month: 2)!.lastDay.description == "2024-02-29")
        #expect(YearMonth(year: 2024, month: 5)!.title == "May 2024")
    }
}

@Suite struct ShareTests {
    @Test(
        "rounds half away from zero, in basis points",
        arguments: [
            (1, 3, "33.33%"), (2, 3, "66.67%"), (-1, 3, "-33.33%"), (1, -3, "-33.33%"), (1, 8, "12.50%"),
            (1, 20_000, "0.01%"), (1, 30_000, "0.00%"), (5, 2, "250.00%"), (0, 7, "0.00%"),
        ] as [(Int64, Int64, String)])
    func ratios(_ part: Int64, _ whole: Int64, _ expected: String) {
        #expect(Share(part: part, of: whole)?.description == expected)
    }

    @Test func zeroWholeHasNoShare() {
        #expect(Share(part: 5, of: 0) == nil)
    }

    @Test func fewerDecimals() {
        let share = Share(basisPoints: 1_249)
        #expect(share.percentText(decimals: 0) == "12%")
        #expect(share.percentText(decimals: 1) == "12.5%")
        #expect(Share(basisPoints: -4).percentText(decimals: 0) == "0%")
    }
}
