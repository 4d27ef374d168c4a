import FinanceCore
import Testing

@testable import StatementFormats

/// Excel serial day numbers in a date column without a date format (`45383` for 2024-04-01): the
/// conversion of one cell and the `excel-serial` pattern.
@Suite struct SerialDateTests {
    static func parse(_ text: String, date1904: Bool = false) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { ExcelSerialDate.parse($0, date1904: date1904) }?.description
    }

    // MARK: One cell and the pattern

    @Test(arguments: [
        ("45383", false, "2024-04-01"), ("45383.5", false, "2024-04-01"), ("45383.000", false, "2024-04-01"),
        ("45383.99999", false, "2024-04-01"), ("45383.999999", false, "2024-04-02"), ("25569", false, "1970-01-01"),
        ("73050", false, "2099-12-31"), ("43921", true, "2024-04-01"), ("43921.75", true, "2024-04-01"),
        ("24107", true, "1970-01-01"),
    ])
    func aSerialIsTheDayItCountsToInItsDateSystem(_ text: String, _ date1904: Bool, _ expected: String) {
        #expect(Self.parse(text, date1904: date1904) == expected, "the time of day is dropped, rounded to the second")
    }

    @Test(arguments: [
        "25568", "73051", "60", "1", "0", "045383", "-45383", "+45383", "4.5383E4", "45,383", "45 383", "45383.", ".5",
        "45383.5x", "12345678", "2024-04-01", "", "20240401",
    ])
    func otherNumbersAndTextAreNoSerialDates(_ text: String) {
        #expect(Self.parse(text) == nil, "'\(text)'")
    }

    @Test func theSerialPatternReadsAndWritesSerials() throws {
        let format = try #require(DateFormat("excel-serial"))
        #expect(format.isExcelSerial)
        #expect(format.parse("45383") == LocalDate(year: 2024, month: 4, day: 1))
        #expect(format.parse("2024-04-01") == nil)
        #expect(format.render(LocalDate(year: 2024, month: 4, day: 1)!) == "45383")
        #expect(format.swapped == nil)
        #expect(format.hasYear)
        let format1904 = try #require(DateFormat("Excel-Serial-1904"))
        #expect(format1904.pattern == "excel-serial-1904")
        #expect(format1904.parse("43921") == LocalDate(year: 2024, month: 4, day: 1))
        #expect(format1904.render(LocalDate(year: 2024, month: 4, day: 1)!) == "43921")
        #expect(DateFormat("excel") == nil)
        #expect(DateFormat("dd.mm.yyyy")?.isExcelSerial == false)
    }

    @Test func aPinnedSerialPatternReadsWithoutTheWarningAndRefusesOtherCells() throws {
        let profile = try csvProfile("date-format excel-serial\ncolumns date=Date name=Description amount=Amount\n")
        let text = "Date,Description,Amount\n45383,Coffee,-3.50\n2024,Salary,2500.00\n45385,Rent,-950.00\n"
        let read = try readCSV(text, options: ReadOptions(csvProfile: profile))
        #expect(read.activities.map(\.date.description) == ["2024-04-01", "2024-04-03"])
        #expect(read.errors.map(\.message) == ["expected a date in the layout excel-serial (like 45415), found '2024'"])
        #expect(read.diagnostics.filter { $0.severity == .warning }.isEmpty)
    }
}
