import FinanceCore
import Testing

@testable import ReportRendering

/// The index chart's y axis: round steps, three to five of them, the top the first step at or
/// above the largest amount; and the short amounts that label it and the bars.
@Suite struct ChartScaleTests {
    static let eur = CurrencyCode("EUR")!

    @Test func examples() throws {
        let scale = try #require(ChartScale(largest: Money(units: 387_000, scale: 2, currency: Self.eur)))
        #expect(scale.step == Money(units: 1_000_00, scale: 2, currency: Self.eur))
        #expect(scale.steps == 4)
        #expect(scale.ticks.map { CompactMoneyText.text($0) } == ["€0", "€1k", "€2k", "€3k", "€4k"])
        let quarter = try #require(ChartScale(largest: Money(units: 1_240_000, scale: 2, currency: Self.eur)))
        #expect(quarter.ticks.map { CompactMoneyText.text($0, symbol: false) } == ["0", "2.5k", "5k", "7.5k", "10k", "12.5k"])
        #expect(ChartScale(largest: Money(units: 0, scale: 2, currency: Self.eur)) == nil)
        #expect(ChartScale(largest: Money(units: -5, scale: 2, currency: Self.eur)) == nil)
    }

    /// Every largest amount from ten units to ten billion, at the cent and in yen: 3 to 5 steps
    /// of 1, 2, 2.5 or 5 times a power of ten, the top at or above it and one step less below it.
    @Test(arguments: [0, 2])
    func everyMagnitude(scale: Int) throws {
        var largest: Int64 = 10 * Money.powerOfTen(scale)
        while largest < 10_000_000_000 * Money.powerOfTen(scale) {
            for value in [largest, largest + 1, largest * 3 / 2, largest * 2 - 1, largest * 7 / 3] {
                let money = Money(units: value, scale: UInt8(scale), currency: nil)
                let chart = try #require(ChartScale(largest: money))
                #expect((3...5).contains(chart.steps), "\(value): \(chart.steps) steps")
                let step = try #require(chart.step.rescaled(to: UInt8(scale + 1)))
                let top = step.units * Int64(chart.steps), finer = value * 10
                #expect(top >= finer && top - step.units < finer, "\(value): top \(top)")
                var mantissa = step.units
                while mantissa % 10 == 0 && mantissa >= 100 { mantissa /= 10 }
                #expect([10, 20, 25, 50].contains(mantissa) || [1, 2, 5].contains(mantissa), "\(value): step \(step.units)")
            }
            largest *= 10
        }
    }

    @Test func compactAmounts() {
        func text(_ units: Int64, _ scale: UInt8 = 2, _ currency: String? = "EUR") -> String {
            CompactMoneyText.text(Money(units: units, scale: scale, currency: currency.flatMap(CurrencyCode.init)))
        }
        #expect(text(0) == "€0")
        #expect(text(750) == "€7.5")
        #expect(text(700) == "€7")
        #expect(text(999) == "€10")
        #expect(text(84_049) == "€840")
        #expect(text(99_950) == "€1k")
        #expect(text(689_000) == "€6.9k")
        #expect(text(299_570) == "€3k")
        #expect(text(1_341_570) == "€13k")
        #expect(text(1_250_000) == "€12.5k")
        #expect(text(1_250_100) == "€13k")
        #expect(text(99_950_000) == "€1M")
        #expect(text(125_000_000) == "€1.3M")
        #expect(text(-250_000) == "-€2.5k")
        #expect(text(5_400, 0, "JPY") == "¥5.4k")
        #expect(text(7, 0, "JPY") == "¥7")
        #expect(text(150_000, 2, "CHF") == "CHF 1.5k")
        #expect(text(4_200, 2, nil) == "42")
        #expect(CompactMoneyText.text(Money(units: 689_000, scale: 2, currency: Self.eur), symbol: false) == "6.9k")
    }
}
