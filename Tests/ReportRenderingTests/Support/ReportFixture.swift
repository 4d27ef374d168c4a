import FinanceCore
import Reports

/// A hand-built report standing in for what `ReportBuilder` will compute: April and May 2024 in
/// euros and yen, then an empty June. It has a category tree, transfers, uncategorised spending,
/// a long payee name, and hostile payees and a category that a browser or a spreadsheet would run.
enum ReportFixture {
    static let april = YearMonth(year: 2024, month: 4)!
    static let may = YearMonth(year: 2024, month: 5)!
    static let june = YearMonth(year: 2024, month: 6)!
    static let eur = CurrencyCode("EUR")!
    static let jpy = CurrencyCode("JPY")!

    static let scriptPayee = "<script>alert(1)</script>"
    static let formulaPayee = #"=HYPERLINK("http://x")"#
    static let longPayee = "SUPERMARCHÉ DU CENTRE-VILLE SAINT-GERMAIN-DES-PRÉS PARIS 75006 CB*1234"

    static let report = MonthlyReport(
        months: [april, may, june],
        summaries: [aprilEUR, aprilJPY, mayEUR, mayJPY])

    static let aprilEUR: MonthlySummary = {
        let expense = eur("1234.50")
        let transactions = [
            tx(april, 30, "ACME Payroll", "3000.00", .income, "Income:Salary", line: 4),
            tx(april, 28, "Savings transfer", "-500.00", .transfer, nil, line: 5),
            tx(april, 25, "Market stall", "-64.50", .expense, nil, line: 6),
            tx(april, 12, "Flowers & Co", "-50.00", .expense, "+Gifts", line: 7),
            tx(april, 3, "Whole Foods Market", "-300.00", .expense, "Food:Groceries", line: 8),
            tx(april, 2, "Bistro", "-120.00", .expense, "Food:Restaurants", line: 9),
            tx(april, 1, "Landlord", "-700.00", .expense, "Housing:Rent", line: 10),
        ]
        return MonthlySummary(
            month: april, currency: eur, income: eur("3000.00"), expense: expense, net: eur("1765.50"),
            savingsRate: Share(part: 176_550, of: 300_000), incomeCount: 1, expenseCount: 5,
            transfers: TransferTotals(moneyIn: eur("0.00"), moneyOut: eur("500.00"), count: 1), previous: nil,
            incomeCategories: [line("Income", "3000.00", 1, of: "3000.00"), line("Income:Salary", "3000.00", 1, of: "3000.00")],
            expenseCategories: [
                line("Housing", "700.00", 1, of: "1234.50"), line("Housing:Rent", "700.00", 1, of: "1234.50"),
                line("Food", "420.00", 2, of: "1234.50"), line("Food:Groceries", "300.00", 1, of: "1234.50"),
                line("Food:Restaurants", "120.00", 1, of: "1234.50"),
                line(MonthlySummary.uncategorizedName, "64.50", 1, of: "1234.50"),
                line("+Gifts", "50.00", 1, of: "1234.50"),
            ],
            topPayees: [
                PayeeLine(name: "Landlord", amount: eur("700.00"), count: 1),
                PayeeLine(name: "Whole Foods Market", amount: eur("300.00"), count: 1),
            ],
            largest: [transactions[0], transactions[6], transactions[4]],
            uncategorizedCount: 2, transactions: transactions)
    }()

