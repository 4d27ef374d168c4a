import FinanceCore
import Rules
import Testing

/// `amount` (signed) and `abs-amount` compared exactly, whatever the scale either side was written with.
struct AmountConditionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var condition: String
        var amount: String
        var matches: Bool
        var currency: String? = nil
        var testDescription: String { "\(condition) with \(amount)" }
    }

    static let comparisons: [Case] = [
        Case(condition: "amount = -12.50", amount: "-12.50", matches: true),
        Case(condition: "amount = -12.5", amount: "-12.50", matches: true),
        Case(condition: "amount = -12.500", amount: "-12.5", matches: true),
        Case(condition: "amount = -12", amount: "-12.00", matches: true),
        Case(condition: "amount = 12.50", amount: "-12.50", matches: false),
        Case(condition: "amount == -12.50", amount: "-12.50", matches: true),
        Case(condition: "amount = 0", amount: "0.00", matches: true),
        Case(condition: "amount = -0", amount: "0.00", matches: true),
        Case(condition: "amount = +3.5", amount: "3.50", matches: true),
        Case(condition: "amount = 007.10", amount: "7.1", matches: true),
        Case(condition: "amount = 12.50", amount: "12.50", matches: true, currency: "EUR"),
        Case(condition: "amount != -12.50", amount: "-12.50", matches: false),
        Case(condition: "amount != -12.5", amount: "-12.51", matches: true),
        Case(condition: "amount < 0", amount: "-0.01", matches: true),
        Case(condition: "amount < 0", amount: "0.00", matches: false),
        Case(condition: "amount < -100", amount: "-99.99", matches: false),
        Case(condition: "amount < -100", amount: "-100.01", matches: true),
        Case(condition: "amount <= -100", amount: "-100.00", matches: true),
        Case(condition: "amount <= -100", amount: "-99.999", matches: false),
        Case(condition: "amount > 0", amount: "0.01", matches: true),
        Case(condition: "amount > 0", amount: "0", matches: false),
        Case(condition: "amount > -5", amount: "-4.99", matches: true),
        Case(condition: "amount>-5", amount: "-5.01", matches: false),
        Case(condition: "amount >= 2500", amount: "2500.00", matches: true),
        Case(condition: "amount >= 2500", amount: "2499.995", matches: false),
        Case(condition: "amount > 0.000000000000000001", amount: "12345678901.50", matches: true),
        Case(condition: "amount < 0.000000000000000001", amount: "0.00", matches: true),
        Case(condition: "amount = 922337203685477.5807", amount: "922337203685477.5807", matches: true),
        Case(condition: "abs-amount = 12.50", amount: "-12.50", matches: true),
        Case(condition: "abs-amount = 12.50", amount: "12.5", matches: true),
        Case(condition: "abs-amount > 100", amount: "-250.00", matches: true),
        Case(condition: "abs-amount > 100", amount: "-50.00", matches: false),
        Case(condition: "abs-amount < 10", amount: "-9.99", matches: true),
        Case(condition: "abs-amount <= 0", amount: "0", matches: true),
        Case(condition: "abs-amount >= 1", amount: "-0.99", matches: false),
        Case(condition: "abs-amount != 5", amount: "-5", matches: false),
        Case(condition: "abs-amount = -12.50", amount: "-12.50", matches: false),
    ]

    static let ranges: [Case] = [
        Case(condition: "amount between -50 and -10", amount: "-50.00", matches: true),
        Case(condition: "amount between -50 and -10", amount: "-10.00", matches: true),
        Case(condition: "amount between -50 and -10", amount: "-30", matches: true),
        Case(condition: "amount between -50 and -10", amount: "-50.01", matches: false),
        Case(condition: "amount between -50 and -10", amount: "-9.99", matches: false),
        Case(condition: "amount between -50 and -10", amount: "30", matches: false),
        Case(condition: "amount between -10.5 and 10.50", amount: "10.500", matches: true),
        Case(condition: "amount between 0 and 0", amount: "0.00", matches: true),
        Case(condition: "amount between 10 and 5", amount: "7", matches: false),
        Case(condition: "abs-amount between 10 and 50", amount: "-50.00", matches: true),
        Case(condition: "abs-amount between 10 and 50", amount: "10", matches: true),
        Case(condition: "abs-amount between 10 and 50", amount: "-9.99", matches: false),
        Case(condition: "abs-amount between 10 and 50", amount: "-50.01", matches: false),
        Case(condition: "not amount between -50 and -10", amount: "-60", matches: true),
        Case(condition: "not amount between -50 and -10", amount: "-10", matches: false),
        Case(condition: "not amount > 0", amount: "5", matches: false),
        Case(condition: "not abs-amount < 5", amount: "-5", matches: true),
    ]

    @Test(arguments: comparisons)
    func comparison(_ c: Case) throws {
        let activity = RuleTesting.transaction(name: "X", amount: c.amount, currency: c.currency)
        #expect(try RuleTesting.matches([c.condition], activity) == c.matches)
    }

    @Test(arguments: ranges)
    func betweenIsInclusive(_ c: Case) throws {
        let activity = RuleTesting.transaction(name: "X", amount: c.amount, currency: c.currency)
        #expect(try RuleTesting.matches([c.condition], activity) == c.matches)
    }

    @Test func theCurrencyOfTheAmountDoesNotMatterToTheNumber() throws {
        for currency in ["EUR", "JPY", "KWD", nil] as [String?] {
            let activity = RuleTesting.transaction(name: "X", amount: "-12.500", currency: currency)
            #expect(try RuleTesting.matches(["amount = -12.5", "abs-amount between 12.5 and 12.5"], activity))
        }
    }
}
