import FinanceCore
import Rules
import Testing

/// `date`, `day`, `month` and `weekday`: comparisons and inclusive `between`, names and numbers.
struct DateConditionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var condition: String
        var date: String
        var matches: Bool
        var testDescription: String { "\(condition) on \(date)" }
    }

    static let dates: [Case] = [
        Case(condition: "date = 2024-05-03", date: "2024-05-03", matches: true),
        Case(condition: "date = 2024-05-03", date: "2024-05-04", matches: false),
        Case(condition: "date != 2024-05-03", date: "2024-05-04", matches: true),
        Case(condition: "date < 2024-05-03", date: "2024-05-02", matches: true),
        Case(condition: "date < 2024-05-03", date: "2024-05-03", matches: false),
        Case(condition: "date <= 2024-05-03", date: "2024-05-03", matches: true),
        Case(condition: "date > 2024-05-03", date: "2024-05-03", matches: false),
        Case(condition: "date > 2024-05-03", date: "2025-01-01", matches: true),
        Case(condition: "date >= 2024-05-03", date: "2024-05-03", matches: true),
        Case(condition: "date >= 2024-05-03", date: "2023-12-31", matches: false),
        Case(condition: "date = 2024-02-29", date: "2024-02-29", matches: true),
        Case(condition: "date between 2024-01-01 and 2024-12-31", date: "2024-01-01", matches: true),
        Case(condition: "date between 2024-01-01 and 2024-12-31", date: "2024-12-31", matches: true),
        Case(condition: "date between 2024-01-01 and 2024-12-31", date: "2023-12-31", matches: false),
        Case(condition: "date between 2024-01-01 and 2024-12-31", date: "2025-01-01", matches: false),
        Case(condition: "not date between 2024-01-01 and 2024-12-31", date: "2025-01-01", matches: true),
    ]

    static let days: [Case] = [
        Case(condition: "day = 1", date: "2024-05-01", matches: true),
        Case(condition: "day = 01", date: "2024-05-01", matches: true),
        Case(condition: "day = 31", date: "2024-05-31", matches: true),
        Case(condition: "day = 31", date: "2024-06-30", matches: false),
        Case(condition: "day != 15", date: "2024-05-15", matches: false),
        Case(condition: "day < 15", date: "2024-05-14", matches: true),
        Case(condition: "day <= 15", date: "2024-05-15", matches: true),
        Case(condition: "day > 25", date: "2024-05-25", matches: false),
        Case(condition: "day >= 25", date: "2024-05-25", matches: true),
        Case(condition: "day between 1 and 5", date: "2024-05-05", matches: true),
        Case(condition: "day between 1 and 5", date: "2024-05-06", matches: false),
        Case(condition: "day between 28 and 31", date: "2024-02-29", matches: true),
        Case(condition: "month between mar and may", date: "2024-03-01", matches: true),
        Case(condition: "month between mar and may", date: "2024-05-31", matches: true),
        Case(condition: "month between mar and may", date: "2024-06-01", matches: false),
        Case(condition: "month between 11 and dec", date: "2024-11-15", matches: true),
        Case(condition: "month >= oct", date: "2024-09-30", matches: false),
        Case(condition: "month < FEB", date: "2024-01-31", matches: true),
        Case(condition: "month = December", date: "2024-12-24", matches: true),
        Case(condition: "month = 05", date: "2024-05-24", matches: true),
        Case(condition: "weekday between mon and fri", date: "2024-05-10", matches: true),
        Case(condition: "weekday between mon and fri", date: "2024-05-11", matches: false),
        Case(condition: "weekday >= sat", date: "2024-05-12", matches: true),
        Case(condition: "weekday >= sat", date: "2024-05-10", matches: false),
        Case(condition: "weekday = Sunday", date: "2024-05-12", matches: true),
        Case(condition: "weekday = 7", date: "2024-05-12", matches: true),
        Case(condition: "weekday != mon", date: "2024-05-06", matches: false),
        Case(condition: "weekday < wed", date: "2024-05-07", matches: true),
        Case(condition: "weekday = thursday", date: "1970-01-01", matches: true),
        Case(condition: "weekday = mon", date: "2000-02-28", matches: true),
        Case(condition: "weekday = tue", date: "2000-02-29", matches: true),
    ]

    @Test(arguments: dates)
    func dateComparison(_ c: Case) throws {
        #expect(try RuleTesting.matches([c.condition], RuleTesting.transaction(name: "X", date: c.date)) == c.matches)
    }

    @Test(arguments: days)
    func dayMonthWeekday(_ c: Case) throws {
        #expect(try RuleTesting.matches([c.condition], RuleTesting.transaction(name: "X", date: c.date)) == c.matches)
    }

    static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    @Test(arguments: 1...12)
    func everyMonthByNameAndNumber(_ month: Int) throws {
        let inMonth = RuleTesting.transaction(name: "X", date: "2024-\(month < 10 ? "0" : "")\(month)-15")
        let name = Self.monthNames[month - 1]
        #expect(try RuleTesting.matches(["month = \(name)"], inMonth))
        #expect(try RuleTesting.matches(["month = \(name.uppercased())"], inMonth))
        #expect(try RuleTesting.matches(["month = \(month)"], inMonth))
        let other = Self.monthNames[month % 12]
        #expect(try !RuleTesting.matches(["month = \(other)"], inMonth))
    }

    static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// 2024-05-06 was a Monday.
    @Test(arguments: 1...7)
    func everyWeekdayByNameAndNumber(_ weekday: Int) throws {
        let onDay = RuleTesting.transaction(name: "X", date: "2024-05-\(String(format2: 5 + weekday))")
        let name = Self.weekdayNames[weekday - 1]
        #expect(try RuleTesting.matches(["weekday = \(name)"], onDay))
        #expect(try RuleTesting.matches(["weekday = \(weekday)"], onDay))
        #expect(try !RuleTesting.matches(["weekday = \(Self.weekdayNames[weekday % 7])"], onDay))
    }
}
