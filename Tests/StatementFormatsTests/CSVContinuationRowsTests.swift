import FinanceCore
import StatementFormats
import Testing

/// Rows of text only that continue the transaction above them (`continuation-rows`): detected,
/// printed and parsed as a profile setting, joined to the row above, and errors without it.
@Suite struct CSVContinuationRowsTests {
    static let ocbc = """
        Transaction date,Value date,Description,Withdrawals (SGD),Deposits (SGD)
        01/11/2024,01/11/2024,POINT-OF-SALE TRANSACTION,12.50,
        ,,NTUC FAIRPRICE SINGAPORE,,
        02/11/2024,02/11/2024,FUNDS TRANSFER,,500.00
        ,,PAYNOW FROM JOHN TAN,,
        ,,OTHR Rent share,,
        03/11/2024,03/11/2024,AMAZON MKTPLACE PMTS,40.00,
        ,,AMZN.COM/BILL WA,,
        30/11/2024,30/11/2024,INTEREST CREDIT,,0.12

        """

    @Test func detectedPrintedAndReadBackAsAProfile() throws {
        let dialect = try detectCSV(Self.ocbc).dialect
        #expect(dialect.continuationRows)
        let text = dialect.profileText(source: "t.csv")
        #expect(text.contains("\ncontinuation-rows yes  # rows of text only continue the transaction above\n"))
        #expect(try csvProfile(text).continuationRows == true)
        #expect(try csvProfile("continuation-rows no\n").continuationRows == false)
    }

    @Test func aBadValueIsAnErrorAtItsColumn() throws {
        guard case .failure(let errors) = CSVProfile.parse("continuation-rows maybe\n", file: "p") else {
            Issue.record("'continuation-rows maybe' parsed")
            return
        }
        let error = try #require(errors.diagnostics.first)
        #expect(error.message == "expected 'yes' or 'no', found 'maybe'")
        #expect(error.location.column == 19)
    }

    @Test func aKindGivesWayToThePayeeBelowAndWrappedTextIsJoined() throws {
        let (read, census) = try readCSVWithCensus(Self.ocbc)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(
            read.activities.map(\.name) == ["NTUC FAIRPRICE SINGAPORE", "PAYNOW FROM JOHN TAN", "AMAZON MKTPLACE PMTS AMZN.COM/BILL WA", "INTEREST CREDIT"])
        #expect(read.activities.map(\.memo) == ["POINT-OF-SALE TRANSACTION", "FUNDS TRANSFER OTHR Rent share", nil, nil])
        #expect(read.lines == [2, 4, 7, 9])
        #expect(read.warningCodes.filter { $0.hasPrefix("csv.lenient") } == ["csv.lenient.continuation-rows@3"])
        let runs = census.runs.map { "\($0.first)-\($0.last ?? 0) \($0.kind.name)" }
        #expect(
            runs == [
                "1-1 header", "2-2 transactions", "3-3 continuation", "4-4 transactions", "5-6 continuation", "7-7 transactions", "8-8 continuation",
                "9-9 transactions",
            ])
    }

    @Test func aKindBeforeAMemoColumnStartsTheMemo() throws {
        let text = "Date,Description,Reference,Amount\n2024-05-01,GIRO,REF 1,-20.00\n,ACME INSURANCE,,\n2024-05-02,Coffee,,-3.50\n"
        let (read, _) = try readCSVWithCensus(text)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.name) == ["ACME INSURANCE", "Coffee"])
        #expect(read.activities.first?.memo == "GIRO REF 1")
    }

    @Test func identicalRowsWithTheirContinuationsStayTwoTransactions() throws {
        let text =
            "Date,Description,Amount\n2024-05-01,FUNDS TRANSFER,-5.00\n,PAYNOW TO ANN,\n2024-05-01,FUNDS TRANSFER,-5.00\n,PAYNOW TO ANN,\n2024-05-02,Coffee,-3.50\n"
        let (read, _) = try readCSVWithCensus(text)
        #expect(read.activities.count == 3)
        #expect(Set(read.activities.map(\.id)).count == 3)
    }

    @Test func withoutTheSettingEachIsAnErrorThatSuggestsIt() throws {
        var profile = CSVProfile()
        profile.continuationRows = false
        let (read, _) = try readCSVWithCensus(Self.ocbc, profile: profile)
        #expect(read.errors.map(\.location.line) == [3, 5, 6, 8])
        #expect(
            read.errors.first?.notes.last
                == "the row holds text only; if it continues the transaction above it, put 'continuation-rows yes' in a profile (--profile FILE)")
    }

    @Test func textUnderTheHeaderOrAfterTheLastRowDoesNotSetIt() throws {
        let underHeader = "Date,Description,Amount\n,Opening notes,\n2024-05-01,Coffee,-3.50\n2024-05-02,Tea,-2.50\n"
        #expect(try detectCSV(underHeader).dialect.continuationRows == false)
        let footer = "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Tea,-2.50\n,End of statement,\n"
        #expect(try detectCSV(footer).dialect.continuationRows == false)
    }
}
