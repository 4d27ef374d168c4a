import FinanceCore
import Testing

@testable import Reports

/// The budget file: what it says as values, and an error at FILE:LINE:COLUMN for each mistake.
struct BudgetParserTests {
    static let household = """
        budget "Household" currency EUR
          monthly "Food:Groceries"   450.00
          monthly "Food"             600.00        # a parent's budget covers its children
          monthly "Subscriptions"     40.00
          yearly  "Travel"          2400.00        # spread evenly
          yearly  "Insurance"        300 in jun, DEC
          monthly "Income:Salary"   5200.00        # income targets too
          rollover "Food:Groceries"                 # unspent amounts carry into the next month
        """

    static func parse(_ text: String) -> (BudgetFile, [Diagnostic]) { BudgetParser.parse(text, file: "b.budget") }

    /// The one error of `text`, as `LINE:COLUMN: message`.
    static func error(_ text: String) -> String? {
        let (_, errors) = parse(text)
        #expect(errors.count == 1, "\(errors)")
        return errors.first.map { "\($0.location.line):\($0.location.column ?? 0): \($0.message)" }
    }

    @Test func theIssuesExampleReads() throws {
        let (file, errors) = Self.parse(Self.household)
        #expect(errors.isEmpty, "\(errors)")
        let budget = try #require(file.budgets.first)
        #expect(budget.name == "Household" && budget.currency == CurrencyCode("EUR"))
        #expect(budget.lines.map(\.category) == ["Food:Groceries", "Food", "Subscriptions", "Travel", "Insurance", "Income:Salary"])
        let groceries = try #require(budget.line(for: "food:groceries"))
        #expect(groceries.rollover && groceries.period == .monthly)
        #expect(groceries.amount == Money(units: 45_000, scale: 2, currency: CurrencyCode("EUR")))
        #expect(groceries.source.line == 2 && groceries.source.column == 11)
        #expect(budget.line(for: "Food")?.rollover == false)
        #expect(budget.line(for: "Travel")?.period == .yearly(months: Array(1...12)))
        let insurance = try #require(budget.line(for: "Insurance"))
        #expect(insurance.period == .yearly(months: [6, 12]))
        #expect(insurance.amount(inMonth: 6) == Money(units: 150, scale: 0, currency: CurrencyCode("EUR")))
        #expect(insurance.amount.scale == 2)
        #expect(insurance.amount(inMonth: 7).isZero)
    }

    @Test func aYearSpreadAddsUpToTheYear() throws {
        let (file, errors) = Self.parse("budget \"B\"\nyearly \"Gifts\" 1000.00\nyearly \"Car\" 0.05 in jan, feb, mar")
        #expect(errors.isEmpty)
        let gifts = try #require(file.budgets.first?.line(for: "Gifts"))
        let parts = (1...12).map { gifts.amount(inMonth: $0).units }
        #expect(parts.reduce(0, +) == 100_000)
        #expect(parts.prefix(4).allSatisfy { $0 == 8334 } && parts.dropFirst(4).allSatisfy { $0 == 8333 })
        let car = try #require(file.budgets.first?.line(for: "car"))
        #expect((1...12).map { car.amount(inMonth: $0).units } == [2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(file.budgets.first?.currency == nil)
        let limit = BudgetParser.parse("budget \"B\"\nmonthly \"All\" 92233720368547758.07", file: "b")
        #expect(limit.1.isEmpty && limit.0.budgets.first?.lines.first?.amount.units == .max)
    }

    @Test func severalBudgetsKeepTheirOwnLines() throws {
        let (file, errors) = Self.parse(
            "budget \"Home\" currency eur\nmonthly \"Food\" 1\nrollover \"Food\"\n\nbudget \"Trip\" currency USD\nmonthly \"Food\" 2\n")
        #expect(errors.isEmpty)
        #expect(file.budgets.map(\.name) == ["Home", "Trip"])
        #expect(file.budgets.map { $0.line(for: "Food")?.rollover } == [true, false])
        #expect(file.budgets[1].lines[0].amount.currency == CurrencyCode("USD"))
    }

    @Test(
        "mistakes",
        arguments: [
            ("budgt \"Home\"", "1:1: expected 'budget', 'monthly', 'yearly' or 'rollover', found 'budgt'", "did you mean 'budget'?"),
            ("monthly \"Food\" 1", "1:1: a budget line before any 'budget' header", "start the file"),
            (
                "budget \"H\"\nmonthly \"Food\" -12.00",
                "2:16: expected an amount like 450.00 (digits, '.' before the decimals), found '-12.00'", "without a sign"
            ),
            ("budget \"H\"\nmonthly \"Food\"", "2:15: expected an amount like 450.00 after the category", nil),
            ("budget \"H\"\nmonthly Food 1", "2:9: expected a category in quotes, like \"Food:Groceries\", found 'Food'", nil),
            ("budget \"H\"\nmonthly \"Food\" 1\n  monthly \"FOOD\" 2", "3:11: \"FOOD\" is budgeted twice in \"H\"", "the first is on line 2"),
            ("budget \"H\"\nrollover \"Fod\"\nmonthly \"Food\" 1", "2:10: rollover of \"Fod\", which \"H\" has no budget line for", nil),
            ("budget \"H\"\nmonthly \"Food\" 1 in jun", "2:18: 'in' only follows a yearly budget", nil),
            ("budget \"H\"\nyearly \"Trips\" 1 in jun, jnu", "2:26: expected a month (jan … dec), found 'jnu'", "did you mean 'jun'?"),
            ("budget \"H\"\nyearly \"Trips\" 1 in jun jul", "2:25: expected ',' and another month, or the end of the line, found 'jul'", nil),
            ("budget \"H\"\nyearly \"Trips\" 1 in jun, jun", "2:26: jun is listed twice", nil),
            ("budget \"H\" currency Euro", "1:21: expected a currency code like EUR after 'currency'", nil),
            ("budget \"Home\nmonthly \"Food\" 1", "1:8: this string has no closing '\"'", "close it on the same line"),
            ("budget \"H\"\nbudget \"h\"", "2:1: a budget named \"h\" is already defined", "the first is on line 1"),
            ("budget \"Ünïcödé\"\nmonthly \"Café\" 1 2", "2:18: expected the end of the line, found '2'", nil),
            ("budget \"H\" currency EUR\nmonthly \"Food\" 123456789012345678", "2:16: '123456789012345678' is too large an amount for 2 decimals", "18 digits"),
            (
                "budget \"H\"\nmonthly \"Food\" 99999999999999999999",
                "2:16: '99999999999999999999' is too large an amount", "18 digits"
            ),
        ] as [(String, String, String?)])
    func mistake(_ text: String, _ expected: String, _ note: String?) {
        #expect(Self.error(text) == expected)
        if let note {
            #expect(Self.parse(text).1.first?.notes.contains { $0.contains(note) } == true, "\(Self.parse(text).1)")
        }
        #expect(Self.parse(text).1.allSatisfy { $0.severity == .error && $0.location.file == "b.budget" })
    }

    @Test func blankLinesCommentsAndAByteOrderMarkAreNothing() {
        let (file, errors) = Self.parse("\u{FEFF}# budgets\n\n   \r\nbudget \"H\" # home\r\n")
        #expect(errors.isEmpty && file.budgets.count == 1 && file.budgets[0].lines.isEmpty)
    }
}
