import FinanceCore
import Reports
import Testing

@testable import ReportRendering

/// The spending donut: slices add up to the circle, and none is too thin to see; the tooltips keep
/// the true shares.
@Suite struct DonutChartTests {
    static func line(_ name: String, _ cents: Int64) -> CategoryLine {
        CategoryLine(
            path: name, name: name, depth: 0, amount: Money(units: cents, scale: 2, currency: nil), count: 1, share: nil,
            previous: nil, changeFromPrevious: nil, trailingAverage: nil, changeFromAverage: nil, isUncategorized: false)
    }

    @Test func aTinySliceIsDrawnWideEnoughToSee() {
        let lines = [Self.line("Housing", 960_000), Self.line("Food", 39_000), Self.line("Fees", 500), Self.line("Books", 500)]
        let chart = DonutChart(lines: lines, colours: CategoryColours(names: Set(lines.map(\.path))))
        #expect(chart.slices.map(\.length).reduce(0, +) == 10_000)
        #expect(chart.slices.allSatisfy { $0.length >= DonutChart.minimumLength }, "\(chart.slices.map(\.length))")
        // The slices follow each other round the circle, the largest shrunk to make room.
        #expect(chart.slices.map(\.start) == [0] + chart.slices.dropLast().indices.map { i in chart.slices[...i].map(\.length).reduce(0, +) })
        #expect(chart.slices[0].length < 9_600)
        // The tooltips say what the amounts say.
        #expect(chart.slices.map { $0.share?.percentText(decimals: 1) } == ["96.0%", "3.9%", "0.1%", "0.1%"])
    }

    @Test func slicesLargeEnoughAreLeftAlone() {
        #expect(DonutChart.atLeastMinimum([5_000, 3_000, 2_000]) == [5_000, 3_000, 2_000])
        #expect(DonutChart.atLeastMinimum([10_000]) == [10_000])
        let lengths = DonutChart.atLeastMinimum([9_000, 980, 10, 10])
        #expect(lengths.reduce(0, +) == 10_000 && lengths.allSatisfy { $0 >= 200 })
    }
}
