import FinanceCore
import Testing

@testable import StatementFormats

/// Excel 2003 XML spreadsheets: which worksheet is read, how cells become fields, and the errors.
@Suite struct SpreadsheetMLTests {
    static func workbook(_ sheets: String) -> [UInt8] {
        Array(
            ("<?xml version=\"1.0\"?>\n<Workbook xmlns=\"urn:schemas-microsoft-com:office:spreadsheet\" "
                + "xmlns:ss=\"urn:schemas-microsoft-com:office:spreadsheet\">\n" + sheets + "</Workbook>\n").utf8)
    }

    static func read(_ bytes: [UInt8], sheet: String? = nil) throws -> StatementCollector {
        var collector = StatementCollector()
        try SpreadsheetMLReader().read(ByteInput(bytes: bytes, displayName: "t.xls"), options: ReadOptions(sheet: sheet), into: &collector)
        return collector
    }

    static let table =
        "<Worksheet ss:Name=\"A\"><Table>\n<Row><Cell><Data ss:Type=\"String\">Date</Data></Cell><Cell><Data ss:Type=\"String\">Payee</Data></Cell>"
        + "<Cell><Data ss:Type=\"String\">Amount</Data></Cell></Row>\n"
        + "<Row><Cell><Data ss:Type=\"DateTime\">2025-11-03T00:00:00.000</Data></Cell><Cell ss:MergeAcross=\"1\"><Data ss:Type=\"String\">Shop</Data></Cell></Row>\n"
        + "<Row><Cell><Data ss:Type=\"DateTime\">2025-11-04T00:00:00.000</Data></Cell><Cell><Data ss:Type=\"String\">Cafe</Data></Cell>"
        + "<Cell><Data ss:Type=\"Number\">-1.5E0</Data></Cell></Row>\n</Table></Worksheet>\n"

    @Test func aMergedCellIsFollowedByAnEmptyOneAndNumbersArePlainDecimals() throws {
        let read = try Self.read(Self.workbook(Self.table))
        #expect(read.activities.map(\.name) == ["Cafe"])
        #expect(read.activities.map(\.amount.decimalString) == ["-1.50"])
        // The row whose amount cell a merge covers is an error at its XML line.
        #expect(read.errors.map(\.location.line) == [5])
        #expect(read.activities.map(\.source.line) == [6])
    }

    @Test func theSheetOptionPicksAWorksheetByNameAndAMissingOneIsAnError() throws {
        let two = Self.workbook(Self.table + Self.table.replacingOccurrences(of: "ss:Name=\"A\"", with: "ss:Name=\"B\""))
        #expect(try Self.read(two, sheet: "B").activities.count == 1)
        let missing = try Self.read(two, sheet: "C")
        #expect(missing.errors.map(\.message) == ["no worksheet named 'C'; the spreadsheet has 'A', 'B'"])
    }

    @Test func cellsOutsideRowsAndRowsInsideCellsKeepOneRowPerLine() throws {
        let odd =
            "<Worksheet ss:Name=\"A\"><Table>\n<Cell><Data ss:Type=\"String\">Date</Data></Cell><Cell><Data ss:Type=\"String\">Amount</Data></Cell>\n"
            + "<Row><Cell><Data ss:Type=\"DateTime\">2025-11-03T00:00:00.000</Data></Cell><Cell><Data ss:Type=\"Number\">-2</Data></Cell></Row>\n"
            + "<Row><Cell><Data ss:Type=\"DateTime\">2025-11-04T00:00:00.000</Data><Row/></Cell><Cell><Data ss:Type=\"Number\">-3</Data></Cell></Row>\n"
            + "</Table></Worksheet>\n"
        let rows = try #require(try? SpreadsheetMLReader().render(ByteInput(bytes: Self.workbook(odd), displayName: "t.xls"), options: ReadOptions()).get())
        // The header row a cell started, the first row, and the second cut in three by the row
        // nested in its first cell: five rows, on lines 4, 5 and 6, each one line of the text.
        #expect(rows.0.lines == [4, 5, 6, 6, 6])
        let text = String(decoding: rows.0.csv, as: UTF8.self)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 6, "\(text)")
        #expect(text.hasPrefix("Date,Amount\n2025-11-03,-2\n2025-11-04"))
    }

    @Test func malformedXMLAndADoctypeAreErrorsAndNothingIsRead() throws {
        let cut = try Self.read(Array(Self.workbook(Self.table).dropLast(40)))
        #expect(cut.activities.isEmpty)
        #expect(cut.errors.map(\.code) == ["spreadsheetml.xml"])
        let body = String(decoding: Self.workbook(Self.table).dropFirst(22), as: UTF8.self)
        let doctype = try Self.read(Array(("<?xml version=\"1.0\"?><!DOCTYPE w [<!ENTITY x \"y\">]>" + body).utf8))
        #expect(doctype.activities.isEmpty)
        #expect(doctype.errors.map(\.code) == ["spreadsheetml.xml"])
    }
}