    static let mayEUR: MonthlySummary = {
        let transactions = [
            tx(may, 31, "ACME Payroll", "3000.00", .income, "Income:Salary", line: 12),
            tx(may, 31, "ACME Payroll bonus", "200.00", .income, "Income:Salary:Bonus", line: 13),
            tx(may, 20, "Savings transfer", "-1000.00", .transfer, "Transfers", line: 14),
            tx(may, 19, "Savings transfer back", "250.00", .transfer, "Transfers", line: 15),
            tx(
                may, 18, scriptPayee, "-175.00", .expense, "Shopping", line: 16,
                memo: "quote \" backslash \\ tab\t", address: "Line 1\nLine 2"),
            tx(may, 15, formulaPayee, "-85.20", .expense, "Food:Groceries", line: 17),
            tx(may, 9, longPayee, "-120.00", .expense, "Food:Restaurants", line: 18),
            tx(may, 3, "Whole Foods Market", "-300.00", .expense, "Food:Groceries", line: 19, fitid: "20240503001"),
            tx(may, 2, "Card payment", "-0.00", .transfer, "Transfers", line: 20),
            tx(may, 1, "Landlord", "-700.00", .expense, "Housing:Rent", line: 21, checkNumber: "1042"),
        ]
        return MonthlySummary(
            month: may, currency: eur, income: eur("3200.00"), expense: eur("1380.20"), net: eur("1819.80"),
            savingsRate: Share(part: 181_980, of: 320_000), incomeCount: 2, expenseCount: 4,
            transfers: TransferTotals(moneyIn: eur("250.00"), moneyOut: eur("1000.00"), count: 3),
            previous: MonthTotals(income: eur("3000.00"), expense: eur("1234.50"), net: eur("1765.50")),
            incomeCategories: [
                line("Income", "3200.00", 2, of: "3200.00", previous: "3000.00", average: "3000.00"),
                line("Income:Salary", "3200.00", 2, of: "3200.00", previous: "3000.00", average: "3000.00"),
                line("Income:Salary:Bonus", "200.00", 1, of: "3200.00", previous: "0.00", average: "0.00"),
            ],
            expenseCategories: [
                line("Housing", "700.00", 1, of: "1380.20", previous: "700.00", average: "700.00"),
                line("Housing:Rent", "700.00", 1, of: "1380.20", previous: "700.00", average: "700.00"),
                line("Food", "505.20", 3, of: "1380.20", previous: "420.00", average: "420.00"),
                line("Food:Groceries", "385.20", 2, of: "1380.20", previous: "300.00", average: "300.00"),
                line("Food:Restaurants", "120.00", 1, of: "1380.20", previous: "120.00", average: "120.00"),
                line("Shopping", "175.00", 1, of: "1380.20", previous: "0.00", average: "0.00"),
            ],
            topPayees: [
                PayeeLine(name: "Landlord", amount: eur("700.00"), count: 1),
                PayeeLine(name: "Whole Foods Market", amount: eur("300.00"), count: 1),
                PayeeLine(name: scriptPayee, amount: eur("175.00"), count: 1),
                PayeeLine(name: longPayee, amount: eur("120.00"), count: 1),
                PayeeLine(name: formulaPayee, amount: eur("85.20"), count: 1),
            ],
            largest: [
                transactions[0], transactions[9], transactions[7], transactions[1], transactions[4],
                transactions[6], transactions[5],
            ],
            uncategorizedCount: 0, transactions: transactions)
    }()

    static let aprilJPY: MonthlySummary = {
        let transactions = [
            tx(april, 20, "JR East", "-3400", .expense, "Travel:Train", line: 30, currency: jpy),
            tx(april, 6, "JR East", "-2000", .expense, "Travel:Train", line: 31, currency: jpy),
        ]
        return MonthlySummary(
            month: april, currency: jpy, income: yen("0"), expense: yen("5400"), net: yen("-5400"), savingsRate: nil,
            incomeCount: 0, expenseCount: 2, transfers: TransferTotals(moneyIn: yen("0"), moneyOut: yen("0"), count: 0),
            previous: nil, incomeCategories: [],
            expenseCategories: [
                line("Travel", "5400", 2, of: "5400", currency: jpy),
                line("Travel:Train", "5400", 2, of: "5400", currency: jpy),
            ],
            topPayees: [PayeeLine(name: "JR East", amount: yen("5400"), count: 2)],
            largest: transactions, uncategorizedCount: 0, transactions: transactions)
    }()

    static let mayJPY: MonthlySummary = {
        let transactions = [
            tx(may, 22, "東京駅 売店 グランスタ 丸の内 北口改札内 ストア", "-4345", .expense, nil, line: 32, currency: jpy),
            tx(may, 8, "JR East", "-8000", .expense, "Travel:Train", line: 33, currency: jpy),
        ]
        return MonthlySummary(
            month: may, currency: jpy, income: yen("0"), expense: yen("12345"), net: yen("-12345"), savingsRate: nil,
            incomeCount: 0, expenseCount: 2, transfers: TransferTotals(moneyIn: yen("0"), moneyOut: yen("0"), count: 0),
            previous: MonthTotals(income: yen("0"), expense: yen("5400"), net: yen("-5400")), incomeCategories: [],
            expenseCategories: [
                line("Travel", "8000", 1, of: "12345", previous: "5400", average: "5400", currency: jpy),
                line("Travel:Train", "8000", 1, of: "12345", previous: "5400", average: "5400", currency: jpy),
                line(MonthlySummary.uncategorizedName, "4345", 1, of: "12345", previous: "0", average: "0", currency: jpy),
            ],
            topPayees: [
                PayeeLine(name: "JR East", amount: yen("8000"), count: 1),
                PayeeLine(name: "東京駅 売店 グランスタ 丸の内 北口改札内 ストア", amount: yen("4345"), count: 1),
            ],
            largest: [transactions[1], transactions[0]], uncategorizedCount: 1, transactions: transactions)
    }()
}
