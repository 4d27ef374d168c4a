import FinanceCore
import StatementFormats
import Testing

/// A direction column that marks one way only, its other cells empty (`empty-direction`):
/// detected, printed and parsed as a profile setting, and read as the other way.
@Suite struct CSVOneWayDirectionTests {
    /// John Lewis's card export: unsigned amounts with `£`, `CR` after money in, nothing after
    /// money out; the header names no fourth column.
    static let johnLewis = """
        Date Processed,Description,Amount,
        02-Mar-2024,WAITROSE 712           KINGSTON      GBR,£42.18,
        05-Mar-2024,TRAINLINE.COM          LONDON        GBR,£18.40,
        12-Mar-2024,DIRECT DEBIT PAYMENT,"+ £500.00",CR
        15-Mar-2024,JOHN LEWIS 0321        OXFORD ST     GBR,"£1,049.00",

        """

    @Test func onlyCreditsMarkedMakesTheEmptyCellsDebits() throws {
        let dialect = try detectCSV(Self.johnLewis).dialect
        #expect(dialect.emptyDirection == .debit)
        let read = try readCSV(Self.johnLewis)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.amount.decimalString) == ["-42.18", "-18.40", "500.00", "-1049.00"])
    }

    @Test func onlyDebitsMarkedMakesTheEmptyCellsCredits() throws {
        let text = "Date,Description,Amount,DR/CR\n2024-03-02,Tesco,42.18,DR\n2024-03-05,Salary,2100.00,\n2024-03-06,Shell,60.00,DR\n"
        #expect(try detectCSV(text).dialect.emptyDirection == .credit)
        #expect(try readCSV(text).activities.map(\.amount.decimalString) == ["-42.18", "2100.00", "-60.00"])
    }

    @Test func aColumnMarkingBothWaysLeavesAnEmptyCellAnError() throws {
        let text = "Date,Description,Amount,DR/CR\n2024-03-02,Tesco,42.18,DR\n2024-03-05,Salary,2100.00,CR\n2024-03-06,Shell,60.00,\n"
        #expect(try detectCSV(text).dialect.emptyDirection == nil)
        let read = try readCSV(text)
        #expect(read.activities.count == 2)
        #expect(read.errors.count == 1)
    }

    @Test func printedAndReadBackAsAProfile() throws {
        let text = try detectCSV(Self.johnLewis).dialect.profileText(source: "t.csv")
        #expect(text.contains("\nempty-direction debit  # an empty direction cell is money out\n"))
        #expect(try csvProfile(text).emptyDirection == .debit)
        #expect(try csvProfile("empty-direction credit\n").emptyDirection == .credit)
        guard case .failure(let errors) = CSVProfile.parse("empty-direction out\n", file: "p") else {
            Issue.record("'empty-direction out' parsed")
            return
        }
        #expect(errors.diagnostics.first?.message == "expected 'debit' or 'credit', found 'out'")
    }
}
