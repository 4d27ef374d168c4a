import FinanceCore
import Reports
import Testing

@testable import ReportRendering

/// The income table without a parent that only repeats its title: `Income` above `Salary` goes,
/// unless money was booked to `Income` itself.
@Suite struct IncomeLinesTests {
    static func line(_ path: String, _ cents: Int64, _ count: Int, uncategorised: Bool = false) -> CategoryLine {
        let parts = path.split(separator: ":")
        return CategoryLine(
            path: path, name: String(parts.last!), depth: parts.count - 1, amount: Money(units: cents, scale: 2, currency: nil),
            count: count, share: nil, previous: nil, changeFromPrevious: nil, trailingAverage: nil, changeFromAverage: nil,
            isUncategorized: uncategorised)
    }

    @Test func aLoneIncomeParentGoes() {
        let lines = [
            Self.line("Income", 700_000, 3), Self.line("Income:Salary", 650_000, 2), Self.line("Income:Salary:Bonus", 50_000, 1),
            Self.line("Income:From People", 50_000, 1), Self.line("Uncategorised", 1_000, 1, uncategorised: true),
        ]
        let shown = IncomeLines.shown(lines)
        #expect(shown.map(\.path) == ["Income:Salary", "Income:Salary:Bonus", "Income:From People", "Uncategorised"])
        #expect(shown.map(\.depth) == [0, 1, 0, 0])
    }

    @Test func theTreeStaysWhenItSaysMore() {
        // Money booked to `Income` itself: its children do not add up to it.
        let direct = [Self.line("Income", 700_000, 3), Self.line("Income:Salary", 650_000, 2)]
        #expect(IncomeLines.shown(direct) == direct)
        // Two top-level income categories.
        let two = [Self.line("Income", 650_000, 2), Self.line("Income:Salary", 650_000, 2), Self.line("Paychecks", 10_000, 1)]
        #expect(IncomeLines.shown(two) == two)
        // A parent of another name.
        let other = [Self.line("Earnings", 650_000, 2), Self.line("Earnings:Salary", 650_000, 2)]
        #expect(IncomeLines.shown(other) == other)
    }
}
