import FinanceCore
import Testing

@testable import StatementFormats

/// A broker's cash statement: a row with a quantity of a security traded it (a transfer between
/// cash and holdings), a row with a quantity and no cash moved none, `… as of …` dates.
@Suite struct CSVBrokerCashTests {
    static let statement = """
        Date,Action,Symbol,Description,Quantity,Price,Fees & Comm,Amount
        03/04/2025,Buy,EXMP,EXAMPLE CORP,10,$150.00,,-$1500.00
        03/11/2025 as of 03/07/2025,Sell,EXMP,EXAMPLE CORP,5,$160.00,$0.65,$799.35
        03/14/2025,Qualified Dividend,EXMP,EXAMPLE CORP,,,,$12.34
        03/20/2025,Journaled Shares,EXMP,EXAMPLE CORP,3,,,
        03/28/2025,Service Fee,,MONTHLY FEE,,,,-$5.00
        """

    @Test func tradesAreTransfersAndSharesOnlyRowsAreSkipped() throws {
        let read = try CSVLeniencyTests.read(Self.statement)
        #expect(read.errors.isEmpty)
        #expect(read.activities.map(\.type) == [.transfer, .transfer, .income, .expense])
        #expect(read.activities.map(\.date.description) == ["2025-03-04", "2025-03-11", "2025-03-14", "2025-03-28"])
        #expect(read.codes.contains("csv.lenient.shares-only-row@5"))
        let strict = try CSVLeniencyTests.read(Self.statement, strict: true)
        #expect(strict.errors.count == 1, "--strict refuses the row that moved shares only")
    }

    @Test func aQuantityWithoutASecurityIsNoTrade() throws {
        // A fuel card's litres: no column names a security, so the purchase is spending.
        let read = try CSVLeniencyTests.read(
            "Date,Description,Quantity,Amount\n2025-03-04,FUEL STATION 12,41.5,-62.25\n2025-03-09,FUEL STATION 12,38.0,-57.00\n")
        #expect(read.activities.map(\.type) == [.expense, .expense])
    }
}
