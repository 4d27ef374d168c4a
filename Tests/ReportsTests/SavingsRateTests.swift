import FinanceCore
import Reports
import Testing

/// The savings rate is given only when it says something: income positive and at least a tenth of
/// the spending. A month of €100 income and €5,257 spending was a rate of -5,157 %.
@Suite struct SavingsRateTests {
    typealias T = ReportTesting

    @Test func aTinyIncomeGivesNoRateButAReason() {
        let income = T.money("100.00"), expense = T.money("5257.00")
        #expect(SavingsRate.of(income: income, expense: expense, net: T.money("-5157.00")) == nil)
        #expect(SavingsRate.reason(income: income, expense: expense) == "income was less than a tenth of spending")
        #expect(SavingsRate.reason(income: T.money("0.00"), expense: expense) == "no income this period")
    }

    @Test func aTenthIsEnough() {
        // 525.70 is exactly a tenth of 5,257.00: the rate is shown, at other scales too.
        #expect(SavingsRate.of(income: T.money("525.7"), expense: T.money("5257.00"), net: T.money("-4731.30"))?.description == "-900.00%")
        #expect(SavingsRate.of(income: T.money("525.69"), expense: T.money("5257.00"), net: T.money("-4731.31")) == nil)
        #expect(SavingsRate.of(income: T.money("3000.00"), expense: T.money("2250.00"), net: T.money("750.00"))?.description == "25.00%")
    }

    @Test func theReportUsesTheRule() throws {
        let report = T.report([T.activity("2024-05-01", "100.00"), T.activity("2024-05-02", "-5257.00")])
        let may = try #require(T.summary(report, "2024-05"))
        #expect(may.savingsRate == nil)
        #expect(may.net == T.money("-5157.00"))
    }
}
