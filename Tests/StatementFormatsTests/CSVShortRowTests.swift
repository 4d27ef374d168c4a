import FinanceCore
import StatementFormats
import Testing

/// Rows shorter than the columns detection settled on: a message about a field the row lacks must
/// read it as empty, never past the row (these inputs trapped in `CSVRecord.withField`).
struct CSVShortRowTests {
    static let inputs: [(String, String)] = [
        ("42 bytes: short rows after a month-name date", ",,,.8\n,,,3\n1-MAY-24,,,.8\n,,,3\n1-MAY-24,,\rm"),
        ("a headerless row without its amount", "2024-05-01,Coffee,-3.00\n2024-05-02,Tea,-2.50\n2024-05-04,Rent\n2024-05-05,Bread,-1.20\n"),
        ("a row with only a date under a header", "Date,Payee,Amount\n2024-05-01,Coffee,-3.00\n2024-05-02\n2024-05-03,Tea,-2.00\n"),
    ]

    @Test(arguments: inputs.map(\.0))
    func aShortRowIsReportedNotTrapped(_ name: String) throws {
        let text = try #require(Self.inputs.first { $0.0 == name }?.1)
        let result = try readCSV(text)
        #expect(!result.activities.isEmpty)
        for error in result.errors { #expect(error.location.line >= 1) }
    }

    @Test func theMissingAmountIsAnErrorAtTheRowsEnd() throws {
        let result = try readCSV("2024-05-01,Coffee,-3.00\n2024-05-02,Tea,-2.50\n2024-05-04,Rent\n2024-05-05,Bread,-1.20\n")
        #expect(result.activities.count == 3)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.location.line == 3)
    }

    @Test func aProfileColumnPastTheFilesWidthIsAnError() throws {
        let profile = try CSVProfile.parse("header no\ncolumns date=1 name=2 amount=3 balance=4\n", file: "p.profile").get()
        let result = try readCSV("2024-05-01,Coffee,-3.00\n2024-05-02,Tea,-2.50\n", options: ReadOptions(csvProfile: profile))
        #expect(result.activities.isEmpty)
        #expect(result.errors.map(\.message) == ["the profile puts balance in column 4, but the file's rows have 3 columns"])
    }
}
