import FinanceCore
import Testing

@testable import StatementFormats

/// Exports of two rows under headers pfin does not know: the balance column is told from the
/// amount by the one step between the rows, never taken for the amount.
@Suite struct CSVTwoRowTests {
    @Test func aSignedAmountAndItsBalance() throws {
        let text = "Qq,Ww,Ee,Tt\n15/03/2024,OXXO,7374.50,-125.50\n16/03/2024,SPEI RECIBIDO,9874.50,2500.00\n"
        let dialect = try detectCSV(text).dialect
        #expect(dialect.columns[.amount] == .name("Tt"))
        #expect(dialect.columns[.balance] == .name("Ee"))
        let read = try readCSV(text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.rows == ["2024-03-15|OXXO|-125.50|", "2024-03-16|SPEI RECIBIDO|2500.00|"])
    }

    @Test func debitAndCreditBesideTheirBalance() throws {
        let text = "Qq,Ww,Ee,Rr,Tt\n15/03/2024,OXXO,125.50,,4874.50\n16/03/2024,SPEI RECIBIDO,,2500.00,7374.50\n"
        let dialect = try detectCSV(text).dialect
        #expect(dialect.columns[.debit] == .name("Ee"))
        #expect(dialect.columns[.credit] == .name("Rr"))
        #expect(dialect.columns[.balance] == .name("Tt"))
        let read = try readCSV(text)
        #expect(read.rows == ["2024-03-15|OXXO|-125.50|", "2024-03-16|SPEI RECIBIDO|2500.00|"])
    }

    @Test func aBalanceThatDoesNotAddUpIsNoBalance() throws {
        // The step is 2,500.01, not 2,500.00: no column is told to be the running total.
        let text = "Qq,Ww,Ee,Tt\n15/03/2024,OXXO,7374.50,-125.50\n16/03/2024,SPEI RECIBIDO,9874.51,2500.00\n"
        let dialect = try detectCSV(text).dialect
        #expect(dialect.columns[.balance] == nil)
    }
}
