import FinanceCore
import Testing

struct AccountingModelTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var type: PaymentType
        var category: String?
        var amount: Int64
        var side: AccountingSide
        var reversal: Bool
        var testDescription: String { "\(type) \(category ?? "nil") \(amount)" }
    }

    static let cases: [Case] = [
        Case(type: .expense, category: "Food:Groceries", amount: -5420, side: .spending, reversal: false),
        Case(type: .income, category: "Shopping", amount: 3000, side: .spending, reversal: true),  // a refund
        Case(type: .expense, category: "Shopping", amount: 3000, side: .spending, reversal: true),
        Case(type: .income, category: "Income:Salary", amount: 3000, side: .income, reversal: false),
        Case(type: .expense, category: "Income:Salary", amount: -20, side: .income, reversal: true),
        Case(type: .transfer, category: "Income:From People", amount: 350, side: .transfer, reversal: false),
        Case(type: .transfer, category: "Food", amount: -5, side: .transfer, reversal: false),
        Case(type: .expense, category: "Transfers:Savings", amount: -500, side: .transfer, reversal: false),
        Case(type: .expense, category: "transfer", amount: -500, side: .transfer, reversal: false),
        Case(type: .expense, category: "Assets:Cash", amount: -80, side: .transfer, reversal: false),
        Case(type: .expense, category: "liabilities:car loan", amount: -300, side: .transfer, reversal: false),
        Case(type: .income, category: "Equity:Opening", amount: 1, side: .transfer, reversal: false),
        Case(type: .income, category: " INCOME :Gifts", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: ":Income", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "Incomes", amount: 10, side: .spending, reversal: true),  // not the root
        Case(type: .income, category: "Interest Income", amount: 10, side: .income, reversal: false),  // a bank's category
        Case(type: .income, category: "OTHER INCOME:Cashback", amount: 10, side: .income, reversal: false),
        Case(type: .expense, category: "Revenue:Consulting", amount: -10, side: .income, reversal: true),
        Case(type: .income, category: "Paychecks", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "Incomeless", amount: 10, side: .spending, reversal: true),
        // Pay named as the category's root (Spendee's, Firefly III's `Salary`; banks' own)
        Case(type: .income, category: "Salary", amount: 10, side: .income, reversal: false),
        Case(type: .expense, category: "SALARY:Bonus", amount: -10, side: .income, reversal: true),
        Case(type: .income, category: "Wages", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "Dividends > Fund", amount: 10, side: .income, reversal: false),
        // Empower's categories: `/` separates components too; `Deposits` is money in
        Case(type: .income, category: "Paychecks/Salary", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "Deposits", amount: 10, side: .income, reversal: false),
        Case(type: .expense, category: "Gas/Fuel", amount: -10, side: .spending, reversal: false),
        Case(type: .expense, category: "Transfers/Savings", amount: -10, side: .transfer, reversal: false),
        // A bank's own categories for money moved (NAB's): no refund of spending.
        Case(type: .income, category: "Transfers in", amount: 12, side: .transfer, reversal: false),
        Case(type: .expense, category: "Transfers out", amount: -12, side: .transfer, reversal: false),
        Case(type: .income, category: "Gehalt", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "Nómina", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "NÓMINA", amount: 10, side: .spending, reversal: true),  // only ASCII letters ignore case
        Case(type: .income, category: "Ingresos:Otros", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "Salary Sacrifice Scheme", amount: 10, side: .spending, reversal: true),  // a whole root only
        Case(type: .expense, category: "Sales tax", amount: -10, side: .spending, reversal: false),
        Case(type: .expense, category: "Gas", amount: -10, side: .spending, reversal: false),
        Case(type: .expense, category: "Dining", amount: -10, side: .spending, reversal: false),
        Case(type: .income, category: "Food:Other Income", amount: 10, side: .spending, reversal: true),  // first component only
        Case(type: .income, category: "Expenses:Food", amount: 10, side: .spending, reversal: true),
        Case(type: .expense, category: "Équipement", amount: -10, side: .spending, reversal: false),
        // Income roots in other languages and scripts (T-Bank's `Пополнения`: its salary was a refund).
        Case(type: .income, category: "Пополнения", amount: 8_500_000, side: .income, reversal: false),
        Case(type: .income, category: "ЗАРПЛАТА", amount: 10, side: .income, reversal: false),  // Cyrillic case ignored
        Case(type: .income, category: "收入:工资", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "Lön", amount: 10, side: .income, reversal: false),
        // ` - ` separates components as mBank writes them; a hyphen inside a word does not.
        Case(type: .income, category: "Wpływy - inne", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "Income - Salary", amount: 10, side: .income, reversal: false),
        Case(type: .expense, category: "Food - Income tax", amount: -10, side: .spending, reversal: false),
        Case(type: .income, category: "Self-employment income", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "Wpływy", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "Различные товары", amount: 56_400, side: .spending, reversal: true),  // a refund
        Case(type: .expense, category: "Переводы", amount: -10, side: .spending, reversal: false),  // to people: no evidence of a transfer
        // One snake_case word is read by its first word (Neon's, Plaid's categories).
        Case(type: .income, category: "income_salary", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "INCOME_WAGES", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "TRANSFER_IN_DEPOSIT", amount: 10, side: .transfer, reversal: false),
        Case(type: .income, category: "ready_to_assign", amount: 10, side: .income, reversal: false),
        Case(type: .income, category: "other_income", amount: 10, side: .income, reversal: false),
        Case(type: .expense, category: "FOOD_AND_DRINK_GROCERIES", amount: -10, side: .spending, reversal: false),
        Case(type: .income, category: "incomes_x", amount: 10, side: .spending, reversal: true),  // not the root
        Case(type: .income, category: "income_salary bonus", amount: 10, side: .spending, reversal: true),  // not one word
        Case(type: .income, category: nil, amount: 10, side: .income, reversal: false),
        Case(type: .expense, category: nil, amount: -10, side: .spending, reversal: false),
        Case(type: .income, category: " : ", amount: 10, side: .income, reversal: false),  // names nothing
        Case(type: .income, category: "", amount: 0, side: .income, reversal: false),
        Case(type: .expense, category: "Food", amount: 0, side: .spending, reversal: false),
    ]

    @Test(arguments: cases)
    func booking(_ c: Case) {
        let amount = Money(units: c.amount, scale: 2)
        let booking = AccountingModel.booking(type: c.type, category: c.category, amount: amount)
        #expect(booking == Booking(side: c.side, isReversal: c.reversal))
    }

    @Test func contradictions() {
        #expect(AccountingModel.contradiction(type: .transfer, category: "Income:From People") != nil)
        #expect(AccountingModel.contradiction(type: .income, category: "Shopping") != nil)
        #expect(AccountingModel.contradiction(type: .expense, category: "Income:Salary") != nil)
        #expect(AccountingModel.contradiction(type: .income, category: "Transfers:Savings") != nil)
        #expect(AccountingModel.contradiction(type: .transfer, category: "Savings") == nil)
        #expect(AccountingModel.contradiction(type: .transfer, category: "Transfers:Savings") == nil)
        #expect(AccountingModel.contradiction(type: .income, category: "Income:Salary") == nil)
        #expect(AccountingModel.contradiction(type: .expense, category: nil) == nil)
    }
}
