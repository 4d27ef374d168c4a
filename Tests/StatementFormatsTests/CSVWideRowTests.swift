import FinanceCore
import Testing

@testable import StatementFormats

/// A row far wider than any statement's (10^6 fields) is an error at its line saying so, in
/// bounded time and memory: it used to be analysed column by column (half a minute, 300 MB) and
/// reported as "the file has no header", or passed over silently as a footer (issue 15).
struct CSVWideRowTests {
    static let million = 1_000_000
    static func wide(_ field: String, _ count: Int = million) -> String { Array(repeating: field, count: count).joined(separator: ",") }

    struct Case: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var text: String
        var activities: Int
        /// `line:column` of the one error expected.
        var at: String
        var tableFound: Bool
    }

    static let cases: [Case] = [
        Case(testDescription: "a file of one 10^6-field row", text: wide("x") + "\n", activities: 0, at: "1", tableFound: false),
        Case(testDescription: "a 10^6-field row of dates", text: wide("2024-05-01") + "\n2024-05-01,x,1.00\n", activities: 0, at: "1", tableFound: false),
        Case(
            testDescription: "a 10^6-field first line, then rows", text: wide("a") + "\n2024-05-01,x,1.00\n2024-05-02,y,2.00\n",
            activities: 2, at: "1:2049", tableFound: true),
        Case(
            testDescription: "under a header, a text row (footer-like)", text: "Date,Name,Amount\n2024-05-01,x,1.00\n" + wide("a") + "\n",
            activities: 1, at: "3:2049", tableFound: true),
        Case(
            testDescription: "under a header, a row with 10^6 extra amounts", text: "Date,Name,Amount\n2024-05-01,x,1.00\n2024-05-02,y," + wide("2") + "\n",
            activities: 1, at: "3:2058", tableFound: true),
    ]

    @Test(arguments: cases)
    func aRowFarWiderThanAnyStatementIsAnErrorAtItsLine(_ c: Case) throws {
        let result = try readCSV(c.text)
        #expect(result.activities.count == c.activities)
        #expect(result.errors.count == 1, "\(result.errors.map(\.message))")
        let error = try #require(result.errors.first)
        #expect(error.code == "csv.too-many-fields")
        #expect("\(error.location.line)" + (error.location.column.map { ":\($0)" } ?? "") == c.at)
        #expect(error.message.contains("far more than any statement's rows (pfin reads up to 1024)"))
        #expect(error.message.contains(c.tableFound ? "the row was skipped" : "no table of transactions found"))
    }

    @Test("a row of 1,024 fields is only ragged; a line of delimiters alone stays blank")
    func atTheLimit() throws {
        let ragged = try readCSV("Date,Name,Amount\n2024-05-01,x,1.00\n2024-05-02,y,1.00," + Self.wide("a", 1021) + "\n")
        #expect(!ragged.diagnostics.contains { $0.code == "csv.too-many-fields" })
        let blank = try readCSV("Date,Name,Amount\n2024-05-01,x,1.00\n" + String(repeating: ",", count: Self.million) + "\n")
        #expect(blank.diagnostics.isEmpty)
        #expect(blank.activities.count == 1)
    }

    @Test("the short-row files of issue 15 are detected with no preamble: nothing silently skipped")
    func shortRowFilesStartAtLineOne() throws {
        for text in [
            ",,,.8\n,,,3\n1-MAY-24,,,.8\n,,,3\n1-MAY-24,,\rm",
            "2024-05-01,Coffee,-3.00\n2024-05-02,Tea,-2.50\n2024-05-04,Rent\n2024-05-05,Bread,-1.20\n",
        ] {
            let detection = try detectCSV(text)
            #expect(detection.dialect.skip == 0)
        }
    }
}
